/**
 * Batches of runs from a schema program (mutantSchema.ts): one process forks a child per (mutant,
 * deck), so that a run costs a fork, not a program started by deck-sim. A batch tells, run by run
 * in order, whether each passed as the judge judges it, and how a failed one ended where that
 * alone gives the judge's verdict (the time limit, another output, past the output cap, a crash);
 * any other failure (an exit status the server's own failure gives too, a peak memory past the
 * limit, which the judge's sampling may not see) the caller runs again as the judge runs a
 * program. A batch stops at its first failure, or runs through them all. The batch itself runs
 * under the judge's runner: its whole time, its group's memory, its output.
 */
import { backstopBytes } from '../judge/memory';
import { OUTPUT_CAP_BYTES, runSolution, type RunLimits } from '../judge/runner';
import type { Verdict } from '../judge/verdict';
import { BATCH_VARIABLE } from './mutantSchema';

/** One run of a batch: a mutant's number in the schema, the deck's judge input, the reference's transcript. */
export interface BatchRun {
  mutant: number;
  input: string;
  expected: string;
}

/** A run a batch told of: its time, and its verdict, undefined when only the judge's own run of it tells. */
export interface ToldRun {
  ms: number;
  verdict: Verdict | undefined;
}

export interface BatchResult {
  /** The time of each run that passed, in order: the first `passed.length` runs passed. */
  passed: number[];
  /** What each run that passed wrote on the batch's output before its line (a reach variant's record), or ''. */
  reports: string[];
  /** Whether the run after those failed (false: the batch ended before telling; run the rest alone). */
  failed: boolean;
  /** The failed run's verdict and time, when its line tells the judge's verdict. */
  failure?: { verdict: Verdict; ms: number };
}

/** Room for the server itself beside the child it runs, in MB. */
const SERVER_MEMORY_MB = 256;
/** Time for the server itself: reading the batch, forking. */
const SERVER_TIME_MS = 5000;
/** How often the batch's group memory is sampled, in ms: a backstop beside the server's own checks. */
const BATCH_MEMORY_SAMPLE_MS = 50;
/** How a failed run ended, as the server's line says, and the judge's verdict on such a run. */
const ENDS: Readonly<Record<string, Verdict>> = { timeout: 'TLE', wrong: 'WA', output: 'OLE', crash: 'RE' };
const LINE = /^([01]) (\d+)(?: (timeout|wrong|output|crash))?$/;

/**
 * Runs `runs` in order from the schema program `argv`, stopping at the first that does not pass.
 * `reportBytes`: room for what each run may report (a reach variant's record of its marks).
 */
export async function runBatch(
  argv: readonly string[], runs: readonly BatchRun[], limits: RunLimits, signal?: AbortSignal, reportBytes = 0,
): Promise<BatchResult> {
  const passed: number[] = [];
  const reports: string[] = [];
  let report = '';
  for (const line of await serve(argv, runs, limits, false, signal, reportBytes)) {
    const run = toldRun(line);
    if (!run) {
      // A report has lines of its own (the record begins with an empty one); the last one counts.
      if (reportBytes === 0 || passed.length === runs.length) break;
      if (line !== '') report = line;
      continue;
    }
    const { ms, verdict } = run;
    if (verdict !== 'AC') return { passed, reports, failed: true, ...(verdict ? { failure: { verdict, ms } } : {}) };
    passed.push(ms);
    reports.push(report);
    report = '';
  }
  return { passed: passed.slice(0, runs.length), reports: reports.slice(0, runs.length), failed: false };
}

/**
 * Runs every one of `runs` from the schema program `argv`, past any that fails: what the batch
 * told of each, in order, undefined for those after it ended before telling.
 */
export async function runThrough(
  argv: readonly string[], runs: readonly BatchRun[], limits: RunLimits, signal?: AbortSignal,
): Promise<(ToldRun | undefined)[]> {
  const told: (ToldRun | undefined)[] = [];
  for (const line of await serve(argv, runs, limits, true, signal, 0)) {
    const run = toldRun(line);
    if (!run || told.length === runs.length) break;
    told.push(run);
  }
  return runs.map((_, i) => told[i]);
}

/** The run a line of the server's tells of (`PASSED MS[ END]`), or undefined when it is not such a line. */
function toldRun(line: string): ToldRun | undefined {
  const match = LINE.exec(line);
  if (!match) return undefined;
  return { ms: Number(match[2]), verdict: match[1] === '1' ? 'AC' : match[3] ? ENDS[match[3]] : undefined };
}

/** The lines of the batch's output; none when the batch itself did not end normally. */
async function serve(
  argv: readonly string[], runs: readonly BatchRun[], limits: RunLimits, through: boolean,
  signal: AbortSignal | undefined, reportBytes: number,
): Promise<string[]> {
  const frames = runs.map(({ mutant, input, expected }) =>
    `${mutant} ${Buffer.byteLength(input)} ${Buffer.byteLength(expected)}\n${input}${expected}`);
  const spec = [limits.timeLimitMs, limits.memoryLimitMb * 1024 * 1024, backstopBytes(limits.memoryLimitMb),
    limits.outputCap, through ? 1 : 0];
  const batchLimits: RunLimits = {
    timeLimitMs: runs.length * (limits.timeLimitMs + 50) + SERVER_TIME_MS,
    memoryLimitMb: limits.memoryLimitMb + SERVER_MEMORY_MB,
    outputCap: Math.min(OUTPUT_CAP_BYTES, (64 + reportBytes) * (runs.length + 1)),
  };
  // Symbols bound once in the server, not again in each child; the group sampled less often than
  // a solution's run, as each child's own peak is the server's to check.
  const env = { [BATCH_VARIABLE]: spec.join(' '), LD_BIND_NOW: '1' };
  const run = await runSolution(argv, frames.join(''), batchLimits, signal, env, BATCH_MEMORY_SAMPLE_MS);
  return run.kind === 'exited' ? run.stdout.split('\n') : [];
}
