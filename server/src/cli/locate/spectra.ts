/**
 * The runs behind a ranking: the solution, built for coverage, on the given decks, then on decks
 * of a guided stress run (the game's generators and the catalogue's targeted decks) until there
 * are enough failing and passing runs, or the budget of decks is spent.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DeckGame } from '../../core/deckGame';
import type { DeckFormat } from '../gameFormats';
import type { JudgedDeck } from '../judge/prepare';
import { runSolution, type RunLimits } from '../judge/runner';
import { judgeRun, type Verdict } from '../judge/verdict';
import { mapInOrder } from '../pool';
import type { CoverageProgram } from './coverage';
import type { Spectrum } from './ochiai';
import { stressDeckBatches } from './stressDecks';

export interface SpectrumRun extends Spectrum {
  deck: JudgedDeck;
  verdict: Verdict;
  /** What a failing run printed, for telling which mutants change it. */
  output?: string;
}

export interface SpectraSettings {
  jobs: number;
  /** The limits of a coverage run. */
  limits: RunLimits;
  /** Stress decks the search may add. */
  stressDecks: number;
  /** Enough of each kind of run: the search stops once it has these. */
  wantFailing: number;
  wantPassing: number;
  seed: number;
  onRun?: () => void;
}

export interface Spectra {
  runs: SpectrumRun[];
  /** Runs that left no record of their lines (stopped at the time limit), left out of `runs`. */
  unrecorded: number;
}

/** Runs the coverage build on `decks`, then on stress decks while failing or passing runs are short. */
export async function collectSpectra(
  program: CoverageProgram, decks: readonly JudgedDeck[], game: DeckGame, format: DeckFormat, workDir: string,
  settings: SpectraSettings,
): Promise<Spectra> {
  const spectra: Spectra = { runs: [], unrecorded: 0 };
  let runCount = 0;
  const runOne = async (deck: JudgedDeck): Promise<SpectrumRun | undefined> => {
    const runDir = join(workDir, 'runs', String(++runCount));
    mkdirSync(runDir, { recursive: true });
    const run = await runSolution(program.argv(runDir), deck.input, settings.limits);
    const judgement = judgeRun(deck.name, deck.analysis, deck.expected, run, settings.limits);
    const lines = await program.linesOf(runDir);
    if (!lines || judgement.verdict === 'INVALID') return undefined;
    const failed = judgement.verdict !== 'AC';
    const output = failed && run.kind === 'exited' ? run.stdout : undefined;
    return { deck, verdict: judgement.verdict, failed, lines, output };
  };
  const add = (results: (SpectrumRun | undefined)[]) => {
    for (const result of results) {
      if (result) spectra.runs.push(result);
      else spectra.unrecorded++;
    }
  };
  const emit = () => settings.onRun?.();
  add(await mapInOrder(decks, settings.jobs, runOne, emit));
  const short = () => spectra.runs.filter((r) => r.failed).length < settings.wantFailing
    || spectra.runs.filter((r) => !r.failed).length < settings.wantPassing;
  for (const batch of stressDeckBatches(game, format, settings.seed, settings.stressDecks, settings.jobs * 2,
    'stress deck')) {
    if (!short()) break;
    add(await mapInOrder(batch, settings.jobs, runOne, emit));
  }
  return spectra;
}
