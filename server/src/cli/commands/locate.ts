/**
 * `deck-sim locate`: which line of the solver's own program is wrong. The program is built with
 * line coverage and run on the decks (and on stress decks until some fail and some pass); its
 * lines are ranked by Ochiai's suspiciousness. With --repair, its single-token mutants on the
 * most suspicious lines are tried as fixes: each that passes every deck and a stress run of its
 * own is printed as a unified diff. The source file is never written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { integerOption, stringOption, UsageError, type Command, type OptionSpec, type ParsedArgs } from '../args';
import type { CommandHelp } from '../help';
import { SETTINGS } from '../../protocol/settings';
import type { Io } from '../processIo';
import { deckGame, type DeckFormat } from '../gameFormats';
import { readDeck, formatOf, formatOption } from '../deckSource';
import { prepareDeck, type JudgedDeck } from '../judge/prepare';
import { DEFAULT_TIME_LIMIT_MS, endAllRuns } from '../judge/runner';
import { BuildFailed, coverageProgram } from '../locate/coverage';
import { buildPlan } from '../mutation/buildPlan';
import { MutationCache, removeLiveScratch } from '../mutation/mutationCache';
import { Progress } from '../mutation/progress';
import { ProgramBuilder } from '../mutation/programBuilder';
import { linesTiedAtTop, rankLines, type RankedLine } from '../locate/ochiai';
import type { MutantTrial } from '../locate/mutantTrials';
import { repairedFirst, weighMutants } from '../locate/mutationEvidence';
import { tokenEdits } from '../locate/tokenEdits';
import { collectSpectra } from '../locate/spectra';
import { FORMAT_HELP, JOBS_HELP, deckFiles, jobsOption } from './manyDecks';
import { SOLUTION_HELP, runLimits } from './judge';

export const LOCATE_OPTIONS: OptionSpec = {
  '--solution-source': 'value', '--build': 'value', '--json': 'flag', '--top': 'value', '--stress': 'value',
  '--seed': 'value', '--jobs': 'value', '--time-limit': 'value', '--memory-limit': 'value', '--format': 'value',
  '--repair': 'flag', '--mutants': 'value', '--repair-decks': 'value',
};

const DEFAULT_TOP = 5;
const DEFAULT_STRESS = SETTINGS['locate.stressDecks'].default;
const DEFAULT_SEED = 1;
/** Mutants the mutation step may try: the lines tied at the top alone, or (--repair) every line in turn. */
const DEFAULT_MUTANTS = 40;
const DEFAULT_REPAIR_MUTANTS = SETTINGS['locate.mutants'].default;
const DEFAULT_REPAIR_DECKS = SETTINGS['locate.repairDecks'].default;
/** The lines whose ties the mutation step breaks: those tied with the first three. */
const TIE_BREAK_TOP = 3;
/** Failing and passing runs the spectra should have before the stress search stops. */
const WANT_FAILING = 5;
const WANT_PASSING = 5;
/** Coverage slows a run (a traced Python program most): its limit is this many times --time-limit. */
const COVERAGE_SLOWDOWN = 10;
const TRIAL_SLOWDOWN = 10;

const LOCATE_HELP: CommandHelp = {
  usage: ['--solution-source FILE [--build CMD] [--repair] [--json] [--top N] [--stress N] [--mutants N] '
    + '[--repair-decks N] [--seed S] [--jobs N] '
    + '[--time-limit MS] [--memory-limit MB] [--format F] DECK|DIR...'],
  options: [
    ['--solution-source FILE', 'your solution\'s source: .c, .cpp (.cc, .cxx) or .py'],
    ['--build CMD', 'how to build it, with {src} and {out} (default: g++ -std=gnu++17 -O1 -w -o {out} {src}; '
      + 'gcc for C); --coverage is added for the coverage build'],
    ['--json', 'one JSON object: the ranked lines and the decks behind them'],
    ['--top N', `lines to print (default: ${DEFAULT_TOP})`],
    ['--stress N', `stress decks to add while fewer than ${WANT_FAILING} runs fail or ${WANT_PASSING} pass `
      + `(default: ${DEFAULT_STRESS})`],
    ['--repair', 'try the one-token changes of the most suspicious lines as fixes: each that passes every deck and a '
      + 'stress run is printed as a unified diff (those of the first line that has one); FILE is never written'],
    ['--mutants N', `one-token changes to try (default: ${DEFAULT_MUTANTS}, with --repair ${DEFAULT_REPAIR_MUTANTS})`],
    ['--repair-decks N', `stress decks a repair must pass besides the others (default: ${DEFAULT_REPAIR_DECKS})`],
    ['--seed S', `the seed of the stress decks, 0 to 4294967295 (default: ${DEFAULT_SEED})`],
    JOBS_HELP,
    ['--time-limit MS', `time limit of a plain run (default: ${DEFAULT_TIME_LIMIT_MS}); a coverage run gets `
      + `${COVERAGE_SLOWDOWN} times as much`],
    SOLUTION_HELP[2],
    FORMAT_HELP,
  ],
  notes: 'Lines are ranked by Ochiai\'s coefficient over the runs: ef / sqrt(F * (ef + ep)), ef and ep the failing and '
    + 'passing runs executing the line, F all failing runs; ties go to the line whose one-token changes fix, then '
    + 'change, more failing runs; a line a repair was found on comes first. A run stopped at the time limit leaves '
    + 'no record and is left out. Exit status 0 when lines were ranked, 1 when no run failed (nothing to locate), '
    + '2 usage error.',
};

