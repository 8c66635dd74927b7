/**
 * Paths on the command line that are not plain deck files: a folder that cannot be read, holds
 * no deck or holds a FIFO, a path that does not exist, stdin named twice. Each is that path's
 * message; the other inputs still run.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cli, tempDir } from '../cli/harness';
import { conformanceCases, repoRoot, sharedSkip } from '../helpers';

const bin = join(repoRoot, 'bin', 'deck-sim.js');
const mahjong = conformanceCases('mahjong');
// A generous bound for one short run on a loaded machine: past it the run hung.
const HANG_MS = 60_000;

function usageError(command: string, message: string): { status: number; stdout: string; stderr: string } {
  return { status: 2, stdout: '', stderr: `deck-sim: ${message}\nRun 'deck-sim ${command} --help' for usage.\n` };
}

type Run = { status: number | null; stdout: string; stderr: string };

/** The real process, so that a hang is ended by the bound instead of blocking the tests. */
function deckSim(args: string[], options: SpawnSyncOptions = {}): Run {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: HANG_MS, ...options });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

/**
 * deck-sim as a process that file permissions apply to. root reads any folder, so a run as root
 * drops the two capabilities that let it (setpriv, util-linux): a run as another user would need
 * the checkout to be readable by that user, which a clone in a private folder is not.
 */
function deckSimBoundByPermissions(args: string[]): Run {
  if (process.getuid?.() !== 0) return deckSim(args);
  const result = spawnSync('setpriv', ['--bounding-set', '-dac_override,-dac_read_search', process.execPath, bin,
    ...args], { encoding: 'utf8', timeout: HANG_MS });
  return { status: result.status, stdout: String(result.stdout), stderr: String(result.stderr) };
}

const BAD_DECK = '1 1 1\nCirno A1 A2 A5\nA7\n';
const BAD_DECK_PROBLEM = ":3:1: error: Unknown card 'A7'. Did you mean A1, A2, A5?\n";

describe('paths that are not deck files', { skip: sharedSkip }, () => {
  test('a folder that cannot be read is its own error; the other inputs still run', () => {
    const dir = tempDir();
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'a.mjdeck'), mahjong[0].input);
    chmodSync(locked, 0);
    const bad = join(dir, 'bad.cirnodeck');
    writeFileSync(bad, BAD_DECK);
    assert.deepEqual(deckSimBoundByPermissions(['check', locked, bad]), {
      status: 1,
      stdout: '',
      stderr: `deck-sim: cannot read folder '${locked}': permission denied (EACCES)\n${bad}${BAD_DECK_PROBLEM}`
        + '1 deck checked, 1 error in 1 deck\n',
    });
  });

  test('a FIFO named like a deck in a folder is skipped with a note, never read', () => {
    const dir = tempDir();
    const fifo = join(dir, 'x.mjdeck');
    const made = spawnSync('mkfifo', [fifo]);
    assert.equal(made.status, 0, 'mkfifo');
    writeFileSync(join(dir, 'y.mjdeck'), mahjong[1].input);
    assert.deepEqual(deckSim(['check', dir]), {
      status: 0, stdout: '', stderr: `deck-sim: skipping '${fifo}': not a regular file\n1 deck checked, no problems\n`,
    });
    const out = tempDir();
    assert.deepEqual(deckSim(['simulate', '--out-dir', out, dir]), {
      status: 0, stdout: '', stderr: `deck-sim: skipping '${fifo}': not a regular file\n`,
    });
    assert.equal(readFileSync(join(out, 'y.out'), 'utf8'), mahjong[1].expected);
  });

  test('a folder given explicitly is listed, a folder inside it is skipped', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'inner.cirnodeck'));
    writeFileSync(join(dir, 'a.mjdeck'), mahjong[0].input);
    assert.deepEqual(await cli(['check', dir]), {
      status: 0,
      stdout: '',
      stderr: `deck-sim: skipping '${join(dir, 'inner.cirnodeck')}': not a regular file\n1 deck checked, no problems\n`,
    });
  });

  test('a misspelt folder: it does not exist, and the other inputs still run', async () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.cirnodeck');
    writeFileSync(bad, BAD_DECK);
    const missing = join(dir, 'decsk');
    assert.deepEqual(await cli(['check', missing, bad]), {
      status: 1,
      stdout: '',
      stderr: `deck-sim: '${missing}' does not exist\n${bad}${BAD_DECK_PROBLEM}2 decks checked, 2 errors in 2 decks\n`,
    });
    assert.deepEqual(await cli(['explain', missing]), {
      status: 1, stdout: '', stderr: `deck-sim: '${missing}' does not exist\n`,
    });
  });

  test('a folder with no decks says so and fails, for every command that takes folders', async () => {
    const empty = tempDir();
    writeFileSync(join(empty, 'notes.txt'), 'not a deck');
    const note = `deck-sim: no decks in '${empty}': `
      + "a folder's decks are its files ending in .mjdeck, .cirnodeck or .in\n";
    const failed = { status: 1, stdout: '', stderr: note };
    assert.deepEqual(await cli(['check', empty]), failed);
    assert.deepEqual(await cli(['simulate', empty]), failed);
    assert.deepEqual(await cli(['judge', '--solution', 'cat', empty]), failed);
    const out = join(tempDir(), 'out');
    assert.deepEqual(await cli(['simulate', '--out-dir', out, empty]), failed);
    // Beside a good deck: the deck still runs, and the empty folder still fails the run.
    const good = join(tempDir(), 'good.mjdeck');
    writeFileSync(good, mahjong[2].input);
    assert.deepEqual(await cli(['simulate', '--out-dir', out, empty, good]), failed);
    assert.deepEqual(readdirSync(out), ['good.out']);
  });

  test('commands that take one deck file refuse a folder', async () => {
    const dir = tempDir();
    const folder = (command: string) => usageError(command, `${command} takes one deck file: '${dir}' is a folder`);
    assert.deepEqual(await cli(['explain', dir]), folder('explain'));
    assert.deepEqual(await cli(['diff', dir, '-']), folder('diff'));
  });

  test('standard input is read once: diff - - and check - - are usage errors', async () => {
    assert.deepEqual(await cli(['diff', '-', '-'], mahjong[0].input),
      usageError('diff', 'diff cannot read both the DECK and the OUTPUT from stdin'));
    assert.deepEqual(await cli(['check', '-', '-'], mahjong[0].input),
      usageError('check', 'standard input (-) can be read only once'));
  });
});
