/** `deck-sim check`: every problem of every deck, as FILE:LINE:COL on stderr. */
import { stringOption, type OptionSpec, type ParsedArgs, type Command } from '../args';
import { runBatch } from '../batch';
import type { Io } from '../io';
import { formatOption } from '../source';
import { deckFiles, jobsOption } from './common';

export const CHECK_OPTIONS: OptionSpec = { '--format': 'value', '--jobs': 'value' };

export async function check(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  const jobs = jobsOption(args);
  const { files, notes, failed } = deckFiles(args.positional, format);
  io.stderr(notes);
  if (files.length === 0) return 1;
  return (await runBatch({ command: 'check', format }, files, jobs, io)) || failed ? 1 : 0;
}

export const command: Command = { options: CHECK_OPTIONS, run: check };
