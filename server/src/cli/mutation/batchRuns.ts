/**
 * Batches of runs from a schema program (mutantSchema.ts): one process forks a child per (mutant,
 * deck), so that a run costs a fork, not a program started by deck-sim. A batch tells only how
 * many of its runs, in order, passed (exited 0 with exactly the expected output); it stops at the
 * first that did not, which the caller runs again as the judge runs a program, for its verdict.
 * The batch itself runs under the judge's runner: its whole time, its group's memory, its output.
 */
import { OUTPUT_CAP_BYTES, runSolution, type RunLimits } from '../judge/runner';
import { BATCH_VARIABLE } from './mutantSchema';

/** One run of a batch: a mutant's number in the schema, the deck's judge input, the reference's transcript. */
export interface BatchRun {
  mutant: number;
  input: string;
  expected: string;
}

export interface BatchResult {
  /** The time of each run that passed, in order: the first `passed.length` runs passed. */
  passed: number[];
  /** Whether the run after those failed (false: the batch ended before telling; run the rest alone). */
  failed: boolean;
}

/** Room for the server itself beside the child it runs, in MB. */
const SERVER_MEMORY_MB = 256;
/** Time for the server itself: reading the batch, forking. */
const SERVER_TIME_MS = 5000;

/** Runs `runs` in order from the schema program `argv`, stopping at the first that does not pass. */
export async function runBatch(
  argv: readonly string[], runs: readonly BatchRun[], limits: RunLimits, signal?: AbortSignal,
): Promise<BatchResult> {
  const frames = runs.map(({ mutant, input, expected }) =>
    `${mutant} ${Buffer.byteLength(input)} ${Buffer.byteLength(expected)}\n${input}${expected}`);
  const memoryBytes = limits.memoryLimitMb * 1024 * 1024;
  const env = { [BATCH_VARIABLE]: `${limits.timeLimitMs} ${memoryBytes} ${limits.outputCap}` };
  const batchLimits: RunLimits = {
    timeLimitMs: runs.length * (limits.timeLimitMs + 50) + SERVER_TIME_MS,
    memoryLimitMb: limits.memoryLimitMb + SERVER_MEMORY_MB,
    outputCap: Math.min(OUTPUT_CAP_BYTES, 64 * (runs.length + 1)),
  };
  const run = await runSolution(argv, frames.join(''), batchLimits, signal, env);
  const lines = run.kind === 'exited' ? run.stdout.split('\n') : [];
  const passed: number[] = [];
  for (const line of lines) {
    const match = /^([01]) (\d+)$/.exec(line);
    if (!match) break;
    if (match[1] === '0') return { passed, failed: true };
    passed.push(Number(match[2]));
  }
  return { passed: passed.slice(0, runs.length), failed: false };
}
