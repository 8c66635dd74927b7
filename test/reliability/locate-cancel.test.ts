/**
 * `deck-sim locate` stopped midway (Ctrl-C, SIGTERM, VS Code's Cancel): it ends by the signal,
 * every build and run it started ends with it, and its scratch folders go. A wrong ⑨ solution is
 * the public reference with one token changed. Each test waits for states (a progress line, a
 * process carrying the run's mark) under one generous limit, and kills what it started.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cliLocate } from '../../client/src/judge/cliJudge';
import { tempDir, waitFor, within } from '../cli/harness';
import { repoRoot, sharedDir, sharedSkip } from '../helpers';

const bin = join(repoRoot, 'bin', 'deck-sim.js');
const hasGxx = (() => {
  try {
    execFileSync('g++', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const skip = sharedSkip ?? (hasGxx ? false : 'g++ is not installed');

/** The processes whose environment carries a run mark of deck-sim process `pid` (runner.ts's DECK_SIM_RUN). */
function marked(pid: number): number[] {
  const mark = Buffer.from(`\0DECK_SIM_RUN=${pid}-`);
  const found: number[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const environ = Buffer.concat([Buffer.from('\0'), readFileSync(`/proc/${name}/environ`)]);
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (environ.includes(mark) && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z') found.push(Number(name));
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

function killMarked(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const child of marked(pid)) {
    try {
      process.kill(child, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

interface Workspace {
  /** The solution's folder: the source and the deck, nothing else. */
  src: string;
  source: string;
  deck: string;
  /** TMPDIR and XDG_CACHE_HOME of the run, empty at its start. */
  tmp: string;
  cache: string;
}

/** The reference of the ⑨ game, with `<= 99` made `< 99` on line 68 when `wrong`. */
function workspace(wrong: boolean): Workspace {
  const root = tempDir();
  const [src, tmp, cache] = ['src', 'tmp', 'cache'].map((name) => join(root, name));
  for (const dir of [src, tmp, cache]) mkdirSync(dir);
  const reference = readFileSync(join(sharedDir, 'references', 'cirno_ref.cpp'), 'utf8');
  const planted = reference.replace('cards[i].calc(p) <= 99', 'cards[i].calc(p) < 99');
  assert.notEqual(planted, reference);
  const source = join(src, 'sol.cpp');
  writeFileSync(source, wrong ? planted : reference);
  const deck = join(src, 'sample.cirnodeck');
  writeFileSync(deck, readFileSync(join(repoRoot, 'test', 'vscode', 'fixtures', 'sample.cirnodeck')));
  return { src, source, deck, tmp, cache };
}

/** Nothing of the run is left: no process with its mark, no scratch file, nothing beside the source. */
async function assertNothingLeft(pid: number, ws: Workspace): Promise<void> {
  await waitFor('the run\'s processes to end', () => marked(pid).length === 0);
  assert.deepEqual(readdirSync(ws.tmp), [], 'the scratch folder (TMPDIR) is empty');
  const scratch = join(ws.cache, 'deck-sim', 'mutation', 'scratch');
  assert.deepEqual(readdirSync(ws.cache).includes('deck-sim') ? readdirSync(scratch) : [], [],
    'no build scratch folder is left in the cache');
  assert.deepEqual(readdirSync(ws.src).sort(), ['sample.cirnodeck', 'sol.cpp']);
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Starts `deck-sim locate` on the workspace, its stderr gathered. */
function startLocate(ws: Workspace, ...extra: string[]): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, [bin, 'locate', '--repair', '--jobs', '2', ...extra,
    '--solution-source', ws.source, ws.deck], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: ws.tmp, XDG_CACHE_HOME: ws.cache },
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  child.stdout!.resume();
  return { child, stderr: () => stderr };
}

describe('locate stopped midway', { skip }, () => {
  test('Ctrl-C while it builds the one-token changes: it ends by SIGINT, leaving nothing', async () => {
    const ws = workspace(true);
    const { child, stderr } = startLocate(ws);
    const end = exited(child);
    try {
      await waitFor('the coverage runs\' line', () => / coverage runs in [\d.]+ s: [1-9]\d* failing/.test(stderr()));
      // Then the mutants are built (a fresh cache) and run: wait for one of those processes.
      await waitFor('a build or run of a mutant', () => marked(child.pid!).length > 0);
      child.kill('SIGINT');
      assert.deepEqual(await within('locate', end), { code: null, signal: 'SIGINT' });
      assert.doesNotMatch(stderr(), /one-token changes tried/, 'stopped before the mutation step ended');
      await assertNothingLeft(child.pid!, ws);
    } finally {
      child.kill('SIGKILL');
      killMarked(child.pid);
    }
  });

  test('SIGTERM during the coverage runs: it ends by SIGTERM, its coverage folders removed', async () => {
    // The reference itself never fails, so the coverage runs go on through the stress decks.
    const ws = workspace(false);
    const { child, stderr } = startLocate(ws, '--stress', '100000');
    const end = exited(child);
    try {
      await waitFor('the coverage build\'s line', () => /^locate: built sol\.cpp for coverage in/m.test(stderr()));
      await waitFor('a coverage run', () => marked(child.pid!).length > 0);
      child.kill('SIGTERM');
      assert.deepEqual(await within('locate', end), { code: null, signal: 'SIGTERM' });
      assert.doesNotMatch(stderr(), / coverage runs in /);
      await assertNothingLeft(child.pid!, ws);
    } finally {
      child.kill('SIGKILL');
      killMarked(child.pid);
    }
  });
});

describe("VS Code's Locate the Mistake", { skip }, () => {
  test('Cancel of its progress notification stops the CLI, which ends its runs and removes its folders', async () => {
    const ws = workspace(false);
    const saved = { TMPDIR: process.env.TMPDIR, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
    // cliLocate starts the CLI with this process's environment.
    process.env.TMPDIR = ws.tmp;
    process.env.XDG_CACHE_HOME = ws.cache;
    const abort = new AbortController();
    const lines: string[] = [];
    const runLocate = cliLocate(join(repoRoot, 'out', 'server', 'src', 'cli', 'main.js'));
    const located = runLocate(ws.deck, ws.source, { timeLimitMs: 1000, memoryLimitMb: 1024 }, abort.signal,
      (line) => lines.push(line), { stressDecks: 100_000 });
    let cliPid: number | undefined;
    try {
      await waitFor('the coverage build\'s progress line',
        () => lines.some((line) => /built sol\.cpp for coverage/.test(line)));
      cliPid = childOf(process.pid, 'locate');
      await waitFor('a coverage run', () => marked(cliPid!).length > 0);
      abort.abort();
      await assert.rejects(within('Locate the Mistake', located), { name: 'AbortError' });
      await waitFor('the CLI to end', () => !alive(cliPid!));
      await assertNothingLeft(cliPid, ws);
    } finally {
      Object.assign(process.env, saved);
      for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
      abort.abort();
      killMarked(cliPid);
    }
  });
});

/** The one child of `parent` whose command line holds `word`. */
function childOf(parent: number, word: string): number {
  const found = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).filter((name) => {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === parent && readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').includes(word);
    } catch {
      return false;
    }
  });
  assert.equal(found.length, 1, `children of ${parent} running ${word}: ${found.join(', ')}`);
  return Number(found[0]);
}

/** Whether a process is running (a zombie is not). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
