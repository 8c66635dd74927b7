/**
 * Reading deck files and standard input with a size cap: a deck has a natural size (148 lines,
 * or about 1.5 MB for the largest Cirno deck), so an endless or huge input stops at the cap
 * instead of filling memory.
 */
import { closeSync, fstatSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deckExtensions } from './decks';

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


/**
 * The inputs with each folder replaced by the decks directly in it, sorted by name, so a
 * folder always gives the same order. Anything else is kept: reading it reports its error.
 */
export function expandFolders(inputs: readonly string[]): string[] {
  const files: string[] = [];
  const extensions = deckExtensions();
  for (const input of inputs) {
    if (input !== '-' && isFolder(input)) {
      const isDeck = (name: string) => extensions.some((ext) => name.toLowerCase().endsWith(ext));
      const names = readdirSync(input).filter(isDeck);
      for (const name of names.sort()) files.push(join(input, name));
    } else {
      files.push(input);
    }
  }
  return files;
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
