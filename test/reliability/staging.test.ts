/**
 * Issue 27, item 3: a package or augment stopped part way leaves the old folder (or nothing) and
 * no staging folder: on Ctrl-C (the built CLI, stopped once its staging folder exists), on a full
 * disk (ENOSPC, injected through outputFiles.ts's writeFaults), and after a SIGKILL (the next run
 * removes what the killed one left, and nothing else).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, watch, writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { after, describe, test } from 'node:test';
import { writeFaults } from '../../server/src/cli/outputFiles';
import { repoRoot, sharedDir, sharedSkip } from '../helpers';
import { cli, killAll, tempDir, waitFor, within } from '../cli/harness';

const mahjongDir = join(sharedDir, 'conformance', 'mahjong');
const builtCli = join(repoRoot, 'out', 'server', 'src', 'cli', 'main.js');

/** Every entry under a folder (links not followed), relative, with a file's text. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      const key = relative(dir, path);
      if (lstatSync(path).isDirectory()) {
        entries[key + '/'] = '';
        walk(path);
      } else entries[key] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return entries;
}

/** `count` decks (copies of the official cases) in DIR/decks. */
function decks(dir: string, count: number): string {
  const folder = join(dir, 'decks');
  mkdirSync(folder);
  for (let i = 0; i < count; i++) {
    const official = `official-${String((i % 50) + 1).padStart(2, '0')}`;
    copyFileSync(join(mahjongDir, `${official}.in`), join(folder, `d${String(i).padStart(4, '0')}.in`));
  }
  return folder;
}

/** A pid no process has: one that has just ended. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '']).pid;
  assert.ok(pid !== undefined && pid > 0);
  return pid;
}

function enospc(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}

const stopped = (out: string) => `deck-sim: stopped (SIGINT): nothing written to '${out}'\n`;
const diskFull = (out: string) => `deck-sim: cannot write '${out}': the disk is full; nothing written\n`;

const started = new Set<number>();
after(() => killAll(started));

describe('Ctrl-C while packaging 2,000 decks', { skip: sharedSkip }, () => {
  /** Runs `package` as a process, sends SIGINT once its staging folder appears; its end and stderr. */
  async function interrupted(dir: string, out: string, extra: string[]) {
    const child = spawn(process.execPath, [builtCli, 'package', '--out', out, ...extra, join(dir, 'decks')],
      { stdio: ['ignore', 'ignore', 'pipe'] });
    started.add(child.pid!);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal }));
    });
    const staging = `.P.deck-sim-${child.pid}.staging`;
    let sent = false;
    const send = () => {
      if (!sent && readdirSync(dir).includes(staging)) {
        sent = true;
        child.kill('SIGINT');
      }
    };
    const watcher = watch(dir, send);
    try {
      await waitFor(`the staging folder ${staging}`, () => {
        send();
        return sent || child.exitCode !== null;
      });
    } finally {
      watcher.close();
    }
    assert.ok(sent, `the package was written before its staging folder was seen: ${stderr}`);
    return { ...(await within('the stopped package', ended)), stderr };
  }

  test('with --force over a package: the old package stays file for file, no staging folder left', async () => {
    const dir = tempDir();
    decks(dir, 2000);
    const out = join(dir, 'P');
    mkdirSync(out);
    writeFileSync(join(out, 'problem.yaml'), 'name: old\n');
    mkdirSync(join(out, 'data', 'secret'), { recursive: true });
    writeFileSync(join(out, 'data', 'secret', 'handmade.in'), '1M\n');
    const before = snapshot(out);
    const run = await interrupted(dir, out, ['--force']);
    assert.deepEqual(run, { code: null, signal: 'SIGINT', stderr: stopped(out) });
    assert.deepEqual(snapshot(out), before);
    assert.deepEqual(readdirSync(dir).sort(), ['P', 'decks']);
  });

  test('without a package: OUT does not exist, no staging folder left', async () => {
    const dir = tempDir();
    decks(dir, 2000);
    const out = join(dir, 'P');
    const run = await interrupted(dir, out, []);
    assert.deepEqual(run, { code: null, signal: 'SIGINT', stderr: stopped(out) });
    assert.deepEqual(readdirSync(dir), ['decks']);
  });
});

