/**
 * Runs a user's solution once: no shell, its own process group, a time limit, a memory limit
 * (memory.ts) and an output cap, past any of which the whole group is killed. The only place the
 * CLI starts a program.
 *
 * A run is over when its output ends, at the time limit or past the output cap. Then its group
 * is killed, with the descendants of its members that left it (found first, through /proc) and,
 * should its pipes stay open, every process carrying the run's mark (DECK_SIM_RUN in the
 * environment it inherited). However deck-sim ends, every run is ended so first. A process that
 * left the group, lost its parent and dropped the mark is out of reach.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { descendantsOutsideGroup, processesWithEnvironment } from './strays';
import { allocationFailure, groupMemory, withBackstop } from './memory';
import { SETTINGS } from '../../protocol/settings';

export const DEFAULT_TIME_LIMIT_MS = 1000;
/** A common contest limit: why it was chosen is in docs/cli.md, "The memory limit". */
export const DEFAULT_MEMORY_LIMIT_MB = SETTINGS['solution.memoryLimitMb'].default;
export const MAX_MEMORY_LIMIT_MB = SETTINGS['solution.memoryLimitMb'].maximum;
export const OUTPUT_CAP_BYTES = 16 * 1024 * 1024;
const STDERR_KEPT = 4096;
const MB = 1024 * 1024;
/** How long pipes may stay open once the solution has exited or was killed, before their holders are sought. */
const PIPE_GRACE_MS = 200;
/** How often a run's resident memory is sampled. */
const MEMORY_SAMPLE_MS = 10;
/** Spawning fails this way when deck-sim is out of descriptors or processes: wait for a run to end. */
const RETRY_CODES = new Set(['EMFILE', 'ENFILE', 'EAGAIN']);
/** Marks a run's processes, so that those which left its group can still be found. */
const RUN_MARK = 'DECK_SIM_RUN';
const markPrefix = `${process.pid}-${randomBytes(6).toString('hex')}-`;
let runCount = 0;

export interface RunLimits {
  timeLimitMs: number;
  /** The resident memory of all the run's processes together, in MB (1024 × 1024 bytes). */
  memoryLimitMb: number;
  outputCap: number;
}

export type RunResult =
  | { kind: 'exited'; ms: number; stdout: string; code: number | null; signal: NodeJS.Signals | null; stderr: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'outputLimit'; ms: number }
  /** Stopped past the memory limit, or (`stopped` false) failed saying an allocation failed, from that line on. */
  | { kind: 'memoryLimit'; ms: number; stopped: boolean; stderr: string }
  /** `outOfResources`: spawning failed for want of descriptors or processes, not because of the program. */
  | { kind: 'notStarted'; ms: number; error: string; outOfResources: boolean };

/** A started solution, from its spawn until its pipes are closed. */
interface LiveRun {
  child: ChildProcess;
  pgid: number;
  /** `RUN_MARK=value`, unique to this run, in the environment of the solution and all it starts. */
  mark: string;
  /** Set once the group was killed or found empty: after that its id may be another program's. */
  groupEnded: boolean;
}

/** Runs whose pipes are open: a solution has its own group, so Ctrl-C would not reach it. */
const live = new Set<LiveRun>();
/** Spawns waiting for a run's pipes to close and free descriptors. */
let waiting: (() => void)[] = [];
let endingHandled = false;

/** However deck-sim ends (done, EPIPE, an error, Ctrl-C or a kill), every run ends first. */
function handleEnding(): void {
  if (endingHandled) return;
  endingHandled = true;
  process.on('exit', endAllRuns);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      endAllRuns();
      process.kill(process.pid, signal);
    });
  }
}

