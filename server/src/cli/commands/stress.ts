/**
 * `deck-sim stress`: random decks until the solution fails, then a shrunk counterexample whose
 * first difference comes as early as the search can make it. The same seed gives the same run.
 */
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs, type Command } from '../args';
import type { Io } from '../processIo';
import { prepareDeck } from '../judge/prepare';
import { runSolution } from '../judge/runner';
import { formatJudgement, judgeRun, type Judgement } from '../judge/verdict';
import { mapInOrder } from '../pool';
import { seededRandom } from '../../core/seededRandom';
import { gameIds, isGameId } from '../gameFormats';
import type { CommandHelp } from '../help';
import { CannotWrite, checkOut, writeCounterexample } from '../stress/counterexampleFile';
import { shrinkFailure, type Trial } from '../stress/shrinkFailure';
import { guidedDeck, guidedTargets } from '../../core/catalogue/guided';
import { stressGame, type StressGame } from '../stress/games';
import { JOBS_HELP, jobsOption } from './manyDecks';
import { SOLUTION_HELP, checkRunnable, solutionOptions } from './judge';

export const STRESS_OPTIONS: OptionSpec = {
  '--solution': 'value', '--game': 'value', '--count': 'value', '--seed': 'value', '--jobs': 'value',
  '--time-limit': 'value', '--memory-limit': 'value', '--out': 'value', '--force': 'flag', '--shrink-runs': 'value',
};

const DEFAULT_COUNT = 10_000;
// Solution runs the shrinker may spend by default, and how many in a row may fail to help before it stops.
const SHRINK_RUNS = 400;
const SHRINK_PATIENCE = 128;
const LOG_EVERY_MS = 5000;

const STRESS_HELP: CommandHelp = {
  usage: [`--solution CMD [--game ${gameIds().join('|')}] [--count N] [--seed S] [--jobs N] [--time-limit MS] `
    + '[--memory-limit MB] [--out FILE] [--force] [--shrink-runs N]'],
  options: [
    SOLUTION_HELP[0],
    ['--game G', `the game of the decks: ${gameIds().join(' or ')} (default: ${gameIds()[0]})`],
    ['--count N', `decks to try (default: ${DEFAULT_COUNT})`],
    ['--seed S', 'the seed, 0 to 4294967295: the same seed gives the same run (default: a random one)'],
    JOBS_HELP,
    SOLUTION_HELP[1],
    SOLUTION_HELP[2],
    ['--out FILE', 'where the counterexample goes (default: '
      + `${gameIds().map((id) => `counterexample${stressGame(id).extension}`).join(' or ')})`],
    ['--force', 'replace an existing FILE'],
    ['--shrink-runs N', `solution runs the shrinker may spend (default: ${SHRINK_RUNS})`],
  ],
  notes: 'FILE is checked before the search: its folder must exist, and a name of the other game\'s format is '
    + 'refused. The failing deck is written as soon as it is found and replaced as shrinking improves it, so that '
    + 'its first difference comes as early as it can, with the seed, the generator and the verdict in a comment '
    + 'header.',
};


/** The solution did not start (e.g. out of descriptors): that is no counterexample. */
class CannotRun extends Error {}

interface GeneratedDeck {
  index: number;
  /** The generator's name, or the catalogue entry the deck was built for. */
  source: string;
  deck: unknown;
}

export async function stress(args: ParsedArgs, io: Io): Promise<number> {
  const { argv, limits } = solutionOptions(args);
  const gameName = stringOption(args, '--game') ?? gameIds()[0];
  if (!isGameId(gameName)) throw new UsageError(`unknown game '${gameName}': use ${gameIds().join(' or ')}`);
  const game = stressGame(gameName);
  const count = integerOption(args, '--count', 1, Number.MAX_SAFE_INTEGER, DEFAULT_COUNT);
  const seed = integerOption(args, '--seed', 0, 2 ** 32 - 1, Math.floor(Math.random() * 2 ** 31));
  const jobs = jobsOption(args);
  const out = stringOption(args, '--out') ?? `counterexample${game.extension}`;
  const shrinkRuns = integerOption(args, '--shrink-runs', 0, 1_000_000, SHRINK_RUNS);
  checkOut(out, gameName, game.format, game.extension, args.options.has('--force'));
  checkRunnable(argv);
  const trial: Trial = async (text) => {
    const { deck } = prepareDeck({ name: out, format: game.format, text });
    if (!deck) return undefined;
    const run = await runSolution(argv, deck.input, limits);
    if (run.kind === 'notStarted') throw new CannotRun(run.error);
    return judgeRun(out, deck.analysis, deck.expected, run, limits);
  };
  try {
    return await runStress(game, { count, seed, jobs, out, shrinkRuns }, trial, io);
  } catch (error) {
    if (!(error instanceof CannotRun || error instanceof CannotWrite)) throw error;
    io.stderr(`deck-sim: ${error.message}\n`);
    return 1;
  }
}

