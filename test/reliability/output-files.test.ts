/**
 * Issue 27, items 1-4: nothing the user has is lost. `package --force` keeps every file it does
 * not write and never follows a link out of OUT; every output path that is a device or FIFO is
 * refused (exit 2); `audit --augment --force` replaces a link, never writing through it; a package
 * stopped by Ctrl-C or a full disk leaves the old package (or nothing).
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot, sharedDir, sharedSkip } from '../helpers';
import { cli, tempDir } from '../cli/harness';

const mahjongDir = join(sharedDir, 'conformance', 'mahjong');

/** Every entry under a folder (links not followed), relative and sorted, with a file's text. */
function snapshot(dir: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const walk = (at: string): void => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stats = lstatSync(path);
      const key = relative(dir, path);
      if (stats.isDirectory()) {
        entries[key + '/'] = '';
        walk(path);
      } else if (stats.isSymbolicLink()) entries[key] = '-> link';
      else entries[key] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return entries;
}

function decks(dir: string, count = 3): string {
  const folder = join(dir, 'decks');
  mkdirSync(folder);
  for (let i = 1; i <= count; i++) {
    copyFileSync(join(mahjongDir, `official-0${i}.in`), join(folder, `official-0${i}.in`));
  }
  return folder;
}

function fifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path]);
    return true;
  } catch {
    return false;
  }
}

describe('package --force keeps what it does not write', { skip: sharedSkip }, () => {
  test('hand-made files, other submissions and validator files are kept; replaced files are named', async () => {
    const dir = tempDir();
    const folder = decks(dir);
    const out = join(dir, 'P');
    assert.equal((await cli(['package', '--out', out, folder])).status, 0);
    writeFileSync(join(out, 'data', 'secret', 'handmade.in'), 'hand\n');
    mkdirSync(join(out, 'submissions', 'accepted'), { recursive: true });
    writeFileSync(join(out, 'submissions', 'accepted', 'ref.cpp'), 'int main() {}\n');
    writeFileSync(join(out, 'input_validators', 'deck', 'extra.py'), 'print(1)\n');
    const result = await cli(['package', '--out', out, '--force', folder]);
    assert.equal(result.status, 0, result.stderr);
    const after = snapshot(out);
    assert.equal(after['data/secret/handmade.in'], 'hand\n');
    assert.equal(after['submissions/accepted/ref.cpp'], 'int main() {}\n');
    assert.equal(after['input_validators/deck/extra.py'], 'print(1)\n');
    assert.equal(after['data/secret/official-01.in'], readFileSync(join(folder, 'official-01.in'), 'utf8'));
    assert.match(result.stderr, /^replaced: data\/secret\/official-01\.ans, .* and \d+ more$/m);
    assert.match(result.stderr, /^kept \(not written by the package\): data\/secret\/handmade\.in, /m);
    assert.deepEqual(readdirSync(dir).filter((name) => name.includes('deck-sim')), []);
  });

  test('a data link is replaced by a folder: the folder it pointed to is untouched', async () => {
    const dir = tempDir();
    const folder = decks(dir);
    const out = join(dir, 'P');
    const outside = join(dir, 'outside');
    mkdirSync(join(outside, 'secret'), { recursive: true });
    writeFileSync(join(outside, 'secret', 'mine.in'), 'mine\n');
    writeFileSync(join(outside, 'secret', 'official-01.in'), 'not the package\n');
    mkdirSync(out);
    symlinkSync(outside, join(out, 'data'));
    writeFileSync(join(out, 'README'), 'notes\n');
    const before = snapshot(outside);
    const result = await cli(['package', '--out', out, '--force', folder]);
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(snapshot(outside), before);
    assert.equal(lstatSync(join(out, 'data')).isDirectory(), true);
    assert.equal(readFileSync(join(out, 'README'), 'utf8'), 'notes\n');
    assert.match(result.stderr, /^replaced: data$/m);
  });

  test('a folder where the package writes a file is refused, nothing changed', async () => {
    const dir = tempDir();
    const folder = decks(dir);
    const out = join(dir, 'P');
    mkdirSync(join(out, 'problem.yaml'), { recursive: true });
    writeFileSync(join(out, 'problem.yaml', 'mine'), 'x');
    const before = snapshot(out);
    const result = await cli(['package', '--out', out, '--force', folder]);
    assert.deepEqual([result.status, result.stderr.split('\n')[0]],
      [2, `deck-sim: '${join(out, 'problem.yaml')}' is a folder where the package writes a file`]);
    assert.deepEqual(snapshot(out), before);
  });
});

describe('a device or FIFO is never written', () => {
  test('stress --out at a FIFO or the null device is refused, even with --force', async (t) => {
    const dir = tempDir();
    const pipe = join(dir, 'x.mjdeck');
    if (!fifo(pipe)) return t.skip('mkfifo is not available');
    for (const out of [pipe, '/dev/null']) {
      const result = await cli(['stress', '--solution', 'true', '--count', '1', '--game', 'mahjong', '--out', out,
        '--force']);
      const kind = out === pipe ? 'a FIFO' : 'a device';
      assert.deepEqual([result.status, result.stderr.split('\n')[0]],
        [2, `deck-sim: --out '${out}' is ${kind}: deck-sim writes only regular files`]);
    }
    assert.equal(lstatSync(pipe).isFIFO(), true);
    assert.equal(lstatSync('/dev/null').isCharacterDevice(), true);
  });
});