/** Ends every run now (also for a command's own signal handler, before it removes their folders). */
export function endAllRuns(): void {
  for (const run of live) endGroup(run);
  for (const pid of processesWithEnvironment(new Set([...live].map((run) => run.mark)))) kill(pid);
  for (const run of live) closePipes(run);
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills the group and its descendants outside it, found first: once dead they could not be traced. */
function endGroup(run: LiveRun): void {
  if (run.groupEnded) return;
  run.groupEnded = true;
  const strays = descendantsOutsideGroup(run.pgid);
  kill(-run.pgid);
  for (const pid of strays) kill(pid);
}

/** Whether any process is left in the run's group. */
function groupAlive(run: LiveRun): boolean {
  try {
    process.kill(-run.pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills what is left of the run's processes wherever they went, then closes deck-sim's ends of its pipes. */
function releasePipes(run: LiveRun): void {
  for (const pid of processesWithEnvironment(new Set([run.mark]))) kill(pid);
  closePipes(run);
}

function closePipes(run: LiveRun): void {
  for (const stream of [run.child.stdin, run.child.stdout, run.child.stderr]) stream?.destroy();
}

/**
 * Runs `argv` on `input`, `env` added to deck-sim's environment, its memory sampled every
 * `memorySampleMs`. Once `signal` aborts, the run is ended at once, as at its time limit (the
 * caller who aborted ignores the result), and none is started.
 */
export async function runSolution(
  argv: readonly string[], input: string, limits: RunLimits, signal?: AbortSignal,
  env?: Readonly<Record<string, string>>, memorySampleMs = MEMORY_SAMPLE_MS,
): Promise<RunResult> {
  handleEnding();
  for (;;) {
    if (signal?.aborted) return { kind: 'notStarted', ms: 0, error: 'cancelled', outOfResources: false };
    const result = await runOnce(argv, input, limits, signal, env, memorySampleMs);
    // Out of descriptors while other runs hold some: start once one of them has ended.
    if (result.kind !== 'notStarted' || !result.outOfResources || live.size === 0) return result;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function notStarted(argv: readonly string[], ms: number, error: NodeJS.ErrnoException): RunResult {
  const code = error.code ?? error.message;
  const outOfResources = RETRY_CODES.has(code);
  const why = outOfResources ? ' (too many open files or processes: lower --jobs or raise the limit)' : '';
  return { kind: 'notStarted', ms, error: `cannot run '${argv[0]}': ${code}${why}`, outOfResources };
}

/** A run's pipes closed: one waiting spawn may try again, or all of them when no run is left to wait for. */
function wakeWaiting(): void {
  if (live.size > 0) {
    waiting.shift()?.();
    return;
  }
  const all = waiting;
  waiting = [];
  for (const wake of all) wake();
}

function runOnce(
  argv: readonly string[], input: string, limits: RunLimits, signal: AbortSignal | undefined,
  extraEnv: Readonly<Record<string, string>> | undefined, memorySampleMs: number,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const elapsed = () => Math.round(Number(process.hrtime.bigint() - start) / 1e6);
    let child: ChildProcess;
    let mark: string;
    let backstop = false;
    try {
      const env = { ...process.env, ...extraEnv, [RUN_MARK]: markPrefix + String(++runCount) };
      mark = `${RUN_MARK}=${env[RUN_MARK]}`;
      const limited = withBackstop(argv, limits.memoryLimitMb);
      backstop = limited.backstop;
      child = spawn(limited.argv[0], limited.argv.slice(1), { detached: true, stdio: ['pipe', 'pipe', 'pipe'], env });
    } catch (error) {
      resolve(notStarted(argv, elapsed(), error as NodeJS.ErrnoException));
      return;
    }
    const { pid, stdin, stdout, stderr } = child;
    if (pid === undefined || !stdin || !stdout || !stderr) {
      // Nothing started and there are no pipes: the reason comes as an 'error' event.
      child.once('error', (error: NodeJS.ErrnoException) => resolve(notStarted(argv, elapsed(), error)));
      return;
    }
    const run: LiveRun = { child, pgid: pid, mark, groupEnded: false };
    live.add(run);
    const out: Buffer[] = [];
    let outBytes = 0;
    let errText = '';
    let ended = false;
    let grace: NodeJS.Timeout | undefined;
    // Pipes still open a while after the solution is gone are held by something that left its group.
    const awaitPipes = () => {
      grace ??= setTimeout(() => releasePipes(run), PIPE_GRACE_MS);
    };
    const finish = (result: RunResult) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      clearInterval(sampler);
      signal?.removeEventListener('abort', cancel);
      endGroup(run);
      awaitPipes();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: elapsed() }), limits.timeLimitMs);
    const memory = groupMemory(pid);
    const sampler = memory && setInterval(() => {
      if (memory.sample() <= limits.memoryLimitMb * MB) return;
      finish({ kind: 'memoryLimit', ms: elapsed(), stopped: true, stderr: errText });
    }, memorySampleMs);
    const cancel = () => finish({ kind: 'timeout', ms: elapsed() });
    signal?.addEventListener('abort', cancel, { once: true });
    if (signal?.aborted) cancel();
    child.on('error', (error: NodeJS.ErrnoException) => finish(notStarted(argv, elapsed(), error)));
    stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > limits.outputCap) finish({ kind: 'outputLimit', ms: elapsed() });
      else out.push(chunk);
    });
    stderr.on('data', (chunk: Buffer) => {
      errText = (errText + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    // Whatever the solution left in its group goes with it; its output stays readable in the pipes.
    child.on('exit', () => {
      clearInterval(sampler);
      if (!run.groupEnded && groupAlive(run)) endGroup(run);
      run.groupEnded = true;
      awaitPipes();
    });
    // 'close' waits for the pipes too, so output written just before exit is not lost.
    child.on('close', (code, signal) => {
      clearTimeout(grace);
      live.delete(run);
      wakeWaiting();
      // A failure at the backstop is the program's own, but the limit is why.
      const failure = backstop && (code !== 0 || signal !== null) ? allocationFailure(errText) : undefined;
      if (failure !== undefined) {
        finish({ kind: 'memoryLimit', ms: elapsed(), stopped: false, stderr: failure });
        return;
      }
      const stdoutText = Buffer.concat(out).toString('utf8');
      finish({ kind: 'exited', ms: elapsed(), stdout: stdoutText, code, signal, stderr: errText });
    });
    // A solution that exits without reading its input makes writing fail: that is not our error.
    stdin.on('error', () => undefined);
    stdin.end(input);
  });
}
