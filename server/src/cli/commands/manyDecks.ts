/** Option handling shared by the commands that take many decks. */
import { availableParallelism } from 'node:os';
import { integerOption, UsageError, type ParsedArgs } from '../args';
import { formatList, type DeckFormat } from '../gameFormats';
import { listDecks, type DeckList } from '../fileInput';
import { formatOf } from '../deckSource';
import type { Io } from '../processIo';

export const MAX_JOBS = 256;

/** The help of the options many commands share. */
export const FORMAT_HELP: [string, string] = [
  '--format F', `read every deck as F: ${formatList()} (default: from each file name)`,
];
export const JOBS_HELP: [string, string] = [
  '--jobs N', `decks run at once, 1 to ${MAX_JOBS} (default: the number of cores)`,
];

/** `--jobs N`, by default one per core. */
export function jobsOption(args: ParsedArgs): number {
  return integerOption(args, '--jobs', 1, MAX_JOBS, availableParallelism());
}

/**
 * The decks named, folders listed; a usage error when a named file's format is unknown or
 * stdin is named twice. The caller prints the list's notes once its own usage checks pass.
 */
export function deckFiles(inputs: readonly string[], format: DeckFormat | undefined, io: Io): DeckList {
  if (inputs.length === 0) throw new UsageError('no deck file given (use - for stdin)');
  if (inputs.indexOf('-') !== inputs.lastIndexOf('-')) throw new UsageError('standard input (-) can be read only once');
  return listDecks(inputs, (file) => formatOf(file, format, io));
}
