/**
 * The work done for one deck of a batch (`simulate --out-dir`, `check`), the same whether it
 * runs in the main thread or in a worker: tasks are plain data so they can be posted to one.
 */
import { hasErrors } from '../core/common/problem';
import { simulate, type DeckFormat } from './decks';
import type { Io } from './io';
import { formatProblem, outputPath } from './output';
import { loadDeck } from './source';

export type BatchTask =
  | { command: 'simulate'; outDir: string; format?: DeckFormat }
  | { command: 'check'; format?: DeckFormat };

/** What one deck printed to stderr, the file it asks to be written, and whether it failed. */
export interface DeckOutcome {
  stderr: string;
  failed: boolean;
  output?: { path: string; text: string };
}

/** Runs one deck; never throws: an unexpected error is that deck's internal error. */
export function runTask(task: BatchTask, file: string, io: Io): DeckOutcome {
  try {
    const loaded = loadDeck(file, task.format, io);
    if ('error' in loaded) return { stderr: loaded.error + '\n', failed: true };
    const { deck } = loaded;
    const analysis = simulate(deck.format, deck.text);
    const stderr = analysis.problems.map((problem) => formatProblem(deck.name, problem) + '\n').join('');
    if (task.command === 'check') return { stderr, failed: hasErrors(analysis.problems) };
    const transcript = analysis.transcript();
    if (transcript === undefined) return { stderr, failed: true };
    return { stderr, failed: false, output: { path: outputPath(task.outDir, file), text: transcript } };
  } catch (error) {
    return { stderr: internalError(file, error), failed: true };
  }
}

export function internalError(file: string, error: unknown): string {
  return `deck-sim: internal error on '${file}': ${error instanceof Error ? error.message : String(error)}\n`;
}
