/**
 * The judge and the stress test through the extension's own bundled CLI (dist/cli.js, the same
 * code as `deck-sim judge --json` and `deck-sim stress`), run by VS Code's Node. The CLI starts
 * the solution without a shell, with the time limit and output cap, and kills its process group.
 */
import { spawn } from 'node:child_process';
import type { JudgeVerdict, RunJudge, RunLocate, RunStress, SolutionLimits } from './judgeApi';

/** The CLI's exit status for a usage error: a bug here, or a CLI too old for these options. */
const USAGE_ERROR = 2;

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI. `signal` stops it with SIGTERM (a cancelled test run, or the stress test, which
 * has no end of its own), on which the CLI kills the solution it is running.
 */
export function runCli(
  cliPath: string, args: string[], signal: AbortSignal | undefined, onLine?: (line: string) => void,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, // VS Code's own binary, as plain Node
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGTERM',
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    const lines = (chunk: string) => {
      if (!onLine) return;
      const parts = (partial + chunk).split(/\r\n|\r|\n/);
      partial = parts.pop()!;
      for (const line of parts) if (line.trim() !== '') onLine(line);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; lines(chunk); });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; lines(chunk); });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The CLI's own first line says what went wrong (a usage error's message, an error's name). */
export function failure(what: string, finished: Finished): Error {
  const said = (finished.stderr || finished.stdout).trim().split('\n')[0];
  return new Error(`${what} failed (exit status ${finished.status}): ${said}`);
}

function limitArgs(limits: SolutionLimits): string[] {
  return ['--time-limit', String(limits.timeLimitMs), '--memory-limit', String(limits.memoryLimitMb)];
}

export function cliJudge(cliPath: string): RunJudge {
  return async (deckPath, command, limits, signal) => {
    const args = ['judge', '--json', '--solution', command, ...limitArgs(limits), deckPath];
    const finished = await runCli(cliPath, args, signal);
    const line = finished.stdout.split('\n').find((l) => l.startsWith('{'));
    if (finished.status === USAGE_ERROR || !line) throw failure('deck-sim judge', finished);
    return JSON.parse(line) as JudgeVerdict;
  };
}

export function cliStress(cliPath: string): RunStress {
  return async ({ command, game, seed, limits, out, onProgress, signal }) => {
    const args = [
      'stress', '--solution', command, '--game', game, '--seed', String(seed), ...limitArgs(limits),
      // The caller owns `out` (a fresh temporary name): replacing a leftover there is intended.
      '--out', out, '--force',
    ];
    const finished = await runCli(cliPath, args, signal, onProgress);
    if (finished.status !== 0 && finished.status !== 1) throw failure('deck-sim stress', finished);
    const report = finished.stdout.trim();
    // `stress: deck 12 (…) fails: WA at line 40`, `shrunk in 57 runs: …`, or `stress: 10000 decks passed …`.
    const summary = report.split('\n').filter((line) => /^(stress|shrunk)\b/.test(line)).join(' · ');
    return { failed: finished.status === 1, summary, report };
  };
}

/** The lines shown as a heat map: more than the CLI's five, fewer than a screen. */
const LOCATE_TOP = 12;

export function cliLocate(cliPath: string): RunLocate {
  return async (deckPath, sourcePath, limits, signal, onProgress, budgets = {}) => {
    const budgetArgs = ([['--mutants', budgets.mutants], ['--stress', budgets.stressDecks],
      ['--repair-decks', budgets.repairDecks]] as const).flatMap(([option, value]) =>
      (value === undefined ? [] : [option, String(value)]));
    const args = [
      'locate', '--json', '--repair', '--top', String(LOCATE_TOP), ...budgetArgs, '--solution-source', sourcePath,
      ...limitArgs(limits), deckPath,
    ];
    const finished = await runCli(cliPath, args, signal, (line) => {
      if (!line.startsWith('{')) onProgress(line);
    });
    // 0: lines ranked; 1: no run failed (the JSON says so); 2: a usage error or a failed build.
    const line = finished.stdout.split('\n').find((l) => l.startsWith('{'));
    if ((finished.status !== 0 && finished.status !== 1) || !line) throw failure('deck-sim locate', finished);
    return line;
  };
}
