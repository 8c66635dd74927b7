/** The CLI on hostile input: exact messages and exit codes, never a stack trace. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, truncateSync, writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cli, gone, solution, tempDir } from '../cli/harness';
import { conformanceCases, repoRoot, sharedSkip } from '../helpers';

const bin = join(repoRoot, 'bin', 'deck-sim.js');
const mahjong = conformanceCases('mahjong');
const cirno = conformanceCases('cirno');
const STACK = /\n\s+at /;

/** A usage error: the message, then where the usage is (the command's, once there is one). */
function usageError(message: string, command?: string): { status: number; stdout: string; stderr: string } {
  const help = command === undefined ? 'deck-sim --help' : `deck-sim ${command} --help`;
  return { status: 2, stdout: '', stderr: `deck-sim: ${message}\nRun '${help}' for usage.\n` };
}

describe('input over the 64 MB cap', () => {
  test('a 120 MB file stops at once with the size message', async () => {
    const file = join(tempDir(), 'huge.mjdeck');
    writeFileSync(file, '');
    truncateSync(file, 120 * 1024 * 1024);
    const expected = { status: 1, stdout: '', stderr: `${file}: too large for a deck (over 64 MB)\n` };
    assert.deepEqual(await cli(['simulate', file]), expected);
    assert.deepEqual(await cli(['check', file]),
      { ...expected, stderr: expected.stderr + '1 deck checked, 1 error in 1 deck\n' });
  });

  test('/dev/zero as a file stops at the cap', async () => {
    assert.deepEqual(await cli(['check', '--format', 'cirnodeck', '/dev/zero']), {
      status: 1,
      stdout: '',
      stderr: '/dev/zero: too large for a deck (over 64 MB)\n1 deck checked, 1 error in 1 deck\n',
    });
  });

  test('/dev/zero on the standard input of the real process', () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const result = spawnSync(process.execPath, [bin, 'simulate', '-'], {
        stdio: [zero, 'pipe', 'pipe'], encoding: 'utf8',
      });
      assert.deepEqual([result.status, result.stdout, result.stderr],
        [1, '', '<stdin>: too large for a deck (over 64 MB)\n']);
    } finally {
      closeSync(zero);
    }
  });

  test('a deck of exactly 64 MB is read, not refused', async () => {
    const file = join(tempDir(), 'full.cirnodeck');
    writeFileSync(file, '');
    truncateSync(file, 64 * 1024 * 1024);
    const result = await cli(['check', file]);
    assert.equal(result.status, 1);
    assert.doesNotMatch(result.stderr, /too large/);
    assert.match(result.stderr, new RegExp(`^${file}:1:1: error: `));
  });
});

describe('--out-dir', { skip: sharedSkip }, () => {
  test('two inputs with one base name: a usage error naming both, nothing written', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    const a = join(dir, 'a', 'x.mjdeck');
    const b = join(dir, 'b', 'x.cirnodeck');
    writeFileSync(a, mahjong[0].input);
    writeFileSync(b, cirno[0].input);
    const out = join(dir, 'out');
    assert.deepEqual(await cli(['simulate', '--out-dir', out, a, b]), usageError(
      `'${a}' and '${b}' would both be written to '${join(out, 'x.out')}': rename one`, 'simulate',
    ));
    assert.deepEqual(readdirSync(dir).sort(), ['a', 'b']);
  });

  test('standard input has no name to write', async () => {
    assert.deepEqual(await cli(['simulate', '--out-dir', tempDir(), '-'], mahjong[0].input),
      usageError('--out-dir needs named files: standard input has no name to write', 'simulate'));
  });

  test('an out-dir that is a file: one message, status 1', async () => {
    const file = join(tempDir(), 'plain');
    writeFileSync(file, '');
    const deck = join(tempDir(), 'x.mjdeck');
    writeFileSync(deck, mahjong[0].input);
    assert.deepEqual(await cli(['simulate', '--out-dir', file, deck]), {
      status: 1, stdout: '', stderr: `deck-sim: cannot create '${file}': it exists and is not a folder\n`,
    });
  });

  test('a folder input stands for its decks, in name order', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'b.mjdeck'), mahjong[1].input);
    writeFileSync(join(dir, 'a.cirnodeck'), cirno[0].input);
    writeFileSync(join(dir, 'notes.txt'), 'not a deck');
    const out = tempDir();
    assert.deepEqual(await cli(['simulate', '--out-dir', out, dir]), { status: 0, stdout: '', stderr: '' });
    assert.deepEqual(readdirSync(out).sort(), ['a.out', 'b.out']);
    assert.equal(readFileSync(join(out, 'a.out'), 'utf8'), cirno[0].expected);
  });
});

describe('one convention: problems on stderr, products on stdout', { skip: sharedSkip }, () => {
  test('check and simulate print the same problem lines, both on stderr; check then counts them', async () => {
    const file = join(tempDir(), 'bad.mjdeck');
    writeFileSync(file, mahjong[0].input.replace(/^8M$/m, '8Q'));
    const problems = `${file}:1:1: error: Unknown tile '8Q'. Did you mean 8M, 8P, 8S?\n`
      + `${file}:149:1: error: Missing: 8M ×1.\n`;
    assert.deepEqual(await cli(['simulate', file]), { status: 1, stdout: '', stderr: problems });
    assert.deepEqual(await cli(['check', file]),
      { status: 1, stdout: '', stderr: problems + '1 deck checked, 2 errors in 1 deck\n' });
  });
});

