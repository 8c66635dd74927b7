/** `deck-sim judge`: runs a solution on each deck and gives a verdict per deck. */
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs, type Command } from '../args';
import type { Io } from '../processIo';
import { prepareDeck } from '../judge/prepare';
import { whyNotRunnable } from '../judge/program';
import {
  DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIME_LIMIT_MS, MAX_MEMORY_LIMIT_MB, OUTPUT_CAP_BYTES, runSolution, type RunLimits,
} from '../judge/runner';
import { formatJudgement, judgeRun, judgementJson, summaryLine, type Judgement } from '../judge/verdict';
import { splitCommand } from '../judge/words';
import { mapInOrder } from '../pool';
import { deckName, formatOption, loadDeck } from '../deckSource';
import type { CommandHelp } from '../help';
import { deckFiles, FORMAT_HELP, JOBS_HELP, jobsOption } from './manyDecks';

export const JUDGE_OPTIONS: OptionSpec = {
  '--solution': 'value', '--time-limit': 'value', '--memory-limit': 'value', '--json': 'flag', '--jobs': 'value',
  '--format': 'value',
};

const MAX_TIME_LIMIT_MS = 3_600_000;

/** The help of the options that run a solution, shared with `stress`. */
export const SOLUTION_HELP: [string, string][] = [
  ['--solution CMD', 'the command that runs your solution, with the deck on its standard input'],
  ['--time-limit MS', `per run, 1 to ${MAX_TIME_LIMIT_MS} (default: ${DEFAULT_TIME_LIMIT_MS})`],
  ['--memory-limit MB', `per run, all its processes together, 1 to ${MAX_MEMORY_LIMIT_MB} `
    + `(default: ${DEFAULT_MEMORY_LIMIT_MB})`],
];
const JUDGE_HELP: CommandHelp = {
  usage: ['--solution CMD [--time-limit MS] [--memory-limit MB] [--json] [--jobs N] [--format F] DECK|DIR...'],
  options: [
    ...SOLUTION_HELP,
    ['--json', 'one JSON object per deck; the closing line goes to stderr'],
    JOBS_HELP,
    FORMAT_HELP,
  ],
  notes: `Memory past the limit is MLE, output over ${OUTPUT_CAP_BYTES / (1024 * 1024)} MB is OLE. The closing line is `
    + "'N passed, M failed'.",
};

/** The solution's words and limits, shared with `stress`. */
export function solutionOptions(args: ParsedArgs): { argv: string[]; limits: RunLimits } {
  const solution = stringOption(args, '--solution');
  if (solution === undefined) throw new UsageError('--solution CMD is required: the command that runs your solution');
  return { argv: splitCommand(solution), limits: runLimits(args) };
}

/** --time-limit and --memory-limit, shared with `audit`. */
export function runLimits(args: ParsedArgs): RunLimits {
  const timeLimitMs = integerOption(args, '--time-limit', 1, MAX_TIME_LIMIT_MS, DEFAULT_TIME_LIMIT_MS);
  const memoryLimitMb = integerOption(args, '--memory-limit', 1, MAX_MEMORY_LIMIT_MB, DEFAULT_MEMORY_LIMIT_MB);
  return { timeLimitMs, memoryLimitMb, outputCap: OUTPUT_CAP_BYTES };
}

/** A program that cannot start is said once, before any deck is run, not as an RE on each. */
export function checkRunnable(argv: readonly string[]): void {
  const why = whyNotRunnable(argv[0]);
  if (why !== undefined) throw new UsageError(`cannot run '${argv[0]}': ${why}`);
}

export async function judge(args: ParsedArgs, io: Io): Promise<number> {
  const { argv, limits } = solutionOptions(args);
  const format = formatOption(stringOption(args, '--format'));
  const json = args.options.has('--json');
  const jobs = jobsOption(args);
  const { files, notes, failed } = deckFiles(args.positional, format, io);
  checkRunnable(argv);
  io.stderr(notes);
  if (files.length === 0) return 1;
  const judgements = await mapInOrder(files, jobs, async (file): Promise<{ judgement: Judgement; stderr: string }> => {
    const loaded = loadDeck(file, format, io);
    if ('error' in loaded) {
      return { judgement: { deck: deckName(file), verdict: 'INVALID' }, stderr: loaded.error + '\n' };
    }
    const { deck, problems } = prepareDeck(loaded.deck);
    if (!deck) return { judgement: { deck: loaded.deck.name, verdict: 'INVALID' }, stderr: problems };
    const run = await runSolution(argv, deck.input, limits);
    const judgement = judgeRun(deck.name, deck.analysis, deck.expected, run, limits, deck.likely);
    return { judgement, stderr: problems };
  }, ({ judgement, stderr }) => {
    if (stderr) io.stderr(stderr);
    io.stdout(json ? judgementJson(judgement) : formatJudgement(judgement));
  });
  const all = judgements.map((j) => j.judgement);
  // JSON Lines stay pure objects; the closing summary then goes to stderr.
  (json ? io.stderr : io.stdout)(summaryLine(all));
  return !failed && all.every((j) => j.verdict === 'AC') ? 0 : 1;
}

export const command: Command = { options: JUDGE_OPTIONS, help: JUDGE_HELP, run: judge };
