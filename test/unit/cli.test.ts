import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { CIRNO } from '../../server/src/core/gameRegistry';
import { cli, tempDir } from '../cli/harness';
import { conformanceCases, repoRoot, sharedDir, sharedSkip } from '../helpers';

const official = conformanceCases('mahjong');
const officialDir = join(sharedDir, 'conformance', 'mahjong');

describe('deck-sim', { skip: sharedSkip }, async () => {
  test('simulate --out-dir writes every official transcript byte for byte', async () => {
    const out = tempDir();
    const files = official.map((c) => join(officialDir, `${c.name}.in`));
    const result = await cli(['simulate', '--out-dir', out, ...files]);
    assert.deepEqual(result, { status: 0, stdout: '', stderr: '' });
    assert.equal(readdirSync(out).length, 50);
    for (const c of official) assert.equal(readFileSync(join(out, `${c.name}.out`), 'utf8'), c.expected, c.name);
  });

  test('simulate --out-dir over older outputs leaves exactly the new transcripts', async () => {
    const out = tempDir();
    const files = official.slice(0, 3).map((c) => join(officialDir, `${c.name}.in`));
    // Longer, shorter and non-ASCII files where the outputs go: each is written over in place.
    writeFileSync(join(out, 'official-01.out'), official[0].expected + 'x'.repeat(10_000));
    writeFileSync(join(out, 'official-02.out'), 'old');
    writeFileSync(join(out, 'official-03.out'), '⑨'.repeat(3000));
    assert.deepEqual(await cli(['simulate', '--out-dir', out, ...files]), { status: 0, stdout: '', stderr: '' });
    for (const c of official.slice(0, 3)) {
      assert.equal(readFileSync(join(out, `${c.name}.out`), 'utf8'), c.expected, c.name);
    }
  });

  test('simulate --out-dir writes a long ⑨ transcript as simulate FILE prints it', async () => {
    const dir = tempDir();
    const file = join(dir, 'long.cirnodeck');
    writeFileSync(file, CIRNO.newDeckText(7, 2, 100, 20_000));
    const printed = await cli(['simulate', file]);
    assert.equal(printed.status, 0);
    // More than a batch writer's 64 KB scratch holds at up to 3 bytes a character.
    assert.ok(printed.stdout.length > 30_000, `only ${printed.stdout.length} characters`);
    const out = tempDir();
    assert.deepEqual(await cli(['simulate', '--out-dir', out, file]), { status: 0, stdout: '', stderr: '' });
    assert.equal(readFileSync(join(out, 'long.out'), 'utf8'), printed.stdout);
  });

  test('simulate FILE and stdin print the transcript', async () => {
    assert.deepEqual(await cli(['simulate', join(officialDir, 'official-07.in')]),
      { status: 0, stdout: official[6].expected, stderr: '' });
    assert.deepEqual(await cli(['simulate', '-'], official[1].input),
      { status: 0, stdout: official[1].expected, stderr: '' });
  });

  test('an invalid deck: problems on stderr, no transcript, status 1', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.mjdeck');
    writeFileSync(file, official[0].input.replace(/^8M$/m, '8Q'));
    const result = await cli(['simulate', file]);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    assert.equal(result.stderr,
      `${file}:1:1: error: Unknown tile '8Q'. Did you mean 8M, 8P, 8S?\n${file}:149:1: error: Missing: 8M ×1.\n`);
  });

  test('check prints FILE:LINE:COL: severity: message on stderr, then a count; warnings pass', async () => {
    const dir = tempDir();
    const file = join(dir, 'lower.mjdeck');
    writeFileSync(file, official[0].input.replace(/^8M$/m, '8m'));
    assert.deepEqual(await cli(['check', file, join(officialDir, 'official-02.in')]), {
      status: 0,
      stdout: '',
      stderr: `${file}:1:1: warning: Tile names are uppercase: '8m' is read as 8M.\n`
        + '2 decks checked, 1 warning in 1 deck\n',
    });
  });

  test('check of valid decks: stdout empty, one line on stderr that says it ran', async () => {
    const files = official.slice(0, 2).map((c) => join(officialDir, `${c.name}.in`));
    assert.deepEqual(await cli(['check', ...files]),
      { status: 0, stdout: '', stderr: '2 decks checked, no problems\n' });
    assert.deepEqual(await cli(['check', '-'], official[0].input),
      { status: 0, stdout: '', stderr: '1 deck checked, no problems\n' });
  });

  test('check counts errors and warnings, and the decks that have them', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.mjdeck');
    const gone = join(dir, 'gone.mjdeck');
    writeFileSync(bad, official[0].input.replace(/^8M$/m, '8Q').replace(/^1M$/m, '1m'));
    assert.deepEqual(await cli(['check', bad, join(officialDir, 'official-02.in'), gone]), {
      status: 1,
      stdout: '',
      stderr: `${bad}:1:1: error: Unknown tile '8Q'. Did you mean 8M, 8P, 8S?\n`
        + `${bad}:100:1: warning: Tile names are uppercase: '1m' is read as 1M.\n`
        + `${bad}:149:1: error: Missing: 8M ×1.\n`
        + `deck-sim: '${gone}' does not exist\n`
        + '3 decks checked, 3 errors, 1 warning in 2 decks\n',
    });
  });

  test('usage errors give status 2, the message and where the usage is', async () => {
    const usages = [[], ['frobnicate'], ['simulate'], ['simulate', '--format'], ['simulate', '--format', 'poker', 'x'],
      ['simulate', join(repoRoot, 'package.json')], ['simulate', '-x', 'a.mjdeck'], ['lsp']];
    for (const args of usages) {
      const result = await cli(args);
      assert.equal(result.status, 2, args.join(' '));
      const help = args.length === 0 || args[0] === 'frobnicate' ? 'deck-sim --help' : `deck-sim ${args[0]} --help`;
      const [message, ...rest] = result.stderr.split('\n');
      assert.match(message, /^deck-sim: ./, args.join(' '));
      assert.deepEqual(rest, [`Run '${help}' for usage.`, ''], args.join(' '));
    }
  });

  test('--format reads any file as the named game', async () => {
    const dir = tempDir();
    const file = join(dir, 'deck.txt');
    writeFileSync(file, official[3].input);
    assert.deepEqual(await cli(['simulate', '--format', 'mjdeck', file]),
      { status: 0, stdout: official[3].expected, stderr: '' });
  });

  test('a missing file is that deck\'s error, and the others still run', async () => {
    const out = tempDir();
    const result = await cli(['simulate', '--out-dir', out, '/nonexistent/x.mjdeck',
      join(officialDir, 'official-03.in')]);
    assert.deepEqual(result,
      { status: 1, stdout: '', stderr: "deck-sim: '/nonexistent/x.mjdeck' does not exist\n" });
    assert.equal(readFileSync(join(out, 'official-03.out'), 'utf8'), official[2].expected);
  });

  test('.cirnodeck files and --format cirnodeck for stdin', async () => {
    const dir = tempDir();
    const cirno = conformanceCases('cirno');
    const file = join(dir, 'game.cirnodeck');
    writeFileSync(file, cirno[0].input);
    assert.deepEqual(await cli(['simulate', file]), { status: 0, stdout: cirno[0].expected, stderr: '' });
    assert.deepEqual(await cli(['simulate', '--format', 'cirnodeck', '-'], cirno[1].input),
      { status: 0, stdout: cirno[1].expected, stderr: '' });
    const out = tempDir();
    assert.deepEqual(await cli(['simulate', '--out-dir', out, file]), { status: 0, stdout: '', stderr: '' });
    assert.equal(readFileSync(join(out, 'game.out'), 'utf8'), cirno[0].expected);
    const short = join(dir, 'short.cirnodeck');
    writeFileSync(short, '2 1 5\nA A1 A2 A5\nB B1 B9 B19\nA99 A99\n');
    assert.deepEqual(await cli(['check', short]), {
      status: 1,
      stdout: '',
      stderr: `${short}:1:5: error: The header announces 5 pile cards but the pile holds 2.\n`
        + `${short}:5:1: error: The pile ends after 2 cards: 3 more are needed to make k = 5.\n`
        + '1 deck checked, 2 errors in 1 deck\n',
    });
  });

  test('the installed bin: exit status and stdout through a real process', async () => {
    const bin = join(repoRoot, 'bin', 'deck-sim.js');
    const ok = spawnSync(process.execPath, [bin, 'simulate', join(officialDir, 'official-05.in')],
      { encoding: 'utf8' });
    assert.deepEqual([ok.status, ok.stdout, ok.stderr], [0, official[4].expected, '']);
    // Junk is no game's judge input: read as Mahjong when --format says so (without it, a usage error).
    const junk = spawnSync(process.execPath, [bin, 'check', '--format', 'mjdeck', '-'],
      { input: Buffer.from([0, 255, 10, 1, 2, 0xfe, 0xff]), encoding: 'utf8' });
    assert.equal(junk.status, 1);
    assert.equal(junk.stdout, '');
    assert.match(junk.stderr, /^<stdin>:1:1: error: Unknown tile /);
  });
});
