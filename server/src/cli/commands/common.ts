/** Option handling shared by the commands that take many decks. */
import { availableParallelism } from 'node:os';
import { integerOption, UsageError, type ParsedArgs } from '../args';
import type { DeckFormat } from '../decks';
import { expandFolders } from '../input';
import { formatOf } from '../source';

export const MAX_JOBS = 256;

/** `--jobs N`, by default one per core. */
export function jobsOption(args: ParsedArgs): number {
  return integerOption(args, '--jobs', 1, MAX_JOBS, availableParallelism());
}

/** The decks named (folders expanded), each with a known format, or a usage error. */
export function deckFiles(inputs: readonly string[], format: DeckFormat | undefined): string[] {
  if (inputs.length === 0) throw new UsageError('no deck file given (use - for stdin)');
  const files = expandFolders(inputs);
  for (const file of files) formatOf(file, format);
  return files;
}