describe('a full disk (ENOSPC)', { skip: sharedSkip }, () => {
  /** Makes the `nth` file written fail with ENOSPC for the duration of `run`. */
  async function diskFullAt<T>(nth: number, run: () => Promise<T>): Promise<T> {
    let count = 0;
    writeFaults.beforeWrite = () => {
      if (++count === nth) throw enospc();
    };
    try {
      return await run();
    } finally {
      writeFaults.beforeWrite = undefined;
    }
  }

  test('package --force: the old package stays, one line naming the full disk, exit 1', async () => {
    const dir = tempDir();
    const folder = decks(dir, 30);
    const out = join(dir, 'P');
    mkdirSync(out);
    writeFileSync(join(out, 'problem.yaml'), 'name: old\n');
    const before = snapshot(out);
    const run = await diskFullAt(40, () => cli(['package', '--out', out, '--force', folder]));
    assert.deepEqual(run, { status: 1, stdout: '', stderr: diskFull(out) });
    assert.deepEqual(snapshot(out), before);
    assert.deepEqual(readdirSync(dir).sort(), ['P', 'decks']);
  });

  test('package into a new folder: nothing is created', async () => {
    const dir = tempDir();
    const folder = decks(dir, 30);
    const out = join(dir, 'new', 'P');
    const run = await diskFullAt(1, () => cli(['package', '--out', out, folder]));
    assert.deepEqual(run, { status: 1, stdout: '', stderr: diskFull(out) });
    assert.deepEqual(readdirSync(dir), ['decks']);
  });

  test('audit --augment into a folder of decks: its files stay, no new deck, one line, exit 1', async () => {
    const dir = tempDir();
    const folder = decks(dir, 2);
    const before = snapshot(folder);
    const run = await diskFullAt(2, () => cli(['audit', '--augment', folder, folder]));
    assert.equal(run.status, 1);
    assert.equal(run.stderr.split('\n').filter((line) => line.includes('disk')).join('\n'),
      `deck-sim: cannot write '${folder}': the disk is full; nothing written`);
    assert.deepEqual(snapshot(folder), before);
  });
});

describe('leftovers of a killed run', { skip: sharedSkip }, () => {
  test('package removes the staging folders a killed deck-sim left beside OUT, and nothing else', async () => {
    const dir = tempDir();
    const folder = decks(dir, 2);
    const out = join(dir, 'P');
    mkdirSync(out); // An old package set aside is removed only when OUT is there (else it is put back).
    const dead = deadPid();
    const leftovers = [`.P.deck-sim-${dead}.staging`, `.P.deck-sim-${dead}.old`];
    for (const name of leftovers) mkdirSync(join(dir, name, 'data'), { recursive: true });
    writeFileSync(join(dir, `.P.deck-sim-${dead}.tmp`), 'x');
    // Not deck-sim's leftovers: a live process's, another target's, a user's names, a file so named.
    const kept = [`.P.deck-sim-${process.ppid}.staging`, `.Q.deck-sim-${dead}.staging`, `.P.deck-sim-notes`,
      `.P.deck-sim-${dead}.staging.mine`];
    for (const name of kept) mkdirSync(join(dir, name));
    writeFileSync(join(dir, `.P.deck-sim-${dead}.stage`), 'mine');
    const run = await cli(['package', '--out', out, folder]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(readdirSync(dir).sort(), [...kept, `.P.deck-sim-${dead}.stage`, 'P', 'decks'].sort());
  });

  test('an old package set aside by a run killed mid-swap is put back first, its files kept', async () => {
    const dir = tempDir();
    const folder = decks(dir, 2);
    const out = join(dir, 'P');
    const old = join(dir, `.P.deck-sim-${deadPid()}.old`);
    mkdirSync(join(old, 'data', 'secret'), { recursive: true });
    writeFileSync(join(old, 'data', 'secret', 'handmade.in'), '1M\n');
    const run = await cli(['package', '--out', out, '--force', folder]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(join(out, 'data', 'secret', 'handmade.in'), 'utf8'), '1M\n');
    assert.deepEqual(readdirSync(dir).sort(), ['P', 'decks']);
  });

  test('audit --augment removes a killed run\'s staging folder inside DIR, and nothing else', async () => {
    const dir = tempDir();
    const folder = decks(dir, 2);
    const dead = deadPid();
    mkdirSync(join(folder, `.deck-sim-${dead}.staging`));
    writeFileSync(join(folder, `.deck-sim-${dead}.staging`, 'x.in'), '1M\n');
    mkdirSync(join(folder, `.deck-sim-${dead}.old`));
    const run = await cli(['audit', '--augment', folder, folder]);
    assert.ok(existsSync(join(folder, `.deck-sim-${dead}.old`)), run.stderr);
    assert.equal(existsSync(join(folder, `.deck-sim-${dead}.staging`)), false);
  });
});
