/**
 * Runs a user's solution once: no shell, its own process group, a time limit and an output
 * cap, after either of which the whole group is killed. The only place the CLI starts a program.
 */
import { spawn } from 'node:child_process';

export const DEFAULT_TIME_LIMIT_MS = 1000;
export const OUTPUT_CAP_BYTES = 16 * 1024 * 1024;
const STDERR_KEPT = 4096;

export interface RunLimits {
  timeLimitMs: number;
  outputCap: number;
}

export type RunResult =
  | { kind: 'exited'; ms: number; stdout: string; code: number | null; signal: NodeJS.Signals | null; stderr: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'outputLimit'; ms: number }
  | { kind: 'notStarted'; ms: number; error: string };

/** Process groups still running: a solution has its own group, so Ctrl-C would not reach it. */
const running = new Set<number>();
let interruptsHandled = false;

/** On Ctrl-C or a kill, takes the running solutions down too, then ends as the signal would. */
function handleInterrupts(): void {
  if (interruptsHandled) return;
  interruptsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const pid of running) killGroup(pid);
      process.kill(process.pid, signal);
    });
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

export function runSolution(argv: readonly string[], input: string, limits: RunLimits): Promise<RunResult> {
  handleInterrupts();
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const elapsed = () => Math.round(Number(process.hrtime.bigint() - start) / 1e6);
    const child = spawn(argv[0], argv.slice(1), { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let ended: RunResult | undefined;
    const pid = child.pid;
    if (pid !== undefined) running.add(pid);
    const endGroup = () => {
      // Once only: after that the group id may be free for another program to take.
      if (pid === undefined || !running.has(pid)) return;
      killGroup(pid);
      running.delete(pid);
    };
    const finish = (result: RunResult) => {
      if (ended) return;
      ended = result;
      clearTimeout(timer);
      endGroup();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: elapsed() }), limits.timeLimitMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish({ kind: 'notStarted', ms: elapsed(), error: `cannot run '${argv[0]}': ${error.code ?? error.message}` });
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > limits.outputCap) finish({ kind: 'outputLimit', ms: elapsed() });
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    // Whatever the solution left running goes with it; its output stays readable in the pipes.
    child.on('exit', endGroup);
    // 'close' waits for the pipes too, so output written just before exit is not lost.
    child.on('close', (code, signal) => {
      finish({ kind: 'exited', ms: elapsed(), stdout: Buffer.concat(stdout).toString('utf8'), code, signal, stderr });
    });
    // A solution that exits without reading its input makes writing fail: that is not our error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
