/**
 * Where deck-sim writes, kept safe for what the user has. An output is a regular file or a new
 * name: a device, FIFO, socket or folder in its place is refused before anything runs. A file is
 * replaced whole through a file beside it renamed over it, so a link there is replaced, never
 * written through. A folder deck-sim produces (a package, an augment) is built in a staging folder
 * and moved into place at the end; an error or a signal (Ctrl-C, a kill, a closed terminal)
 * removes the staging folder, so the old folder (or nothing) remains.
 */
import {
  chmodSync, closeSync, constants, copyFileSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readlinkSync,
  renameSync, rmSync, statSync, symlinkSync, writeFileSync, writeSync, type Stats,
} from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { UsageError } from './args';

/** What a path names, without following a link. */
export type EntryKind = 'none' | 'file' | 'link' | 'folder' | 'special';

export function entryKind(path: string): EntryKind {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    return 'none';
  }
  if (stats.isFile()) return 'file';
  if (stats.isSymbolicLink()) return 'link';
  if (stats.isDirectory()) return 'folder';
  return 'special';
}

/** The name of a special file's kind, for messages. */
function specialName(stats: Stats | undefined): string {
  if (stats?.isFIFO()) return 'a FIFO';
  if (stats?.isCharacterDevice() || stats?.isBlockDevice()) return 'a device';
  if (stats?.isSocket()) return 'a socket';
  return 'not a regular file';
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * A usage error (exit 2) unless `path` may be written as a file: a new name, a regular file or a
 * link (replaced, never written through). `option` names where the path came from.
 */
export function checkOutputFile(path: string, option: string): EntryKind {
  const kind = entryKind(path);
  if (kind === 'special') {
    const what = specialName(lstatOrUndefined(path));
    throw new UsageError(`${option} '${path}' is ${what}: deck-sim writes only regular files`);
  }
  if (kind === 'folder') throw new UsageError(`${option} '${path}' is a folder: give a file name`);
  return kind;
}

/**
 * Opens `path` to be written in place: a regular file with no other name, or a new one. Never
 * follows a link nor waits on a FIFO (O_NOFOLLOW, O_NONBLOCK), and checks what it opened, so a
 * name changed since `checkOutputFile` is still never a device. Undefined when the path must be
 * replaced instead (`replaceFile`): a link, or a file with other names (a hard link), whose other
 * names keep their text. Throws CannotWrite.
 */
export function openInPlace(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return undefined;
    // A FIFO no one reads cannot be opened without blocking: it is still a FIFO.
    if (code === 'ENXIO') {
      throw new CannotWrite(`cannot write '${path}': it is a FIFO: deck-sim writes only regular files`);
    }
    throw new CannotWrite(`cannot write '${path}': ${reason(error)}`);
  }
  const stats = fstatSync(fd);
  if (stats.isFile() && stats.nlink <= 1) return fd;
  closeSync(fd);
  if (stats.isFile()) return undefined;
  throw new CannotWrite(`cannot write '${path}': it is ${specialName(stats)}: deck-sim writes only regular files`);
}

/** A failure to write, in words (not an errno code), for a one-line message. */
export class CannotWrite extends Error {}

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOENT: 'a folder on the way is missing',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'it already exists',
  EXDEV: 'it is on another file system',
  EBUSY: 'it is in use',
  EMFILE: 'too many files are open',
  ENAMETOOLONG: 'the name is too long',
  EIO: 'the disk reported an input/output error',
  ELOOP: 'it is a link',
};

