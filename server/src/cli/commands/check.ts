/** `deck-sim check`: every problem of every deck, as FILE:LINE:COL on stderr, then a count of them. */
import { stringOption, type OptionSpec, type ParsedArgs, type Command } from '../args';
import { runBatch } from '../batch';
import type { ProblemTally } from '../tasks';
import type { Io } from '../processIo';
import { formatOption } from '../deckSource';
import type { CommandHelp } from '../help';
import { deckFiles, FORMAT_HELP, JOBS_HELP, jobsOption } from './manyDecks';

export const CHECK_OPTIONS: OptionSpec = { '--format': 'value', '--jobs': 'value' };
const CHECK_HELP: CommandHelp = {
  usage: ['[--format F] [--jobs N] FILE|DIR...|-'],
  options: [FORMAT_HELP, JOBS_HELP],
  notes: 'The problems go to stderr, in input order, then a count of decks and problems; stdout stays empty. '
    + 'Exit status 1 when a deck has errors (warnings pass).',
};

export async function check(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  const jobs = jobsOption(args);
  const { files, notes, failed } = deckFiles(args.positional, format, io);
  io.stderr(notes);
  if (files.length === 0) return 1;
  const batch = await runBatch({ command: 'check', format }, files, jobs, io);
  io.stderr(checkSummary(files.length, batch.problems) + '\n');
  return batch.failed || failed ? 1 : 0;
}

/**
 * `2 decks checked, no problems`, `2 decks checked, 3 errors, 1 warning in 1 deck`: so a run that
 * found nothing still says it ran. On stderr with the problems, so stdout stays empty for scripts.
 */
export function checkSummary(decks: number, problems: ProblemTally): string {
  const counted = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const found = ([[problems.error, 'error'], [problems.warning, 'warning'], [problems.information, 'note']] as const)
    .filter(([n]) => n > 0)
    .map(([n, what]) => counted(n, what));
  const what = found.length === 0 ? 'no problems' : `${found.join(', ')} in ${counted(problems.decks, 'deck')}`;
  return `${counted(decks, 'deck')} checked, ${what}`;
}

export const command: Command = { options: CHECK_OPTIONS, help: CHECK_HELP, run: check };
