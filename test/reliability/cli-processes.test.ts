/**
 * The processes `judge` and `stress` start end with their run, however deck-sim ends: a reader
 * that goes away, a child that leaves the solution's group, too few descriptors, Ctrl-C while
 * shrinking. Each test waits for states (a pid file, an exit) under one generous limit, and
 * kills whatever it started even when it fails.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cliJudge } from '../../client/src/judge/cliJudge';
import { cli, gone, killAll, solution, tempDir, waitFor, within } from '../cli/harness';
import { conformanceCases, repoRoot, sharedDir, sharedSkip } from '../helpers';

const bin = join(repoRoot, 'bin', 'deck-sim.js');
const official01 = join(sharedDir, 'conformance', 'mahjong', 'official-01.in');

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function readPid(file: string): number {
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : NaN;
}

describe('judge ends every run it started', { skip: sharedSkip }, () => {
  test('stdout closed after the first line (`| head -1`): no solution is left running', async () => {
    const dir = tempDir();
    const holds = join(dir, 'holds');
    mkdirSync(holds);
    // Three decks told apart by their first line, which each held solution writes to its pid file.
    const decks: { file: string; first: string }[] = [];
    for (const deck of conformanceCases('mahjong')) {
      const first = deck.input.split('\n')[0];
      if (decks.some((d) => d.first === first)) continue;
      const file = join(dir, `${decks.length}.mjdeck`);
      writeFileSync(file, deck.input);
      decks.push({ file, first });
      if (decks.length === 3) break;
    }
    const pids = () => readdirSync(holds).filter((name) => name.endsWith('.pid')).map((name) => parseInt(name, 10));
    const run = spawn(process.execPath, [bin, 'judge', '--jobs', '3', '--time-limit', '600000',
      '--solution', solution('misbehaving', 'hold', holds), ...decks.map((d) => d.file)],
    { stdio: ['ignore', 'pipe', 'pipe'] });
    const end = exited(run);
    try {
      await waitFor('three solutions to start', () => pids().length === 3);
      let firstLine = '';
      run.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        firstLine += chunk;
      });
      writeFileSync(join(holds, `release-${decks[0].first}`), '');
      await waitFor('the first verdict', () => firstLine.includes('\n'));
      assert.match(firstLine, new RegExp(`^${decks[0].file}: WA \\d+ ms, first difference at line 1\n`));
      run.stdout!.destroy();
      // The second verdict is written to a pipe nobody reads: deck-sim ends, the third deck still running.
      writeFileSync(join(holds, `release-${decks[1].first}`), '');
      assert.deepEqual(await within('deck-sim', end), { code: 1, signal: null });
      for (const pid of pids()) assert.equal(await gone(pid), true, `solution ${pid} survived`);
    } finally {
      run.kill('SIGKILL');
      killAll(pids());
    }
  });

  test('a child that leaves the group holding the output: judged on exit, the child killed', async () => {
    const pidFile = join(tempDir(), 'pid');
    try {
      const result = await within('judge', cli(['judge', '--json', '--time-limit', '600000',
        '--solution', solution('misbehaving', 'escape', pidFile), official01]));
      assert.equal(result.status, 1);
      const { ms, ...record } = JSON.parse(result.stdout) as Record<string, unknown>;
      assert.equal(typeof ms, 'number');
      assert.deepEqual([record.verdict, record.line, record.actual], ['WA', 1, '']);
      assert.equal(await gone(readPid(pidFile)), true, 'the escaped child survived');
    } finally {
      killAll([readPid(pidFile)]);
    }
  });

  test('a child that leaves the group with nothing of the run: killed with the group at the time limit',
    async () => {
    const pidFile = join(tempDir(), 'pid');
    try {
      const result = await within('judge', cli(['judge', '--json', '--time-limit', '2000',
        '--solution', solution('misbehaving', 'escapeQuiet', pidFile), official01]));
      assert.equal(JSON.parse(result.stdout).verdict, 'TLE');
      assert.equal(await gone(readPid(pidFile)), true, 'the escaped child survived');
    } finally {
      killAll([readPid(pidFile)]);
    }
  });

  test('more jobs than descriptors allow: every deck judged, the runs wait for each other', () => {
    const dir = tempDir();
    const files = Array.from({ length: 40 }, (_, i) => join(dir, `${i}.mjdeck`));
    for (const file of files) writeFileSync(file, readFileSync(official01));
    // `cat` echoes the deck: a WA on each, with no engine to start.
    const result = spawnSync('sh', ['-c', 'ulimit -n 64 && exec "$0" "$@"', process.execPath, bin, 'judge', '--json',
      '--jobs', '40', '--time-limit', '600000', '--solution', 'cat', ...files], { encoding: 'utf8', timeout: 300_000 });
    assert.equal(result.stderr, '0 passed, 40 failed\n');
    assert.equal(result.status, 1);
    const records = result.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, string>);
    assert.deepEqual(records.map((r) => [r.deck, r.verdict]), files.map((file) => [file, 'WA']));
  });
});

describe("the Testing view's judge", { skip: sharedSkip }, () => {
  test('cancelling the run stops the CLI, which ends the solution it is running', async () => {
    const pidFile = join(tempDir(), 'pid');
    const abort = new AbortController();
    const runJudge = cliJudge(join(repoRoot, 'out', 'server', 'src', 'cli', 'main.js'));
    const judged = runJudge(official01, solution('misbehaving', 'fork', pidFile),
      { timeLimitMs: 600_000, memoryLimitMb: 1024 }, abort.signal);
    try {
      await waitFor('the solution to start', () => readPid(pidFile) > 0);
      abort.abort();
      await assert.rejects(within('the judge', judged), { name: 'AbortError' });
      assert.equal(await gone(readPid(pidFile)), true, 'the solution\'s child survived');
    } finally {
      killAll([readPid(pidFile)]);
    }
  });
});

describe('stress keeps its counterexample', { skip: sharedSkip }, () => {
  test('Ctrl-C while shrinking: the failing deck found is in --out, whole', async () => {
    const dir = tempDir();
    const out = join(dir, 'cx.mjdeck');
    // Once --out exists every run hangs, so the shrink is still going when Ctrl-C comes.
    const run = spawn(process.execPath, [bin, 'stress', '--seed', '7', '--jobs', '1', '--time-limit', '600000',
      '--solution', solution('neverClaims', 'mjdeck', out), '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
    const end = exited(run);
    try {
      await waitFor('the counterexample file', () => existsSync(out));
      run.kill('SIGINT');
      assert.deepEqual(await within('stress', end), { code: null, signal: 'SIGINT' });
      const [title, verdict] = readFileSync(out, 'utf8').split('\n');
      assert.equal(title, '# deck-sim stress counterexample: seed 7, deck 1 (shuffle)');
      assert.match(verdict, /^# verdict WA, first differing line (\d+) \(unshrunk: \1\)$/);
      assert.deepEqual(readdirSync(dir), ['cx.mjdeck']);
      const judged = await cli(['judge', '--json', '--time-limit', '600000', '--solution',
        solution('neverClaims', 'mjdeck'), out]);
      assert.equal(JSON.parse(judged.stdout).line, Number(/line (\d+)/.exec(verdict)![1]));
    } finally {
      run.kill('SIGKILL');
    }
  });
});