/** Why a file operation failed, in words. */
export function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined) return REASONS[code] ?? `error ${code}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Where tests make a write fail as a full disk would: called with each file's path before it is
 * written; what it throws is what the write throws.
 */
export const writeFaults: { beforeWrite?: (path: string) => void } = {};

/** Writes a new file ('wx': a name planted there is never written through). */
function writeNewFile(path: string, data: string | Uint8Array): void {
  writeFaults.beforeWrite?.(path);
  writeFileSync(path, data, { flag: 'wx' });
}

/** Replaces the file (or link) at `path` whole: written beside it under a new name, renamed over it. */
export function replaceFile(path: string, data: string | Uint8Array): void {
  removeLeftovers(path);
  const temporary = besideName(path, 'tmp');
  try {
    writeNewFile(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    removeQuietly(temporary);
    throw new CannotWrite(`cannot write '${path}': ${reason(error)}`);
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing more can be done; the caller's message says what failed.
  }
}

/** Stagings not yet moved into place, removed however deck-sim ends. */
const open = new Set<Staging>();
let endingHandled = false;

function handleEnding(): void {
  if (endingHandled) return;
  endingHandled = true;
  process.on('exit', discardAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const staging of open) {
        // Written at once: the process ends by the same signal right after.
        writeSync(2, `deck-sim: stopped (${signal}): nothing written to '${staging.target}'\n`);
      }
      discardAll();
      process.kill(process.pid, signal);
    });
  }
}

function discardAll(): void {
  for (const staging of [...open]) staging.discard();
}

/** Yields to the event loop so that a signal is handled between writes. */
const turn = (): Promise<void> => new Promise((done) => setImmediate(done));

/**
 * Files built in a staging folder and moved into place together. `Staging.folder` produces a
 * whole folder (beside it, swapped in at the end); `Staging.filesIn` adds files to a folder that
 * may hold others (the staging folder inside it; each file renamed in, the replaced ones restored
 * if a rename fails).
 */
export class Staging {
  /** Files written, relative to the staging folder, '/'-separated. */
  readonly written: string[] = [];
  private aborted = false;
  /** The first folder created for the target's parents, removed again if nothing is committed. */
  private createdParent: string | undefined;

  private constructor(
    readonly target: string,
    readonly path: string,
    private readonly mode: 'folder' | 'files',
  ) {}

  /** A staging folder beside `target`, a folder replaced whole (or created) by `commit`. */
  static folder(target: string): Staging {
    removeLeftovers(target);
    const kind = entryKind(target);
    if (kind === 'link') throw new UsageError(`'${target}' is a link: give the folder it points to`);
    if (kind !== 'none' && kind !== 'folder') throw new UsageError(`'${target}' exists and is not a folder`);
    return Staging.create(target, besideName(target, 'staging'), 'folder');
  }

  /** Files to add to the folder `dir` (created whole when it does not exist). */
  static filesIn(dir: string): Staging {
    removeLeftovers(dir);
    let isFolder: boolean;
    try {
      isFolder = statSync(dir).isDirectory();
    } catch {
      if (entryKind(dir) !== 'none') throw new UsageError(`'${dir}' is a link to nothing: give a folder`);
      return Staging.create(dir, besideName(dir, 'staging'), 'folder');
    }
    if (!isFolder) throw new UsageError(`'${dir}' exists and is not a folder`);
    removeLeftoversIn(dir, '.deck-sim-', dir, ['staging']);
    return Staging.create(dir, join(dir, `.deck-sim-${process.pid}.staging`), 'files');
  }

  private static create(target: string, path: string, mode: 'folder' | 'files'): Staging {
    const staging = new Staging(target, path, mode);
    handleEnding();
    try {
      staging.createdParent = mkdirSync(dirname(path), { recursive: true });
      mkdirSync(path);
    } catch (error) {
      staging.discard();
      throw new CannotWrite(`cannot create '${path}': ${reason(error)}`);
    }
    open.add(staging);
    return staging;
  }

  /** Writes `relative` ('/'-separated) in the staging folder. */
  writeFile(relative: string, data: string | Uint8Array): void {
    this.guard(relative, (path) => writeNewFile(path, data));
  }

  /** Copies the regular file `source` to `relative`. */
  copyFile(source: string, relative: string): void {
    this.guard(relative, (path) => {
      writeFaults.beforeWrite?.(path);
      copyFileSync(source, path, 1 /* COPYFILE_EXCL */);
    });
  }

  /** A link at `relative` with the same text as the link `source` (never followed). */
  copyLink(source: string, relative: string): void {
    this.guard(relative, (path) => symlinkSync(readlinkSync(source), path));
  }

  /** An (empty) folder at `relative`. */
  makeFolder(relative: string): void {
    this.check();
    try {
      mkdirSync(join(this.path, ...relative.split('/')), { recursive: true });
    } catch (error) {
      this.discard();
      throw new CannotWrite(`cannot write ${this.what()}: ${reason(error)}; nothing written`);
    }
  }

  /** Writes many files, turning to the event loop now and then so Ctrl-C is handled during a long build. */
  async writeAll(files: Iterable<{ path: string; text: string }>): Promise<void> {
    let count = 0;
    for (const file of files) {
      this.writeFile(file.path, file.text);
      if (++count % 64 === 0) await turn();
    }
    this.check();
  }

  private guard(relative: string, write: (path: string) => void): void {
    this.check();
    const path = join(this.path, ...relative.split('/'));
    try {
      mkdirSync(dirname(path), { recursive: true });
      write(path);
    } catch (error) {
      this.discard();
      throw new CannotWrite(`cannot write ${this.what()}: ${reason(error)}; nothing written`);
    }
    this.written.push(relative);
  }

  private check(): void {
    if (this.aborted) throw new CannotWrite(`${this.what()} was not written: deck-sim was stopped`);
  }

  private what(): string {
    return `'${this.target}'`;
  }

  /** Moves the staged files into place; on a failure, what was there before remains. */
  commit(): void {
    this.check();
    try {
      if (this.mode === 'folder') this.swapFolder();
      else this.moveFiles();
    } catch (error) {
      this.discard();
      throw new CannotWrite(`cannot move the new files into '${this.target}': ${reason(error)}; nothing written`);
    }
    open.delete(this);
  }

  private swapFolder(): void {
    let old: string | undefined;
    try {
      const stats = statSync(this.target);
      chmodSync(this.path, stats.mode & 0o7777);
      old = besideName(this.target, 'old');
      renameSync(this.target, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      renameSync(this.path, this.target);
    } catch (error) {
      if (old !== undefined) renameSync(old, this.target);
      throw error;
    }
    if (old !== undefined) removeQuietly(old);
  }

  private moveFiles(): void {
    const aside = join(this.path, '.replaced');
    mkdirSync(aside);
    const moved: { relative: string; replaced: boolean }[] = [];
    try {
      for (const relative of this.written) {
        const to = join(this.target, ...relative.split('/'));
        const kept = join(aside, String(moved.length));
        let replaced = false;
        if (entryKind(to) !== 'none') {
          renameSync(to, kept);
          replaced = true;
        }
        moved.push({ relative, replaced });
        mkdirSync(dirname(to), { recursive: true });
        renameSync(join(this.path, ...relative.split('/')), to);
      }
    } catch (error) {
      // Put back what was there, newest first.
      for (let i = moved.length - 1; i >= 0; i--) {
        const to = join(this.target, ...moved[i].relative.split('/'));
        try {
          if (moved[i].replaced) renameSync(join(aside, String(i)), to);
          else rmSync(to, { force: true });
        } catch {
          // Best effort: the message says the move failed.
        }
      }
      throw error;
    }
    removeQuietly(this.path);
  }

  /** Removes the staging folder (and parents it created); later writes and `commit` fail. */
  discard(): void {
    this.aborted = true;
    open.delete(this);
    removeQuietly(this.path);
    if (this.createdParent !== undefined) removeQuietly(this.createdParent);
  }
}

/** A hidden name beside `target` for this process: `.NAME.deck-sim-PID.ROLE`. */
function besideName(target: string, role: string): string {
  const { dir, prefix } = besidePlace(target);
  return join(dir, `${prefix}${process.pid}.${role}`);
}

function besidePlace(target: string): { dir: string; prefix: string } {
  const trimmed = target.endsWith(sep) && target.length > 1 ? target.slice(0, -1) : target;
  return { dir: dirname(trimmed), prefix: `.${basename(trimmed)}.deck-sim-` };
}

/** What deck-sim leaves behind when it is killed (SIGKILL) before it can remove it, after the prefix. */
const LEFTOVER = /^(\d+)\.(staging|old|tmp)$/;

/**
 * Removes what an earlier deck-sim, killed while writing `target`, left in `dir` under `prefix`:
 * its staging folder or temporary file, found by name and only once the process that made it is
 * gone. An old folder set aside for the swap is put back if `target` is missing (the kill came
 * between the two renames), else removed. Nothing else is touched.
 */
function removeLeftoversIn(dir: string, prefix: string, target: string, roles = ['staging', 'old', 'tmp']): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(prefix));
  } catch {
    return;
  }
  for (const name of names) {
    const match = LEFTOVER.exec(name.slice(prefix.length));
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isRunning(pid)) continue;
    const path = join(dir, name);
    const kind = entryKind(path);
    const role = match[2];
    if (!roles.includes(role)) continue;
    if (role === 'tmp' ? kind !== 'file' : kind !== 'folder') continue;
    try {
      if (role === 'old' && entryKind(target) === 'none') renameSync(path, target);
      else rmSync(path, { recursive: true, force: true });
    } catch {
      // Left as it is: the new run does not need the name.
    }
  }
}

/**
 * Leftovers beside `target` (`.NAME.deck-sim-PID.*`). A command that plans from what `target`
 * holds calls it first, so a folder put back is planned with.
 */
export function removeLeftovers(target: string): void {
  const { dir, prefix } = besidePlace(target);
  removeLeftoversIn(dir, prefix, target);
}

/** Whether a process runs: signal 0 checks without sending (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Adds `files` (name → text) to the folder `dir` together, or none of them: a name already there
 * is refused unless `force` (then the file or link is replaced, never written through); a device,
 * FIFO or folder there is refused (a usage error).
 */
export async function writeFilesIn(dir: string, files: readonly [string, string][], force: boolean): Promise<void> {
  const clash = files.map(([name]) => join(dir, name)).find((path) => checkOutputFile(path, '--augment') !== 'none');
  if (clash !== undefined && !force) {
    throw new CannotWrite(`${clash} exists: nothing written (use --force to overwrite)`);
  }
  const staging = Staging.filesIn(dir);
  await staging.writeAll(files.map(([path, text]) => ({ path, text })));
  staging.commit();
}
