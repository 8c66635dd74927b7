/** Option handling shared by the commands that take many decks. */
import { availableParallelism } from 'node:os';
import { integerOption, UsageError, type ParsedArgs } from '../args';
import { formatList, type DeckFormat } from '../decks';
import { expandFolders } from '../input';
import { formatOf } from '../source';

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

/** The decks named (folders expanded), each with a known format, or a usage error. */
export function deckFiles(inputs: readonly string[], format: DeckFormat | undefined): string[] {
  if (inputs.length === 0) throw new UsageError('no deck file given (use - for stdin)');
  const files = expandFolders(inputs);
  for (const file of files) formatOf(file, format);
  return files;
}
