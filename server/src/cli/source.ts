/** A deck named on the command line: its format and its text, or why it cannot be read. */
import { UsageError } from './args';
import { formatIds, formatList, STDIN_FORMAT, formatOfPath, isFormat, type DeckFormat } from './decks';
import { MAX_DECK_BYTES, readCapped, type Capped } from './input';
import type { Io } from './io';

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

/** The format of an input: `--format`, else the extension; stdin is STDIN_FORMAT. A usage error when unknown. */
export function formatOf(file: string, format: DeckFormat | undefined): DeckFormat {
  const found = format ?? (file === '-' ? STDIN_FORMAT : formatOfPath(file));
  if (found === undefined) {
    const options = formatIds().map((id) => `--format ${id}`).join(' or ');
    throw new UsageError(`cannot tell the format of '${file}' from its extension: use ${options}`);
  }
  return found;
}

/** Reads one deck; an unreadable or oversized input is an error message for that deck alone. */
export function loadDeck(file: string, format: DeckFormat, io: Io): { deck: DeckSource } | { error: string } {
  const name = deckName(file);
  let read: Capped | string;
  try {
    read = file === '-' ? io.readStdin(MAX_DECK_BYTES) : readCapped(file, MAX_DECK_BYTES);
  } catch (error) {
    return { error: `deck-sim: cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  const text = typeof read === 'string' ? read : read.tooLarge ? undefined : read.bytes.toString('utf8');
  if (text === undefined || (typeof read === 'string' && Buffer.byteLength(read) > MAX_DECK_BYTES)) {
    return { error: `${name}: too large for a deck (over ${MAX_DECK_BYTES / (1024 * 1024)} MB)` };
  }
  return { deck: { name, format, text } };
}

/** Reads one deck, or says on stderr why it cannot be read and returns undefined. */
export function readDeck(file: string, format: DeckFormat, io: Io): DeckSource | undefined {
  const loaded = loadDeck(file, format, io);
  if ('deck' in loaded) return loaded.deck;
  io.stderr(loaded.error + '\n');
  return undefined;
}