describe("usage errors: status 2, the exact message, then where the usage is", () => {
  const cases: [string[], string][] = [
    [[], 'no command given'],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['toString'], "unknown command 'toString'"],
    [['--verbose'], "unknown option '--verbose': a command comes first"],
    [['help', 'frobnicate'], "unknown command 'frobnicate'"],
    [['help', 'check', 'judge'], 'help takes one COMMAND, not 2 words'],
    [['check'], 'no deck file given (use - for stdin)'],
    [['check', '--jobs', '0', 'a.mjdeck'], "--jobs must be a whole number from 1 to 256, not '0'"],
    [['check', '--jobs=two', 'a.mjdeck'], "--jobs must be a whole number from 1 to 256, not 'two'"],
    [['check', '--format'], '--format needs a value'],
    [['check', '--format', 'poker', 'x'], "unknown format 'poker': use mjdeck or cirnodeck"],
    [['check', join(repoRoot, 'package.json')], `cannot tell the game of '${join(repoRoot, 'package.json')}': `
      + 'neither its ending nor its first word says one: use --format mjdeck or --format cirnodeck'],
    [['check', '--out-dir', 'o', 'a.mjdeck'], "unknown option '--out-dir'"],
    [['simulate', 'a.mjdeck', 'b.mjdeck'], 'simulate prints one transcript: give one FILE, or --out-dir DIR for many'],
    [['check', '--json=1', 'a.mjdeck'], "unknown option '--json'"],
    [['lsp'], 'lsp needs a transport: --stdio'],
  ];
  const commands = new Set(['simulate', 'check', 'judge', 'diff', 'stress', 'explain', 'lsp']);
  for (const [args, message] of cases) {
    test(`deck-sim ${args.join(' ')}`, async () => {
      assert.deepEqual(await cli(args), usageError(message, commands.has(args[0]) ? args[0] : undefined));
    });
  }
});

describe('the real process: exit codes and no stack trace', { skip: sharedSkip }, () => {
  test('valid 0, invalid 1, usage 2, missing file 1', () => {
    const dir = tempDir();
    const good = join(dir, 'good.mjdeck');
    const bad = join(dir, 'bad.cirnodeck');
    writeFileSync(good, mahjong[2].input);
    writeFileSync(bad, '1 1 1\nCirno A1 A2\n');
    const runs: [string[], number][] = [
      [['check', good], 0], [['check', bad], 1], [['check'], 2], [['check', join(dir, 'gone.mjdeck')], 1],
      [['simulate', '--format', 'mjdeck', '/dev/zero'], 1],
    ];
    for (const [args, status] of runs) {
      const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
      assert.equal(result.status, status, args.join(' '));
      assert.doesNotMatch(result.stderr, STACK, args.join(' '));
    }
  });
});

describe('--jobs', { skip: sharedSkip }, () => {
  test('the output is the same, in input order, for 1 and 3 jobs; a bad deck fails alone', async () => {
    const dir = tempDir();
    // Enough decks for several chunks, so that the workers really share them.
    const files = Array.from({ length: 150 }, (_, i) => {
      const file = join(dir, `${String(i).padStart(3, '0')}.mjdeck`);
      const { input } = mahjong[i % mahjong.length];
      writeFileSync(file, i % 37 === 3 ? input.replace(/^\S+$/m, 'XX') : input);
      return file;
    });
    const one = await cli(['check', '--jobs', '1', ...files]);
    const three = await cli(['check', '--jobs', '3', ...files]);
    assert.deepEqual(three, one);
    assert.equal(one.status, 1);
    const lines = one.stderr.split('\n').filter(Boolean);
    assert.equal(lines.pop(), `150 decks checked, ${lines.length} errors in 4 decks`);
    const named = lines.map((line) => line.slice(0, line.indexOf(':')));
    assert.deepEqual([...new Set(named)], [3, 40, 77, 114].map((i) => files[i]));
    const out1 = tempDir();
    const out3 = tempDir();
    assert.deepEqual(await cli(['simulate', '--jobs', '3', '--out-dir', out3, ...files]),
      await cli(['simulate', '--jobs', '1', '--out-dir', out1, ...files]));
    assert.equal(readdirSync(out3).length, 146);
    for (const name of readdirSync(out1)) {
      assert.equal(readFileSync(join(out3, name), 'utf8'), readFileSync(join(out1, name), 'utf8'), name);
    }
  });
});

describe('interrupted while judging', { skip: sharedSkip }, () => {
  test('Ctrl-C ends deck-sim and the whole process group of the running solution', async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'pid');
    const deck = join(dir, 'x.mjdeck');
    writeFileSync(deck, mahjong[0].input);
    const run = spawn(process.execPath,
      [bin, 'judge', '--time-limit', '600000', '--solution', solution('misbehaving', 'fork', pidFile), deck]);
    const ended = new Promise<NodeJS.Signals | null>((resolve) => run.on('exit', (_code, signal) => resolve(signal)));
    const written = () => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '';
    for (let i = 0; i < 600 && !written(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(pid > 0);
    run.kill('SIGINT');
    assert.equal(await ended, 'SIGINT');
    assert.equal(await gone(pid), true, `process ${pid} survived`);
  });
});
