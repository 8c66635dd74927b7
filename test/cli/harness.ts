/** Runs the CLI in process and captures what it prints: shared by the CLI suites. */
import { mkdtempSync } from 'node:fs';
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

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'deck-sim-'));
}
