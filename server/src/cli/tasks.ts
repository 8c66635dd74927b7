/**
 * The work done for one deck of a batch (`simulate --out-dir`, `check`), the same whether it
 * runs in the main thread or in a worker: tasks are plain data so they can be posted to one.
 */
import { hasErrors } from '../core/common/problem';
import { analyze, referenceTranscript, type DeckFormat } from './decks';
import type { Io } from './io';
import { formatProblem, outputPath } from './output';
import { formatOf, loadDeck } from './source';
import { queueWrite } from './writeQueue';

export type BatchTask =
  /** Without `outDir` the transcript goes to stdout. */
  | { command: 'simulate'; outDir?: string; format?: DeckFormat }
  | { command: 'check'; format?: DeckFormat };

/** What one deck printed, and whether it failed. */
export interface DeckOutcome {
  stdout: string;
  stderr: string;
  failed: boolean;
}

export interface PendingOutcome extends DeckOutcome {
  /** An error message when writing the deck's output failed. */
  written?: Promise<string | undefined>;
}

/** Runs one deck; never throws: an unexpected error is that deck's internal error. */
export function runTask(task: BatchTask, file: string, io: Io): PendingOutcome {
  try {
    const loaded = loadDeck(file, formatOf(file, task.format), io);
    if ('error' in loaded) return { stdout: '', stderr: loaded.error + '\n', failed: true };
    const { deck } = loaded;
    const analysis = analyze(deck.format, deck.text);
    const stderr = analysis.problems.map((problem) => formatProblem(deck.name, problem) + '\n').join('');
    if (task.command === 'check') return { stdout: '', stderr, failed: hasErrors(analysis.problems) };
    const transcript = referenceTranscript(analysis);
    if (transcript === undefined) return { stdout: '', stderr, failed: true };
    if (task.outDir === undefined) return { stdout: transcript, stderr, failed: false };
    const path = outputPath(task.outDir, file);
    const written = queueWrite(path, transcript).then((code) => code && `deck-sim: cannot write '${path}': ${code}\n`);
    return { stdout: '', stderr, failed: false, written };
  } catch (error) {
    return { stdout: '', stderr: internalError(file, error), failed: true };
  }
}

export function internalError(file: string, error: unknown): string {
  return `deck-sim: internal error on '${file}': ${error instanceof Error ? error.message : String(error)}\n`;
}

/** The outcome once its write has finished (a failed write fails the deck). */
export async function settle(outcome: PendingOutcome): Promise<DeckOutcome> {
  const writeError = outcome.written && (await outcome.written);
  const { stdout, stderr, failed } = outcome;
  return writeError ? { stdout, stderr: stderr + writeError, failed: true } : { stdout, stderr, failed };
}
