/**
 * The work done for one deck of a batch (`simulate --out-dir`, `check`), the same whether it
 * runs in the main thread or in a worker: tasks are plain data so they can be posted to one.
 */
import { hasErrors, type Problem, type Severity } from '../core/problem';
import { simulate, type DeckFormat } from './gameFormats';
import type { Io } from './processIo';
import { formatProblems, outputPath } from './outputFormat';
import { loadDeck } from './deckSource';

export type BatchTask =
  | { command: 'simulate'; outDir: string; format?: DeckFormat }
  | { command: 'check'; format?: DeckFormat };

/** What one deck printed to stderr, the file it asks to be written, and whether it failed. */
export interface DeckOutcome {
  stderr: string;
  failed: boolean;
  /** The problems printed, by severity; a deck that cannot be read or run counts one error. */
  problems?: ProblemTally;
  output?: { path: string; text: string };
}

/** Problems by severity, and how many decks had any. */
export type ProblemTally = Record<Severity, number> & { decks: number };

export function emptyTally(): ProblemTally {
  return { error: 0, warning: 0, information: 0, decks: 0 };
}

/** Adds `more` into `into`. */
export function addTally(into: ProblemTally, more: ProblemTally): void {
  into.error += more.error;
  into.warning += more.warning;
  into.information += more.information;
  into.decks += more.decks;
}

function tallyOf(problems: readonly Problem[]): ProblemTally {
  const tally = emptyTally();
  for (const problem of problems) tally[problem.severity]++;
  tally.decks = problems.length > 0 ? 1 : 0;
  return tally;
}

const ONE_ERROR: ProblemTally = { error: 1, warning: 0, information: 0, decks: 1 };

/** Runs one deck; never throws: an unexpected error is that deck's internal error. */
export function runTask(task: BatchTask, file: string, io: Io): DeckOutcome {
  try {
    const loaded = loadDeck(file, task.format, io);
    if ('error' in loaded) return { stderr: loaded.error + '\n', failed: true, problems: ONE_ERROR };
    const { deck } = loaded;
    const analysis = simulate(deck.format, deck.text);
    const stderr = formatProblems(deck.name, analysis.problems);
    if (task.command === 'check') {
      return { stderr, failed: hasErrors(analysis.problems), problems: tallyOf(analysis.problems) };
    }
    const transcript = analysis.transcript();
    if (transcript === undefined) return { stderr, failed: true };
    return { stderr, failed: false, output: { path: outputPath(task.outDir, file), text: transcript } };
  } catch (error) {
    return { stderr: internalError(file, error), failed: true, problems: ONE_ERROR };
  }
}

export function internalError(file: string, error: unknown): string {
  return `deck-sim: internal error on '${file}': ${error instanceof Error ? error.message : String(error)}\n`;
}
