/**
 * Batches of runs from a schema program (mutantSchema.ts): one process forks a child per (mutant,
 * deck), so that a run costs a fork, not a program started by deck-sim. A batch tells only how
 * many of its runs, in order, passed (exited 0 with exactly the expected output); it stops at the
 * first that did not, which the caller runs again as the judge runs a program, for its verdict,
 * unless the time limit stopped it: the judge's run would be stopped there too (TLE), and a second
 * run as long buys nothing. The batch itself runs under the judge's runner: its whole time, its
 * group's memory, its output.
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
  /** What each run that passed wrote on the batch's output before its line (a reach variant's record), or ''. */
  reports: string[];
  /** Whether the run after those failed (false: the batch ended before telling; run the rest alone). */
  failed: boolean;
  /** Set when the failed run was stopped at the time limit: its time, in ms. */
  timedOutMs?: number;
}

/** Room for the server itself beside the child it runs, in MB. */
const SERVER_MEMORY_MB = 256;
/** Time for the server itself: reading the batch, forking. */
const SERVER_TIME_MS = 5000;

/**
 * Runs `runs` in order from the schema program `argv`, stopping at the first that does not pass.
 * `reportBytes`: room for what each run may report (a reach variant's record of its marks).
 */
export async function runBatch(
  argv: readonly string[], runs: readonly BatchRun[], limits: RunLimits, signal?: AbortSignal, reportBytes = 0,
): Promise<BatchResult> {
  const frames = runs.map(({ mutant, input, expected }) =>
    `${mutant} ${Buffer.byteLength(input)} ${Buffer.byteLength(expected)}\n${input}${expected}`);
  const memoryBytes = limits.memoryLimitMb * 1024 * 1024;
  const env = { [BATCH_VARIABLE]: `${limits.timeLimitMs} ${memoryBytes} ${limits.outputCap}` };
  const batchLimits: RunLimits = {
    timeLimitMs: runs.length * (limits.timeLimitMs + 50) + SERVER_TIME_MS,
    memoryLimitMb: limits.memoryLimitMb + SERVER_MEMORY_MB,
    outputCap: Math.min(OUTPUT_CAP_BYTES, (64 + reportBytes) * (runs.length + 1)),
  };
  const run = await runSolution(argv, frames.join(''), batchLimits, signal, env);
  const lines = run.kind === 'exited' ? run.stdout.split('\n') : [];
  const passed: number[] = [];
  const reports: string[] = [];
  let report = '';
  for (const line of lines) {
    const match = /^([01]) (\d+)( timeout)?$/.exec(line);
    if (!match) {
      // A report has lines of its own (the record begins with an empty one); the last one counts.
      if (reportBytes === 0 || passed.length === runs.length) break;
      if (line !== '') report = line;
      continue;
    }
    if (match[1] === '0') {
      return { passed, reports, failed: true, ...(match[3] ? { timedOutMs: Number(match[2]) } : {}) };
    }
    passed.push(Number(match[2]));
    reports.push(report);
    report = '';
  }
  return { passed: passed.slice(0, runs.length), reports: reports.slice(0, runs.length), failed: false };
}