/** A trial during shrinking, where a run that did not start is just no progress. */
function shrinkTrial(trial: Trial): Trial {
  return (text) => trial(text).catch((error: unknown) => {
    if (error instanceof CannotRun) return undefined;
    throw error;
  });
}

interface StressSettings {
  count: number;
  seed: number;
  jobs: number;
  out: string;
  shrinkRuns: number;
}

async function runStress(game: StressGame, settings: StressSettings, trial: Trial, io: Io): Promise<number> {
  const { count, seed, jobs } = settings;
  const targets = guidedTargets(game.catalogue);
  const deckSeeds = seededRandom(seed);
  const started = Date.now();
  let run = 0;
  let lastLine = started;
  // On a terminal one line redraws itself; elsewhere (CI logs) a line every few seconds.
  const progress = (final = false) => {
    const now = Date.now();
    if (!io.stderrIsTTY && (final || now - lastLine < LOG_EVERY_MS)) return;
    lastLine = now;
    const rate = run / Math.max(0.001, (now - started) / 1000);
    const line = `stress: ${run} decks run, ${rate.toFixed(1)} decks/s, seed ${seed}`;
    io.stderr(io.stderrIsTTY ? `\r${line}${final ? '\n' : ''}` : `${line}\n`);
  };
  // Windows of decks run in parallel; the first failure in deck order wins, so jobs don't change the result.
  const window = jobs * 4;
  for (let first = 0; first < count; first += window) {
    const batch = Array.from({ length: Math.min(window, count - first) }, (_, i): GeneratedDeck => {
      const index = first + i;
      const deckSeed = Math.floor(deckSeeds() * 2 ** 32);
      return { index, ...guidedDeck(game.maker, game.catalogue, targets, index, deckSeed) };
    });
    const results = await mapInOrder(batch, jobs, (item) => trial(game.maker.text(item.deck)), () => {
      run++;
      progress();
    });
    const failed = results.findIndex((result) => result && result.verdict !== 'AC');
    if (failed >= 0) {
      progress(true);
      return reportFailure(game, settings, batch[failed], results[failed]!, trial, io);
    }
  }
  progress(true);
  const seconds = (Date.now() - started) / 1000;
  io.stdout(`stress: ${count} decks passed (seed ${seed}, ${(count / Math.max(seconds, 0.001)).toFixed(1)} decks/s)\n`);
  return 0;
}

async function reportFailure(
  game: StressGame, settings: StressSettings, failing: GeneratedDeck, judgement: Judgement, trial: Trial, io: Io,
): Promise<number> {
  const { seed, out } = settings;
  const where = (j: Judgement) => (j.difference ? `${j.verdict} at line ${j.difference.line}` : j.verdict);
  const generator = failing.source;
  io.stdout(`stress: deck ${failing.index + 1} (${generator}, seed ${seed}) fails: ${where(judgement)}\n`);
  const before = judgement.difference?.line;
  const text = (deck: unknown, best: Judgement) => {
    const after = best.difference?.line;
    const lines = after === undefined ? '' : `, first differing line ${after} (unshrunk: ${before})`;
    return game.maker.text(game.maker.final(deck), [
      `deck-sim stress counterexample: seed ${seed}, deck ${failing.index + 1} (${generator})`,
      `verdict ${best.verdict}${lines}`,
    ]);
  };
  // Written at once and replaced as shrinking improves it: an interrupted shrink keeps the best so far.
  writeCounterexample(out, text(failing.deck, judgement));
  if (settings.shrinkRuns > 0) io.stderr(`stress: wrote ${out}; shrinking it (Ctrl-C keeps the best so far)\n`);
  const tolerant = shrinkTrial(trial);
  const budget = { jobs: settings.jobs, runs: settings.shrinkRuns, patience: SHRINK_PATIENCE, seed };
  const shrunk = await shrinkFailure(game.maker, failing.deck, judgement, tolerant, budget,
    (deck, best) => writeCounterexample(out, text(deck, best)));
  const after = shrunk.judgement.difference?.line;
  if (before !== undefined && after !== undefined) {
    io.stdout(`shrunk in ${shrunk.runs} runs: first difference at line ${after} (was ${before})\n`);
  }
  io.stdout(`wrote ${out}\n`);
  // Judged again as written, so the report's deck lines are the file's and the failure is seen to reproduce.
  const again = (await tolerant(text(shrunk.deck, shrunk.judgement))) ?? shrunk.judgement;
  io.stdout(formatJudgement(again));
  if (again.verdict === 'AC') {
    io.stdout('note: it passed when run again, so the failure is flaky (a time limit on a busy machine?)\n');
  }
  return 1;
}

export const command: Command = { options: STRESS_OPTIONS, help: STRESS_HELP, run: stress };
