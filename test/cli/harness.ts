/** Runs the CLI in process and captures what it prints: shared by the CLI suites. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, type Io } from '../../server/src/cli/main';

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export async function cli(args: string[], stdin = ''): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, readStdin: () => stdin };
  const status = await run(args, io);
  return { status, stdout, stderr };
}

/** The command line that runs test solution `name` (test/cli/solutions/NAME.ts) with node. */
export function solution(name: string, ...args: string[]): string {
  return [`"${process.execPath}"`, join(__dirname, 'solutions', `${name}.js`), ...args].join(' ');
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'deck-sim-'));
}

/** Whether a process has ended (a zombie waiting for init counts as ended). */
export async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    let state: string;
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0];
    } catch {
      return true;
    }
    if (state === 'Z') return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** Waits until `ready()` is true, checking every 50 ms, or fails after one generous limit. */
export async function waitFor(what: string, ready: () => boolean, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `promise`, or a failure naming `what` once the generous limit has passed. */
export async function within<T>(what: string, promise: Promise<T>, limitMs = 120_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${limitMs} ms`)), limitMs);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills processes a test started, whatever state they are in (cleanup, so errors are ignored). */
export function killAll(pids: Iterable<number>): void {
  for (const pid of pids) {
    if (!Number.isInteger(pid) || pid <= 1) continue; // 0 or -1 would mean a whole group
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
