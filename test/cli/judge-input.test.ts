/** A judge's `.in` file is read as the game its first word belongs to, in every command. */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { conformanceCases, sharedDir, sharedSkip } from '../helpers';
import { cli, tempDir } from './harness';

const cirnoDir = join(sharedDir, 'conformance', 'cirno');
const mahjongDir = join(sharedDir, 'conformance', 'mahjong');

describe('.in by its content', { skip: sharedSkip }, () => {
  test('check and simulate read a ⑨ sample-1.in as ⑨ and official-01.in as Mahjong', async () => {
    const [cirno] = conformanceCases('cirno');
    const [mahjong] = conformanceCases('mahjong');
    assert.deepEqual(await cli(['check', join(cirnoDir, 'sample-1.in')]),
      { status: 0, stdout: '', stderr: '1 deck checked, no problems\n' });
    assert.deepEqual(await cli(['simulate', join(cirnoDir, 'sample-1.in')]),
      { status: 0, stdout: cirno.expected, stderr: '' });
    assert.deepEqual(await cli(['simulate', join(mahjongDir, 'official-01.in')]),
      { status: 0, stdout: mahjong.expected, stderr: '' });
  });

  test('a folder of ⑨ .in decks is audited as ⑨ and packaged as ⑨', async () => {
    const audit = await cli(['audit', '--json', cirnoDir]);
    const forced = await cli(['audit', '--json', '--format', 'cirnodeck', cirnoDir]);
    assert.equal(audit.stderr, '');
    assert.deepEqual(JSON.parse(audit.stdout), JSON.parse(forced.stdout));
    const out = join(tempDir(), 'pkg');
    assert.deepEqual(await cli(['package', '--out', out, cirnoDir]),
      { status: 0, stdout: '', stderr: `${out}: 0 sample and 2 secret test cases of ⑨ (Cirno)\n` });
  });

  test('a .in no game recognises: a usage error naming --format; as the wrong game: nothing packaged', async () => {
    const dir = tempDir();
    const notes = join(dir, 'notes.in');
    writeFileSync(notes, 'hello 8M\n');
    const run = await cli(['check', notes]);
    assert.equal(run.status, 2);
    assert.equal(run.stderr.split('\n')[0], `deck-sim: cannot tell the game of '${notes}': neither its ending nor `
      + 'its first word says one: use --format mjdeck or --format cirnodeck');
    const out = join(dir, 'pkg');
    const wrong = await cli(['package', '--format', 'mjdeck', '--out', out, cirnoDir]);
    assert.equal(wrong.status, 1);
    assert.ok(wrong.stderr.endsWith('deck-sim: nothing written: 2 decks cannot go into a package\n'), wrong.stderr);
    assert.equal(existsSync(out), false);
  });

  test('a folder of .in decks of two games: each read by its content, the mixed set refused', async () => {
    const dir = join(tempDir(), 'mixed');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.in'), conformanceCases('cirno')[0].input);
    writeFileSync(join(dir, 'b.in'), conformanceCases('mahjong')[0].input);
    const run = await cli(['audit', dir]);
    assert.equal(run.status, 2);
    assert.equal(run.stderr.split('\n')[0],
      "deck-sim: an audit measures one game's decks, but these are cirnodeck and mjdeck: use --format");
  });
});

describe('standard input by its content', { skip: sharedSkip }, () => {
  test('check - and simulate - read a piped ⑨ deck as ⑨, a Mahjong deck as Mahjong', async () => {
    const [cirno] = conformanceCases('cirno');
    const [mahjong] = conformanceCases('mahjong');
    assert.deepEqual(await cli(['check', '-'], cirno.input),
      { status: 0, stdout: '', stderr: '1 deck checked, no problems\n' });
    assert.deepEqual(await cli(['simulate', '-'], cirno.input), { status: 0, stdout: cirno.expected, stderr: '' });
    assert.deepEqual(await cli(['simulate', '-'], mahjong.input), { status: 0, stdout: mahjong.expected, stderr: '' });
    assert.deepEqual(await cli(['explain', '--json', '-'], cirno.input),
      await cli(['explain', '--json', '--format', 'cirnodeck', '-'], cirno.input));
  });

  test('stdin no game recognises, or empty: one line naming --format (exit 2)', async () => {
    for (const [input, why] of [['hello 8M\n', "its first word is no game's"], ['\n \n', 'it is empty']]) {
      const run = await cli(['check', '-'], input);
      assert.deepEqual([run.status, run.stdout, run.stderr.split('\n')[0]], [2, '',
        `deck-sim: cannot tell the game of standard input: ${why}: use --format mjdeck or --format cirnodeck`]);
    }
    const forced = await cli(['check', '--format', 'mjdeck', '-'], 'hello\n');
    assert.equal(forced.status, 1);
    assert.match(forced.stderr, /^<stdin>:1:1: error: Unknown tile 'hello'/);
  });
});