describe('audit --augment --force replaces a link', { skip: sharedSkip }, () => {
  test('the link is replaced by the deck, its target untouched', async () => {
    const dir = tempDir();
    const folder = decks(dir, 1);
    const out = join(dir, 'new');
    const first = await cli(['audit', '--augment', out, folder]);
    const written = readdirSync(out).sort();
    assert.ok(written.length > 0, first.stderr);
    const name = written[0];
    const target = join(dir, 'precious.txt');
    writeFileSync(target, 'mine\n');
    const text = readFileSync(join(out, name), 'utf8');
    const { rmSync } = await import('node:fs');
    rmSync(join(out, name));
    symlinkSync(target, join(out, name));
    await cli(['audit', '--augment', out, '--force', folder]);
    assert.equal(readFileSync(target, 'utf8'), 'mine\n');
    assert.equal(lstatSync(join(out, name)).isFile(), true);
    assert.equal(readFileSync(join(out, name), 'utf8'), text);
  });
});

/** The built CLI as a process: a write that blocks (a FIFO no one reads) cannot block the tests. */
const builtCli = join(repoRoot, 'out', 'server', 'src', 'cli', 'main.js');

function cliProcess(args: string[]): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, [builtCli, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stderr: result.stderr };
}

describe('simulate --out-dir writes only regular files', { skip: sharedSkip }, () => {
  const deck = (n: number) => join(mahjongDir, `official-0${n}.in`);
  const transcript = (n: number) => readFileSync(join(mahjongDir, `official-0${n}.ans`), 'utf8');

  test('an output name taken by a FIFO is refused before anything is written (exit 2)', (t) => {
    const out = join(tempDir(), 'o');
    mkdirSync(out);
    if (!fifo(join(out, 'official-02.out'))) return t.skip('mkfifo is not available');
    const result = cliProcess(['simulate', '--out-dir', out, deck(1), deck(2)]);
    assert.deepEqual([result.status, result.stderr.split('\n')[0]],
      [2, `deck-sim: --out-dir '${join(out, 'official-02.out')}' is a FIFO: deck-sim writes only regular files`]);
    assert.equal(lstatSync(join(out, 'official-02.out')).isFIFO(), true);
    assert.deepEqual(readdirSync(out), ['official-02.out']);
  });

  test('an --out-dir that is a FIFO is not made a folder (exit 1), the FIFO kept', (t) => {
    const out = join(tempDir(), 'o');
    if (!fifo(out)) return t.skip('mkfifo is not available');
    const result = cliProcess(['simulate', '--out-dir', out, deck(1)]);
    assert.deepEqual([result.status, result.stderr],
      [1, `deck-sim: cannot create '${out}': it exists and is not a folder\n`]);
    assert.equal(lstatSync(out).isFIFO(), true);
  });

  test('a link in --out-dir is replaced by the transcript, its target untouched', async () => {
    const dir = tempDir();
    const out = join(dir, 'o');
    mkdirSync(out);
    const target = join(dir, 'precious.txt');
    writeFileSync(target, 'mine\n');
    symlinkSync(target, join(out, 'official-01.out'));
    symlinkSync(join(dir, 'nowhere'), join(out, 'official-02.out'));
    const result = await cli(['simulate', '--out-dir', out, '--jobs', '1', deck(1), deck(2)]);
    assert.deepEqual([result.status, result.stderr], [0, '']);
    assert.equal(readFileSync(target, 'utf8'), 'mine\n');
    assert.deepEqual(readdirSync(dir).sort(), ['o', 'precious.txt']);
    for (const n of [1, 2]) {
      assert.equal(lstatSync(join(out, `official-0${n}.out`)).isFile(), true);
      assert.equal(readFileSync(join(out, `official-0${n}.out`), 'utf8'), transcript(n));
    }
    assert.deepEqual(readdirSync(out).sort(), ['official-01.out', 'official-02.out']);
  });

  test('a file with another name (a hard link) is replaced: the other name keeps its text', async () => {
    const dir = tempDir();
    const out = join(dir, 'o');
    mkdirSync(out);
    writeFileSync(join(dir, 'mine.txt'), 'mine\n');
    linkSync(join(dir, 'mine.txt'), join(out, 'official-01.out'));
    const result = await cli(['simulate', '--out-dir', out, deck(1)]);
    assert.deepEqual([result.status, result.stderr], [0, '']);
    assert.equal(readFileSync(join(dir, 'mine.txt'), 'utf8'), 'mine\n');
    assert.equal(readFileSync(join(out, 'official-01.out'), 'utf8'), transcript(1));
  });
});
