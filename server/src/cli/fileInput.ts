/**
 * Reading deck files and standard input with a size cap: a deck has a natural size (148 lines,
 * or about 1.5 MB for the largest Cirno deck), so an endless or huge input stops at the cap
 * instead of filling memory.
 */
import { closeSync, fstatSync, openSync, readSync, readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import { deckExtensions } from './gameFormats';

export const MAX_DECK_BYTES = 64 * 1024 * 1024;

/** The bytes read, or `tooLarge` when the input went past the limit. */
export type Capped = { tooLarge: false; bytes: Buffer } | { tooLarge: true };

const CHUNK = 1 << 16;

/** Reads a path or an open descriptor (0 for stdin) up to `limit` bytes. */
export function readCapped(source: string | number, limit = MAX_DECK_BYTES): Capped {
  const fd = typeof source === 'number' ? source : openSync(source, 'r');
  try {
    const stat = fstatSync(fd);
    const regular = stat.isFile();
    if (regular && stat.size > limit) return { tooLarge: true };
    // A regular file's size is a good first guess; devices and pipes report 0 and grow.
    let buffer = Buffer.allocUnsafe(regular ? Math.min(stat.size + 1, limit + 1) : CHUNK);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readSome(fd, buffer, length);
      if (n === 0) break;
      length += n;
      if (length > limit) return { tooLarge: true };
      // A regular file that gave less than asked for has ended: no read to see 0 bytes.
      if (regular && length < buffer.length) break;
    }
    return { tooLarge: false, bytes: buffer.subarray(0, length) };
  } finally {
    if (typeof source !== 'number') closeSync(fd);
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Sleeps 5 ms: a non-blocking pipe said EAGAIN, and the other end needs a moment. */
export function pauseBriefly(): void {
  Atomics.wait(pause, 0, 0, 5);
}

/** One read; a non-blocking stdin with nothing yet (EAGAIN) is waited for, not an error. */
function readSome(fd: number, buffer: Buffer, offset: number): number {
  for (;;) {
    try {
      return readSync(fd, buffer, offset, buffer.length - offset, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') pauseBriefly();
      else if (code === 'EOF') return 0;
      else throw error;
    }
  }
}


/** Why a path cannot be read, as a message line: `'x' does not exist`, else the error in words. */
export function cannotRead(path: string, error: unknown, what = ''): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `deck-sim: ${what}'${path}' does not exist`;
  return `deck-sim: cannot read ${what}'${path}': ${errorInWords(error)}`;
}

const ERRORS_IN_WORDS: Record<string, string> = {
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'something else already has that name',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many symbolic links (a link loop?)',
  ENAMETOOLONG: 'the name is too long',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many files are open',
  EIO: 'an input/output error of the disk',
};

/** Why a folder could not be made, in words: EEXIST means the name holds something else. */
export function mkdirErrorInWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EEXIST' ? 'it exists and is not a folder' : errorInWords(error);
}

/** A file system error as words (the code alongside, to search for); any other error as its message. */
export function errorInWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error instanceof Error ? error.message : String(error);
  const words = ERRORS_IN_WORDS[code];
  return words === undefined ? code : `${words} (${code})`;
}

/** The inputs of a command line with its folders listed. */
export interface DeckList {
  /** The decks to read, in input order, each folder's in name order. */
  files: string[];
  /** What listing found to say, a line each: a folder that cannot be read or holds no deck, an entry skipped. */
  notes: string;
  /** Whether a folder could not be read or held no deck. */
  failed: boolean;
}

/**
 * The inputs with each folder replaced by the regular files directly in it whose names end
 * like a deck, sorted by name, so a folder always gives the same order. Anything else a
 * folder holds under a deck's name (a FIFO, a socket, a folder) is skipped with a note: it
 * could block or has nothing to read. Other inputs are kept as given, and `named` is called
 * on each that exists; reading one reports its own error.
 */
export function listDecks(inputs: readonly string[], named: (file: string) => void): DeckList {
  const files: string[] = [];
  let notes = '';
  let failed = false;
  for (const input of inputs) {
    const stat = input === '-' ? undefined : statOrUndefined(input);
    if (!stat?.isDirectory()) {
      if (input === '-' || stat) named(input);
      files.push(input);
      continue;
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(input, { withFileTypes: true });
    } catch (error) {
      notes += cannotRead(input, error, 'folder ') + '\n';
      failed = true;
      continue;
    }
    const decks = entries.filter((entry) => isDeckName(entry.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
    const before = files.length;
    for (const entry of decks) {
      const path = join(input, entry.name);
      // A link is followed; one that leads nowhere is kept, so reading it says why.
      const target = entry.isSymbolicLink() ? statOrUndefined(path) : entry;
      if (target === undefined || target.isFile()) files.push(path);
      else notes += `deck-sim: skipping '${path}': not a regular file\n`;
    }
    if (files.length === before) {
      const endings = listed(deckExtensions());
      notes += `deck-sim: no decks in '${input}': a folder's decks are its files ending in ${endings}\n`;
      failed = true;
    }
  }
  return { files, notes, failed };
}

function isDeckName(name: string): boolean {
  const lower = name.toLowerCase();
  return deckExtensions().some((ext) => lower.endsWith(ext));
}

/** `a, b or c`. */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
