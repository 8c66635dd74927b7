/** A deck named on the command line: its format and its text, or why it cannot be read. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { UsageError } from './args';
import { formatIds, formatList, formatOfPath, formatOfText, isFormat, type DeckFormat } from './gameFormats';
import { MAX_DECK_BYTES, cannotRead, readCapped, type Capped } from './fileInput';
import type { Io } from './processIo';

export const STDIN_NAME = '<stdin>';

export interface DeckSource {
  /** As given on the command line, `<stdin>` for `-`: what messages name. */
  name: string;
  format: DeckFormat;
  text: string;
}

/** How messages name an input. */
export function deckName(file: string): string {
  return file === '-' ? STDIN_NAME : file;
}

/** `--format`'s value checked, or undefined when absent. */
export function formatOption(value: string | undefined): DeckFormat | undefined {
  if (value === undefined || isFormat(value)) return value;
  throw new UsageError(`unknown format '${value}': use ${formatList()}`);
}

/**
 * The format `--format` or the file name says, else the one game that recognises the input's
 * first word (a judge's `.in`, standard input); undefined when none says. Throws when the file
 * cannot be read.
 */
function knownFormat(file: string, format: DeckFormat | undefined, io: Io): DeckFormat | undefined {
  if (format !== undefined) return format;
  if (file !== '-') return formatOfPath(file) ?? formatOfText(head(file));
  // Too large for a deck: reading it says so, whatever the game.
  const text = stdinHead(io);
  return text === undefined ? formatIds()[0] : formatOfText(text);
}

/** The start of standard input, enough to find its first word; undefined when it is too large for a deck. */
function stdinHead(io: Io): string | undefined {
  const read = stdin(io);
  if (typeof read === 'string') return read.slice(0, HEAD_BYTES);
  return read.tooLarge ? undefined : read.bytes.toString('utf8', 0, HEAD_BYTES);
}

/** Standard input, read once per run: its first word names its game, then it is the deck. */
const stdinReads = new WeakMap<Io, Capped | string>();

function stdin(io: Io): Capped | string {
  let read = stdinReads.get(io);
  if (read === undefined) {
    read = io.readStdin(MAX_DECK_BYTES);
    stdinReads.set(io, read);
  }
  return read;
}

/**
 * Enough of a file to find its first word; nothing of what is not a regular file (a FIFO read
 * twice loses data). A folder throws EISDIR, as reading it would, so that it is named a folder.
 */
const HEAD_BYTES = 64 * 1024;

function head(file: string): string {
  const stat = statSync(file);
  if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: '${file}' is a folder`), { code: 'EISDIR' });
  if (!stat.isFile()) return '';
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.toString('utf8', 0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The format of an input: `--format`, else the file name, else its first word (standard input
 * is read for it, once). A usage error when none says.
 */
export function formatOf(file: string, format: DeckFormat | undefined, io: Io): DeckFormat {
  let found: DeckFormat | undefined;
  try {
    found = knownFormat(file, format, io);
  } catch {
    // An unreadable or missing file says so when it is read: any game will do until then.
    return formatIds()[0];
  }
  if (found === undefined) {
    const options = formatIds().map((id) => `--format ${id}`).join(' or ');
    if (file === '-') {
      const why = stdinHead(io)?.trim() === '' ? 'it is empty' : "its first word is no game's";
      throw new UsageError(`cannot tell the game of standard input: ${why}: use ${options}`);
    }
    throw new UsageError(`cannot tell the game of '${file}': neither its ending nor its first word says one: `
      + `use ${options}`);
  }
  return found;
}

/** A usage error when a command that takes one deck file is given a folder. */
export function refuseFolder(command: string, file: string): void {
  if (file !== '-' && isFolder(file)) throw new UsageError(`${command} takes one deck file: '${file}' is a folder`);
}

export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Reads one deck; an unreadable, missing or oversized input is an error message for that deck
 * alone. `format` is `--format`; without it the file name must say, or it is a usage error.
 */
export function loadDeck(
  file: string, format: DeckFormat | undefined, io: Io,
): { deck: DeckSource } | { error: string } {
  const name = deckName(file);
  let read: Capped | string;
  try {
    // A path that does not exist or cannot be read says so, not "cannot tell the game".
    knownFormat(file, format, io);
    format = formatOf(file, format, io);
    read = file === '-' ? stdin(io) : readCapped(file, MAX_DECK_BYTES);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return { error: cannotRead(file, error) };
  }
  const text = typeof read === 'string' ? read : read.tooLarge ? undefined : read.bytes.toString('utf8');
  if (text === undefined || (typeof read === 'string' && Buffer.byteLength(read) > MAX_DECK_BYTES)) {
    return { error: `${name}: too large for a deck (over ${MAX_DECK_BYTES / (1024 * 1024)} MB)` };
  }
  return { deck: { name, format, text } };
}

/** Reads one deck (as loadDeck), or says on stderr why it cannot be read and returns undefined. */
export function readDeck(file: string, format: DeckFormat | undefined, io: Io): DeckSource | undefined {
  const loaded = loadDeck(file, format, io);
  if ('deck' in loaded) return loaded.deck;
  io.stderr(loaded.error + '\n');
  return undefined;
}
