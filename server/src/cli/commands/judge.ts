/** `deck-sim judge`: runs a solution on each deck and gives a verdict per deck. */
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs, type Command } from '../args';
import type { Io } from '../io';
import { prepareDeck } from '../judge/prepare';
import { DEFAULT_TIME_LIMIT_MS, OUTPUT_CAP_BYTES, runSolution } from '../judge/runner';
import { formatJudgement, judgeRun, judgementJson, summaryLine, type Judgement } from '../judge/verdict';
import { splitCommand } from '../judge/words';
import { mapInOrder } from '../pool';
import { deckName, formatOption, loadDeck } from '../source';
import { deckFiles, jobsOption } from './common';

export const JUDGE_OPTIONS: OptionSpec = {
  '--solution': 'value', '--time-limit': 'value', '--json': 'flag', '--jobs': 'value', '--format': 'value',
};

const MAX_TIME_LIMIT_MS = 3_600_000;

/** The solution's words and time limit, shared with `stress`. */
export function solutionOptions(args: ParsedArgs): { argv: string[]; timeLimitMs: number } {
  const solution = stringOption(args, '--solution');
  if (solution === undefined) throw new UsageError('--solution CMD is required: the command that runs your solution');
  const timeLimitMs = integerOption(args, '--time-limit', 1, MAX_TIME_LIMIT_MS, DEFAULT_TIME_LIMIT_MS);
  return { argv: splitCommand(solution), timeLimitMs };
}

export async function judge(args: ParsedArgs, io: Io): Promise<number> {
  const { argv, timeLimitMs } = solutionOptions(args);
  const format = formatOption(stringOption(args, '--format'));
  const json = args.options.has('--json');
  const jobs = jobsOption(args);
  const { files, notes, failed } = deckFiles(args.positional, format);
  io.stderr(notes);
  if (files.length === 0) return 1;
  const judgements = await mapInOrder(files, jobs, async (file): Promise<{ judgement: Judgement; stderr: string }> => {
    const loaded = loadDeck(file, format, io);
    if ('error' in loaded) {
      return { judgement: { deck: deckName(file), verdict: 'INVALID' }, stderr: loaded.error + '\n' };
    }
    const { deck, problems } = prepareDeck(loaded.deck);
    if (!deck) return { judgement: { deck: loaded.deck.name, verdict: 'INVALID' }, stderr: problems };
    const run = await runSolution(argv, deck.input, { timeLimitMs, outputCap: OUTPUT_CAP_BYTES });
    return { judgement: judgeRun(deck.name, deck.analysis, deck.expected, run, timeLimitMs), stderr: problems };
  }, ({ judgement, stderr }) => {
    if (stderr) io.stderr(stderr);
    io.stdout(json ? judgementJson(judgement) : formatJudgement(judgement));
  });
  const all = judgements.map((j) => j.judgement);
  // JSON Lines stay pure objects; the closing summary then goes to stderr.
  (json ? io.stderr : io.stdout)(summaryLine(all));
  return !failed && all.every((j) => j.verdict === 'AC') ? 0 : 1;
}

export const command: Command = { options: JUDGE_OPTIONS, run: judge };
