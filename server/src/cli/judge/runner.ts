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

export function runSolution(argv: readonly string[], input: string, limits: RunLimits): Promise<RunResult> {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const elapsed = () => Math.round(Number(process.hrtime.bigint() - start) / 1e6);
    const child = spawn(argv[0], argv.slice(1), { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let ended: RunResult | undefined;
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    const finish = (result: RunResult) => {
      if (ended) return;
      ended = result;
      clearTimeout(timer);
      killGroup();
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
    child.on('exit', killGroup);
    // 'close' waits for the pipes too, so output written just before exit is not lost.
    child.on('close', (code, signal) => {
      finish({ kind: 'exited', ms: elapsed(), stdout: Buffer.concat(stdout).toString('utf8'), code, signal, stderr });
    });
    // A solution that exits without reading its input makes writing fail: that is not our error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
