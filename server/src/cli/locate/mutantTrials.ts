/**
 * One-token changes of the solver's program tried on the runs behind a ranking: how many failing
 * runs each changes or fixes (the mutation evidence of its line, after Metallaxis and MUSE), and
 * whether it is a repair: every failing run fixed, no passing run broken, then a stress run of its
 * own passed. The source file is never written: each mutant is built from a copy, in the cache.
 */
import { basename } from 'node:path';
import type { DeckGame } from '../../core/deckGame';
import type { DeckFormat } from '../gameFormats';
import type { JudgedDeck } from '../judge/prepare';
import { runSolution, type RunLimits } from '../judge/runner';
import { judgeRun } from '../judge/verdict';
import { mapInOrder } from '../pool';
import type { ProgramBuilder } from '../mutation/programBuilder';
import { stressDeckBatches } from './stressDecks';
import { unifiedDiff } from './unifiedDiff';

/** A change of one token of the source: its place and text. */
export interface TokenEdit {
  /** 1-based, of the token's start. */
  line: number;
  start: number;
  end: number;
  original: string;
  replacement: string;
}

/** A run behind the ranking, with what the program printed (for a failing run). */
export interface RecordedRun {
  deck: JudgedDeck;
  failed: boolean;
  output?: string;
}

export interface MutantTrial {
  edit: TokenEdit;
  /** Failing runs whose output the mutant changes. */
  changedFailing: number;
  /** Failing runs the mutant passes. */
  fixedFailing: number;
  /** Whether it fixes every failing run and breaks no passing one (then the stress run decides). */
  fixesAll: boolean;
  /** For a repair: the decks it passed, the stress decks included. */
  decksPassed?: number;
  diff?: string;
}

export interface TrialSettings {
  source: string;
  text: string;
  builder: ProgramBuilder;
  limits: RunLimits;
  jobs: number;
  game: DeckGame;
  format: DeckFormat;
  /** Stress decks a candidate repair must pass. */
  repairDecks: number;
  seed: number;
  /** Told of a mutant that passes every run, as its stress run starts. */
  onCandidate?: (edit: TokenEdit, runs: number) => void;
}

/** The program that runs the source with `edit` applied (built through the audit's cached builder). */
async function mutantProgram(edit: TokenEdit, settings: TrialSettings): Promise<string[] | undefined> {
  const [built] = await settings.builder.buildAll([applyEdit(settings.text, edit)], 1);
  return built.ok ? settings.builder.runArgv(built.identity) : undefined; // one that does not build is no candidate
}

export function applyEdit(text: string, edit: TokenEdit): string {
  return text.slice(0, edit.start) + edit.replacement + text.slice(edit.end);
}

/** Tries `edit` on the runs; a stress run of its own when it fixes them all. Undefined when it does not build. */
export async function tryMutant(
  edit: TokenEdit, runs: readonly RecordedRun[], settings: TrialSettings,
): Promise<MutantTrial | undefined> {
  const argv = await mutantProgram(edit, settings);
  if (!argv) return undefined;
  const { limits, jobs } = settings;
  const judge = async (deck: JudgedDeck) => {
    let run = await runSolution(argv, deck.input, limits);
    // A run stopped at the time limit is run once more with ten times as much before it counts:
    // on a busy machine a repair must not be lost to one slow start among thousands of runs.
    if (run.kind === 'timeout') {
      run = await runSolution(argv, deck.input, { ...limits, timeLimitMs: limits.timeLimitMs * 10 });
    }
    const judgement = judgeRun(deck.name, deck.analysis, deck.expected, run, limits);
    return { ac: judgement.verdict === 'AC', output: run.kind === 'exited' ? run.stdout : undefined };
  };
  const failing = runs.filter((run) => run.failed);
  const onFailing = await mapInOrder(failing, jobs, (run) => judge(run.deck), () => undefined);
  const changedFailing = onFailing.filter((result, i) => result.output !== failing[i].output).length;
  const fixedFailing = onFailing.filter((result) => result.ac).length;
  const trial: MutantTrial = { edit, changedFailing, fixedFailing, fixesAll: false };
  if (fixedFailing < failing.length) return trial;
  const passing = runs.filter((run) => !run.failed);
  const onPassing = await mapInOrder(passing, jobs, (run) => judge(run.deck), () => undefined);
  if (!onPassing.every((result) => result.ac)) return trial;
  trial.fixesAll = true;
  settings.onCandidate?.(edit, runs.length);
  const stressed = await stressPasses(judge, settings);
  if (stressed === undefined) return trial;
  trial.decksPassed = runs.length + stressed;
  trial.diff = unifiedDiff(basename(settings.source), settings.text, applyEdit(settings.text, edit));
  return trial;
}

/** Runs the stress decks in windows; the number passed, or undefined at the first that fails. */
async function stressPasses(
  judge: (deck: JudgedDeck) => Promise<{ ac: boolean }>, settings: TrialSettings,
): Promise<number | undefined> {
  const { game, format, jobs, repairDecks, seed } = settings;
  let passed = 0;
  for (const batch of stressDeckBatches(game, format, seed, repairDecks, jobs * 4, 'repair deck')) {
    const results = await mapInOrder(batch, jobs, judge, () => undefined);
    if (!results.every((result) => result.ac)) return undefined;
    passed += batch.length;
  }
  return passed;
}
