/**
 * The mutation analysis's cache, under `$XDG_CACHE_HOME/deck-sim/mutation` (by default
 * `~/.cache/deck-sim/mutation`): build records by content (source, build command, compiler
 * version), programs by the hash of their binary, verdicts by (program, deck, limits), and the
 * precompiled headers. Every file is written beside its place and renamed into it, so Ctrl-C
 * or a full disk never leaves half a file; a build's scratch folder carries deck-sim's process
 * id and is removed by the next audit once that process is gone (`locate` removes its own when a
 * signal stops it). Past its size cap
 * (`DECK_SIM_CACHE_MB`, default 1024) the least recently used entries go first.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

export const DEFAULT_CACHE_MB = 1024;
const SECTIONS = ['builds', 'programs', 'verdicts', 'headers'] as const;

export function sha256(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** `$XDG_CACHE_HOME/deck-sim` (an absolute XDG_CACHE_HOME only, as the spec asks), else `~/.cache/deck-sim`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.cache'), 'deck-sim');
}

/** The cap in bytes: `DECK_SIM_CACHE_MB` when it is a whole number, else the default. */
export function cacheCapBytes(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.DECK_SIM_CACHE_MB;
  const mb = text !== undefined && /^\d+$/.test(text) ? Number(text) : DEFAULT_CACHE_MB;
  return mb * 1024 * 1024;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Scratch folders of builds under way in this process, removed if it is stopped by a signal. */
const liveScratch = new Set<string>();

/** Removes the scratch folders of the builds under way (their compilers already ended). */
export function removeLiveScratch(): void {
  for (const dir of liveScratch) rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
  liveScratch.clear();
}

export class MutationCache {
  readonly dir: string;
  private readonly scratchRoot: string;

  constructor(root = cacheRoot()) {
    this.dir = join(root, 'mutation');
    this.scratchRoot = join(this.dir, 'scratch');
    for (const section of [...SECTIONS, 'scratch']) {
      mkdirSync(join(this.dir, section), { recursive: true, mode: 0o700 });
    }
    this.removeStaleScratch();
  }

  path(section: typeof SECTIONS[number], name: string): string {
    return join(this.dir, section, name);
  }

  /** A JSON record, or undefined when there is none (or it cannot be read: it is then rebuilt). */
  readJson<T>(section: typeof SECTIONS[number], name: string): T | undefined {
    try {
      return JSON.parse(readFileSync(this.path(section, name), 'utf8')) as T;
    } catch {
      return undefined;
    }
  }

  writeJson(section: typeof SECTIONS[number], name: string, value: unknown): void {
    this.writeWhole(this.path(section, name), JSON.stringify(value));
  }

  /** Whether an entry is there (a regular file or a folder, never a link); marks it used. */
  has(section: typeof SECTIONS[number], name: string): boolean {
    const path = this.path(section, name);
    try {
      const stat = lstatSync(path);
      if (!stat.isFile() && !stat.isDirectory()) return false;
      this.touch(path);
      return true;
    } catch {
      return false;
    }
  }

  /** Marks an entry as used now: eviction takes the least recently used first. */
  touch(path: string): void {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // Gone meanwhile: it is rebuilt when needed.
    }
  }

  /** Moves a finished file or folder into its place (a rename: it appears whole or not at all). */
  adopt(from: string, section: typeof SECTIONS[number], name: string): void {
    const to = this.path(section, name);
    try {
      renameSync(from, to);
    } catch (error) {
      // Another audit put the same content there first (a folder cannot be renamed over).
      if (!['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }

  /** A new scratch folder for one build, named after this process so that a later audit can tell it is stale. */
  scratch(): string {
    const dir = join(this.scratchRoot, `${process.pid}-${randomBytes(6).toString('hex')}`);
    mkdirSync(dir, { mode: 0o700 });
    liveScratch.add(dir);
    return dir;
  }

  removeScratch(dir: string): void {
    rmSync(dir, { recursive: true, force: true });
    liveScratch.delete(dir);
  }

  /** Writes `text` beside `path` and renames it into place. */
  writeWhole(path: string, text: string | Uint8Array): void {
    const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, text, { flag: 'wx', mode: 0o600 });
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  }

  /** Scratch folders (and temporary files) of audits that ended without removing them. */
  private removeStaleScratch(): void {
    for (const name of readdirSync(this.scratchRoot)) {
      const pid = Number(name.split('-')[0]);
      if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) {
        rmSync(join(this.scratchRoot, name), { recursive: true, force: true });
      }
    }
  }

  /** Removes the least recently used entries until the cache fits in `capBytes`; returns how many went. */
  evict(capBytes: number): number {
    const entries: { path: string; bytes: number; used: number }[] = [];
    for (const section of SECTIONS) {
      const dir = join(this.dir, section);
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        try {
          const stat = lstatSync(path);
          entries.push({ path, bytes: stat.isDirectory() ? folderBytes(path) : stat.size, used: stat.mtimeMs });
        } catch {
          // Removed meanwhile.
        }
      }
    }
    let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    let removed = 0;
    for (const entry of entries.sort((a, b) => a.used - b.used)) {
      if (total <= capBytes) break;
      rmSync(entry.path, { recursive: true, force: true });
      total -= entry.bytes;
      removed++;
    }
    return removed;
  }
}

function folderBytes(dir: string): number {
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    try {
      const stat = statSync(join(dir, name));
      bytes += stat.isDirectory() ? folderBytes(join(dir, name)) : stat.size;
    } catch {
      // Removed meanwhile.
    }
  }
  return bytes;
}
