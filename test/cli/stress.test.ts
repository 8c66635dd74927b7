/** `deck-sim stress` finds seeded wrong solutions' bugs and shrinks them, the same way for any --jobs. */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cli, solution, tempDir } from './harness';


// Only correctness is tested here: a loaded machine may take its time.
const PATIENT = ['--time-limit', '60000'];

/** The unshrunk and shrunk first differing lines a failing stress run reports. */
function lines(stdout: string): { before: number; after: number } {
  const match = /first difference at line (\d+) \(was (\d+)\)/.exec(stdout);
  assert.ok(match, stdout);
  return { after: Number(match[1]), before: Number(match[2]) };
}

describe('stress', () => {
  test('Mahjong, never claims: found, shrunk no later, written, reproduced; the same for 1 and 2 jobs', async () => {
    const dir = tempDir();
    const runs = [];
    for (const jobs of ['1', '2']) {
      const out = join(dir, `cx-${jobs}.mjdeck`);
      const result = await cli(['stress', ...PATIENT, '--solution', solution('neverClaims', 'mjdeck'),
        '--seed', '7', '--count', '4', '--jobs', jobs, '--shrink-runs', '6', '--out', out]);
      assert.equal(result.status, 1, result.stderr);
      const { before, after } = lines(result.stdout);
      assert.ok(after <= before, `${after} > ${before}`);
      assert.match(result.stdout, /^stress: deck 1 \(shuffle, seed 7\) fails: WA at line \d+\n/);
      const written = readFileSync(out, 'utf8');
      assert.equal(written.split('\n').slice(0, 2).join('\n'),
        '# deck-sim stress counterexample: seed 7, deck 1 (shuffle)\n'
        + `# verdict WA, first differing line ${after} (unshrunk: ${before})`);
      const judged = await cli(['judge', ...PATIENT, '--json', '--solution', solution('neverClaims', 'mjdeck'), out]);
      assert.equal(JSON.parse(judged.stdout).line, after);
      runs.push({ stdout: result.stdout.replace(/ \d+ ms/g, '').replaceAll(out, 'OUT'), written });
    }
    assert.deepEqual(runs[1], runs[0]);
  });

  test('Cirno, D2 rounding toward zero: found by a deck built for that mistake, shrunk no larger', async () => {
    const out = join(tempDir(), 'cx.cirnodeck');
    const wrongD2 = solution('roundsTowardZero', 'cirnodeck');
    const result = await cli(['stress', ...PATIENT, '--game', 'cirno', '--solution', wrongD2,
      '--seed', '1', '--count', '20', '--shrink-runs', '6', '--out', out]);
    assert.equal(result.status, 1, result.stderr);
    const { before, after } = lines(result.stdout);
    assert.ok(after <= before);
    const report = result.stdout.split('\n');
    assert.match(report[0], /^stress: deck \d+ \(targeted halve-toward-zero, seed 1\) fails: WA at line \d+$/);
    assert.match(report[4], /^ {2}expected: \S+ used D2,now p=-\d+\.$/);
    const [, header] = readFileSync(out, 'utf8').split('\n');
    assert.equal(header, `# verdict WA, first differing line ${after} (unshrunk: ${before})`);
  });

  test('guided: a solution erring only on a rare rule (the discarder\'s own pong) fails within 100 decks', async () => {
    // Shuffled decks let it through: the 50 official cases and about 1,000 generated decks.
    const result = await cli(['stress', ...PATIENT, '--solution', solution('noSelfPong'), '--seed', '11',
      '--count', '100', '--shrink-runs', '0', '--out', join(tempDir(), 'cx.mjdeck')]);
    assert.equal(result.status, 1, result.stdout);
    const found = /^stress: deck (\d+) \(targeted no-self-pong, seed 11\) fails: WA at line \d+\n/.exec(result.stdout);
    assert.ok(found && Number(found[1]) <= 100, result.stdout);
  });

  test('a correct solution passes every deck: status 0', async () => {
    // --out: were it to fail, its counterexample must not land in the working folder.
    const result = await cli(['stress', ...PATIENT, '--game', 'cirno', '--solution', solution('correct', 'cirnodeck'),
      '--seed', '3', '--count', '5', '--out', join(tempDir(), 'cx.cirnodeck')]);
    assert.equal(result.status, 0, result.stdout);
    assert.match(result.stdout, /^stress: 5 decks passed \(seed 3, [\d.]+ decks\/s\)\n$/);
  });

  test('--out is checked before the search: a missing folder, an existing file, another game\'s name', async () => {
    const dir = tempDir();
    const neverClaims = solution('neverClaims', 'mjdeck');
    const refused = async (args: string[], message: string, program = neverClaims) => {
      const run = await cli(['stress', ...PATIENT, '--solution', program, '--seed', '7', '--count', '1', ...args]);
      const stderr = `deck-sim: ${message}\nRun 'deck-sim stress --help' for usage.\n`;
      assert.deepEqual(run, { status: 2, stdout: '', stderr });
    };
    const noFolder = join(dir, 'no', 'cx.mjdeck');
    await refused(['--out', noFolder], `--out '${noFolder}': there is no folder '${join(dir, 'no')}'`);
    const existing = join(dir, 'mine.mjdeck');
    writeFileSync(existing, '# my own deck\n');
    await refused(['--out', existing], `--out '${existing}' already exists: add --force to replace it`);
    assert.equal(readFileSync(existing, 'utf8'), '# my own deck\n');
    await refused(['--out', dir], `--out '${dir}' is a folder: give a file name`);
    const mahjongName = join(dir, 'cx.mjdeck');
    await refused(['--game', 'cirno', '--out', mahjongName],
      `--out '${mahjongName}' names a mjdeck deck, but --game cirno writes cirnodeck: end the name in .cirnodeck`);
    await refused(['--out', mahjongName], "cannot run '/nonexistent/solver': no such file", '/nonexistent/solver');
    assert.deepEqual(readdirSync(dir).sort(), ['mine.mjdeck']);
    // --force replaces the file, whole.
    const forced = await cli(['stress', ...PATIENT, '--solution', neverClaims, '--seed', '7', '--count', '1',
      '--shrink-runs', '0', '--out', existing, '--force']);
    assert.equal(forced.status, 1, forced.stderr);
    assert.match(readFileSync(existing, 'utf8'), /^# deck-sim stress counterexample: seed 7, deck 1 \(shuffle\)\n/);
    assert.deepEqual(readdirSync(dir).sort(), ['mine.mjdeck']);
  });

  test('usage errors', async () => {
    const poker = await cli(['stress', '--solution', 'x', '--game', 'poker']);
    assert.deepEqual([poker.status, poker.stderr.split('\n')[0]],
      [2, "deck-sim: unknown game 'poker': use mahjong or cirno"]);
    const seed = await cli(['stress', '--solution', 'x', '--seed', '-1']);
    assert.deepEqual([seed.status, seed.stderr.split('\n')[0]],
      [2, "deck-sim: --seed must be a whole number from 0 to 4294967295, not '-1'"]);
  });
});
