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
