/** Option handling shared by the commands that take many decks. */
import { availableParallelism } from 'node:os';
import { integerOption, UsageError, type ParsedArgs } from '../args';
import type { DeckFormat } from '../decks';
import { listDecks, type DeckList } from '../input';
import { formatOf } from '../source';

export const MAX_JOBS = 256;

/** `--jobs N`, by default one per core. */
export function jobsOption(args: ParsedArgs): number {
  return integerOption(args, '--jobs', 1, MAX_JOBS, availableParallelism());
}

/**
 * The decks named, folders listed; a usage error when a named file's format is unknown or
 * stdin is named twice. The caller prints the list's notes once its own usage checks pass.
 */
export function deckFiles(inputs: readonly string[], format: DeckFormat | undefined): DeckList {
  if (inputs.length === 0) throw new UsageError('no deck file given (use - for stdin)');
  if (inputs.indexOf('-') !== inputs.lastIndexOf('-')) throw new UsageError('standard input (-) can be read only once');
  return listDecks(inputs, (file) => formatOf(file, format));
}