interface LocateOutcome {
  ranked: RankedLine[];
  failing: number;
  passing: number;
  unrecorded: number;
  /** With --repair. */
  repairs?: MutantTrial[];
}

export async function locate(args: ParsedArgs, io: Io): Promise<number> {
  const source = stringOption(args, '--solution-source');
  if (source === undefined) throw new UsageError('--solution-source FILE is required');
  const plan = buildPlan(source, stringOption(args, '--build'), '--solution-source');
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch {
    throw new UsageError(`cannot read the solution source '${source}'`);
  }
  const format = formatOption(stringOption(args, '--format'));
  const json = args.options.has('--json');
  const top = integerOption(args, '--top', 1, 1000, DEFAULT_TOP);
  const stressDecks = integerOption(args, '--stress', 0, 1_000_000, DEFAULT_STRESS);
  const seed = integerOption(args, '--seed', 0, 2 ** 32 - 1, DEFAULT_SEED);
  const limits = runLimits(args);
  const jobs = jobsOption(args);
  const repair = args.options.has('--repair');
  const budget = integerOption(args, '--mutants', 0, 1_000_000, repair ? DEFAULT_REPAIR_MUTANTS : DEFAULT_MUTANTS);
  const repairDecks = integerOption(args, '--repair-decks', 0, 1_000_000, DEFAULT_REPAIR_DECKS);
  const { files, notes } = deckFiles(args.positional, format, io);
  io.stderr(notes);
  const deckFormat = oneFormat(files, format, io);
  const decks: JudgedDeck[] = [];
  for (const file of files) {
    const deck = readDeck(file, deckFormat, io);
    if (!deck) continue;
    const prepared = prepareDeck(deck);
    io.stderr(prepared.problems);
    if (prepared.deck) decks.push(prepared.deck);
  }
  const workDir = mkdtempSync(join(tmpdir(), 'deck-sim-locate-'));
  // A killed compiler or run may still be leaving a file as the folder goes: retry a non-empty one.
  const removeWork = () => rmSync(workDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
  // However deck-sim ends: a signal ends the process without 'exit', once its last listener re-raises it.
  // The builds and runs end first, so that none writes into a folder being removed.
  const onSignal = (signal: NodeJS.Signals) => {
    endAllRuns();
    removeLiveScratch();
    removeWork();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  process.once('exit', removeWork);
  for (const signal of signals) process.once(signal, onSignal);
  let outcome: LocateOutcome;
  try {
    const game = deckGame(deckFormat);
    const progress = new Progress(io);
    const name = basename(source);
    progress.begin(1);
    const program = await coverageProgram(resolve(source), plan, workDir);
    progress.end((s) => (plan.language === 'python' ? `locate: ${name} runs under a line tracer`
      : `locate: built ${name} for coverage in ${s} s`));
    let runsDone = 0;
    progress.begin(decks.length + stressDecks);
    const spectra = await collectSpectra(program, decks, game, deckFormat, workDir, {
      jobs, limits: { ...limits, timeLimitMs: limits.timeLimitMs * COVERAGE_SLOWDOWN }, stressDecks,
      wantFailing: WANT_FAILING, wantPassing: WANT_PASSING, seed,
      onRun: () => progress.step(() => `locate: ${++runsDone} coverage runs`),
    });
    const failing = spectra.runs.filter((run) => run.failed).length;
    progress.end((s) => `locate: ${spectra.runs.length} coverage runs in ${s} s: ${failing} failing, `
      + `${spectra.runs.length - failing} passing`
      + (spectra.unrecorded > 0 ? `, ${spectra.unrecorded} stopped at the time limit` : ''));
    let ranked = rankLines(spectra.runs);
    let repairs: MutantTrial[] | undefined;
    if (failing > 0 && budget > 0) {
      const lines = repair ? ranked.map((entry) => entry.line) : linesTiedAtTop(ranked, TIE_BREAK_TOP);
      progress.begin(budget); // the precompiled header, then the mutants queued
      const builder = await ProgramBuilder.create(plan, new MutationCache(), text);
      // A mutant's run may take the time of the slowest coverage run ten times over: a busy machine
      // slows every run, and a repair must not be lost to it.
      const slowest = Math.max(0, ...spectra.runs.map((run) => run.ms));
      const trialLimits = { ...limits, timeLimitMs: Math.max(limits.timeLimitMs, TRIAL_SLOWDOWN * slowest) };
      let tried = 0;
      const mutation = await weighMutants(lines, await tokenEdits(text, plan.language), spectra.runs, {
        source, text, builder, limits: trialLimits, jobs, game, format: deckFormat, repairDecks,
        seed: seed + 1, budget, repair,
        onQueued: (total) => progress.setTotal(total),
        onTried: () => progress.step((done, total) => `locate: tried ${++tried}/${total} one-token changes`),
        onCandidate: (edit, runs) => io.stderr(`${io.stderrIsTTY ? '\r\x1b[K' : ''}locate: line ${edit.line}, `
          + `${edit.replacement === '' ? `${edit.original.trim()} removed` : `${edit.original} → ${edit.replacement}`}`
          + `, passes all ${runs} runs: a stress run of ${repairDecks} decks\n`),
      });
      const { built, cached, failed } = builder.counts;
      progress.end((s) => `locate: ${mutation.tried} one-token changes tried in ${s} s (${built} built, `
        + `${cached} from the cache, ${failed} did not build)`
        + (repair ? `: ${mutation.repairs.length} repair${mutation.repairs.length === 1 ? '' : 's'}` : ''));
      ranked = repairedFirst(rankLines(spectra.runs, mutation.evidence), mutation.repairs);
      if (repair) repairs = mutation.repairs;
    }
    outcome = { ranked, failing, passing: spectra.runs.length - failing, unrecorded: spectra.unrecorded, repairs };
  } catch (error) {
    if (!(error instanceof BuildFailed)) throw error;
    io.stderr(`deck-sim: ${error.message}\n`);
    return 2;
  } finally {
    removeWork();
    process.removeListener('exit', removeWork);
    for (const signal of signals) process.removeListener(signal, onSignal);
  }
  const sourceLines = text.split('\n');
  const shown = outcome.ranked.slice(0, top).map((entry) => ({
    line: entry.line, text: (sourceLines[entry.line - 1] ?? '').trim(), score: round(entry.score),
    failingRuns: entry.failingRuns, passingRuns: entry.passingRuns,
  }));
  const repairs = outcome.repairs?.map((trial) => ({
    line: trial.edit.line, original: trial.edit.original, replacement: trial.edit.replacement, diff: trial.diff!,
    decksPassed: trial.decksPassed!,
  }));
  if (json) {
    const decksJson = { failing: outcome.failing, passing: outcome.passing };
    io.stdout(`${JSON.stringify({ lines: shown, decks: decksJson, ...(repairs ? { repairs } : {}) })}\n`);
  } else {
    io.stdout(locateText(source, shown, outcome));
    if (repairs) io.stdout(repairText(repairs, outcome.failing));
  }
  return outcome.failing > 0 ? 0 : 1;
}

const round = (score: number) => Math.round(score * 1000) / 1000;

function locateText(
  source: string, shown: { line: number; text: string; score: number; failingRuns: number; passingRuns: number }[],
  outcome: LocateOutcome,
): string {
  const { failing, passing, unrecorded } = outcome;
  const runs = `${failing} failing and ${passing} passing runs`
    + (unrecorded > 0 ? ` (${unrecorded} stopped at the time limit, left out)` : '');
  if (failing === 0) return `locate: no run failed in ${runs}: nothing to locate\n`;
  const width = String(Math.max(...shown.map((entry) => entry.line))).length;
  const rows = shown.map((entry, i) => `${String(i + 1).padStart(2)}. ${source}:${String(entry.line).padEnd(width)}  `
    + `${entry.score.toFixed(3)}  failing ${entry.failingRuns}/${failing}, passing ${entry.passingRuns}/${passing}  `
    + `${entry.text}`);
  return `The most suspicious lines of ${source}, from ${runs}:\n${rows.join('\n')}\n`;
}

function repairText(repairs: { line: number; diff: string; decksPassed: number }[], failing: number): string {
  if (failing === 0) return '';
  if (repairs.length === 0) return '\nNo one-token change passes every deck.\n';
  return repairs.map((r) => `\nA repair at line ${r.line}, passing all ${r.decksPassed} decks:\n${r.diff}`).join('');
}

/** The one format of every deck: the stress decks are of the same game. */
function oneFormat(files: readonly string[], format: DeckFormat | undefined, io: Io): DeckFormat {
  const formats = new Set(files.map((file) => formatOf(file, format, io)));
  if (formats.size > 1) {
    throw new UsageError(`the decks must be of one game, but these are ${[...formats].join(' and ')}`);
  }
  return [...formats][0];
}

export const command: Command = { options: LOCATE_OPTIONS, help: LOCATE_HELP, run: locate };
