/** First-contact messages in words (issue 27, item 13): no bare error codes, no repeated value winning silently. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { MAHJONG } from '../../server/src/core/gameRegistry';
import { cli, tempDir } from './harness';

function usageError(command: string, message: string): { status: number; stdout: string; stderr: string } {
  return { status: 2, stdout: '', stderr: `deck-sim: ${message}\nRun 'deck-sim ${command} --help' for usage.\n` };
}

/** A folder with two valid Mahjong decks, a.in and b.in. */
function decks(): { dir: string; a: string; b: string } {
  const dir = tempDir();
  const [a, b] = [join(dir, 'a.in'), join(dir, 'b.in')];
  writeFileSync(a, MAHJONG.judgeInput(MAHJONG.analyze(MAHJONG.newDeckText(1)))!);
  writeFileSync(b, MAHJONG.judgeInput(MAHJONG.analyze(MAHJONG.newDeckText(2)))!);
  return { dir, a, b };
}

describe('messages a first-time user meets', () => {
  test('audit --augment naming a file: refused before any work, in words', async () => {
    const { dir, a } = decks();
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'mine\n');
    assert.deepEqual(await cli(['audit', '--augment', file, a]),
      usageError('audit', `--augment '${file}' exists and is not a folder: name the folder for the new decks`));
  });

  test('simulate --out-dir naming a file: it exists and is not a folder', async () => {
    const { dir, a } = decks();
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'mine\n');
    assert.deepEqual(await cli(['simulate', '--out-dir', file, a]),
      { status: 1, stdout: '', stderr: `deck-sim: cannot create '${file}': it exists and is not a folder\n` });
  });

  test('package --sample naming a folder: it is a folder, not a file; nothing written', async () => {
    const { dir, a } = decks();
    const folder = join(dir, 'samples.in');
    mkdirSync(folder);
    const out = join(dir, 'pkg');
    const run = await cli(['package', '--out', out, '--sample', folder, a]);
    assert.deepEqual(run, {
      status: 1, stdout: '', stderr: `deck-sim: cannot read '${folder}': it is a folder, not a file (EISDIR)\n`,
    });
  });

  test('package with one deck given twice: said so, not "would both be test case"', async () => {
    const { dir, a, b } = decks();
    const out = join(dir, 'pkg');
    assert.deepEqual(await cli(['package', '--out', out, '--sample', a, '--sample', a, b]),
      usageError('package', `'${a}' is given twice: name each deck once`));
    const again = `${dir}/./a.in`;
    assert.deepEqual(await cli(['package', '--out', out, a, again]),
      usageError('package', `'${a}' and '${again}' are one file, given twice: name each deck once`));
  });

  test('explain --line twice: refused, naming both values', async () => {
    const { a } = decks();
    assert.deepEqual(await cli(['explain', '--line', '1', '--line', '2', a]),
      usageError('explain', "--line is given twice ('1' and '2'): it takes one value"));
    // The same value twice means the same thing: taken.
    assert.equal((await cli(['explain', '--line', '1', '--line=1', a])).status, 0);
  });
});
