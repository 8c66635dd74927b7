/** `deck-sim audit`: coverage, caught mistakes, programs' verdicts, --augment's decks; and judge's likely mistakes. */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { GAMES } from '../../server/src/core/gameRegistry';
import { sharedDir, sharedSkip } from '../helpers';
import { cli, solution, tempDir } from './harness';

// Only correctness is tested here: a loaded machine may take its time.
const PATIENT = ['--time-limit', '60000'];
const mahjongCases = join(sharedDir, 'conformance', 'mahjong');
const official05 = join(mahjongCases, 'official-05.in');
const official01 = join(mahjongCases, 'official-01.in');

describe('audit', { skip: sharedSkip }, () => {
  test('JSON: rules with hits, mutants with the decks killing them, programs\' verdicts; 1 while a mistake passes',
    async () => {
      const correct = solution('correct', 'mjdeck');
      const neverClaims = solution('neverClaims', 'mjdeck');
      const programs = ['--solution', correct, '--wrong', neverClaims];
      const result = await cli(['audit', '--json', ...PATIENT, ...programs, official05]);
      assert.equal(result.status, 1, result.stderr);
      const report = JSON.parse(result.stdout);
      assert.deepEqual(Object.keys(report), ['rules', 'mutants', 'solutions', 'invalid', 'summary']);
      const hits: Record<string, number> = {
        'pass-thrown': 1, 'pass-after-reverse': 1, 'reverse-thrown': 1, 'reverse-back': 1, 'double-thrown': 1,
        'special-order-choice': 1, selfdrawn: 1, 'discard-unique-best': 1, 'discard-tie': 1, 'pong-taken': 1,
        'pong-declined': 1, 'chow-upper': 1, 'chow-suit-edge': 1, 'chow-declined': 1, 'claim-after-claim': 1,
        'no-claim': 1,
      };
      const catalogue = GAMES.mahjong.catalogue();
      assert.deepEqual(report.rules,
        catalogue.rules.map(({ id, description }) => ({ id, description, hits: hits[id] ?? 0 })));
      const killed = new Set([
        'deal-in-blocks', 'specials-by-index', 'pass-ignores-direction', 'reverse-old-direction',
        'double-no-extra-draw',
        'discard-ties-lowest', 'pong-always', 'claimant-draws', 'turn-after-turn-owner', 'chow-by-anyone',
        'chow-across-suits', 'chow-of-honours', 'claim-when-not-worse',
      ]);
      assert.deepEqual(report.mutants.map(({ first: _, ...mutant }: { first: unknown }) => mutant),
        catalogue.mistakes.map(({ id, description }) => ({
          id, description, killed: killed.has(id), killedBy: killed.has(id) ? [official05] : [],
        })));
      assert.deepEqual(report.mutants.find((m: { id: string }) => m.id === 'discard-ties-lowest').first,
        { deck: official05, line: 54, expected: 'A OUT F', mistaken: 'A OUT 2M' });
      type Mutant = { killed: boolean; first?: unknown };
      assert.ok(report.mutants.every((m: Mutant) => m.killed === (m.first !== undefined)));
      assert.deepEqual(report.solutions, [
        { command: correct, role: 'solution', ok: true, verdicts: [{ deck: official05, verdict: 'AC' }] },
        {
          command: neverClaims, role: 'wrong', ok: true, verdicts: [{ deck: official05, verdict: 'WA', line: 117 }],
        },
      ]);
      assert.deepEqual([report.invalid, report.summary], [[], 'rules 16/30 exercised · mistakes 13/25 caught']);
    });

  test('text: unexercised rules and uncaught mistakes first, each catch with its line, verdicts, summary', async () => {
    const correct = solution('correct', 'mjdeck');
    const result = await cli(['audit', ...PATIENT, '--wrong', correct, official05, official01]);
    assert.equal(result.status, 1, result.stderr);
    const lines = result.stdout.split('\n');
    assert.equal(lines[0], 'Rules (decks taking each branch):');
    // The JSON's rules, those no deck takes first, each with its hits.
    const json = JSON.parse((await cli(['audit', '--json', official05, official01])).stdout) as {
      rules: { id: string; description: string; hits: number }[];
    };
    const ordered = [...json.rules.filter((r) => r.hits === 0), ...json.rules.filter((r) => r.hits > 0)];
    assert.deepEqual(lines.slice(1, lines.indexOf('')), ordered.map((r) => `  ${r.hits}  ${r.id}: ${r.description}`));
    assert.ok(lines.includes('  2  discard-tie: Several kinds tie for the smallest winning distance and the highest '
      + 'index among them is thrown.'));
    const mistakes = result.stdout.slice(result.stdout.indexOf('Mistakes'));
    assert.match(mistakes,
      /^Mistakes \(the first deck catching each\):\n {2}[a-z-]+: [^\n]+\n {4}not caught\n/);
    assert.ok(mistakes.includes('  seven-pairs-win: Seven pairs count as a winning hand.\n    not caught\n'));
    assert.ok(mistakes.includes('  discard-ties-lowest: Discard ties go to the lowest index instead of the highest.\n'
      + `    caught by ${official05} (and 1 more) at line 54\n      expected: A OUT F\n      mistaken: A OUT 2M\n`));
    assert.ok(result.stdout.endsWith(`\n--wrong ${correct}: 2/2 AC, must fail a deck: NOT MET\n`
      + `  ${official05}: AC\n  ${official01}: AC\n\nrules 20/30 exercised · mistakes 14/25 caught\n`), result.stdout);
  });

  test('usage errors: status 2', async () => {
    const mixed = await cli(['audit', official05, 'x.cirnodeck']);
    assert.deepEqual([mixed.status, mixed.stderr.split('\n')[0]],
      [2, 'deck-sim: an audit measures one game\'s decks, but these are mjdeck and cirnodeck: use --format']);
    const seed = await cli(['audit', '--seed', 'x', official05]);
    assert.deepEqual([seed.status, seed.stderr.split('\n')[0]],
      [2, 'deck-sim: --seed must be a whole number from 0 to 4294967295, not \'x\'']);
    assert.equal((await cli(['audit'])).status, 2);
  });

  test('a deck with errors or unreadable is reported and makes the status 1', async () => {
    const dir = tempDir();
    const broken = join(dir, 'broken.mjdeck');
    writeFileSync(broken, '1M\n');
    const missing = join(dir, 'missing.mjdeck');
    const result = await cli(['audit', '--json', broken, missing]);
    assert.equal(result.status, 1);
    assert.deepEqual(JSON.parse(result.stdout).invalid, [missing, broken]);
    assert.match(result.stderr, new RegExp(`^deck-sim: '${missing}' does not exist\n`
      + `${broken}:2:1: error: The deck has 1 tiles, 147 short of 148\\.`));
  });
});

describe('audit --augment', { skip: sharedSkip }, () => {
  test('the official cases accept a solution forbidding the discarder\'s own pong; the augmented set rejects it',
    async () => {
      const dir = join(tempDir(), 'added');
      const noSelfPong = solution('noSelfPong');
      const official = await cli(['judge', ...PATIENT, '--jobs', '2', '--solution', noSelfPong, mahjongCases]);
      assert.equal(official.status, 0, official.stdout);
      assert.match(official.stdout, /\n50 passed, 0 failed\n$/);
      const result = await cli(['audit', '--json', ...PATIENT, '--jobs', '2', '--augment', dir, '--wrong', noSelfPong,
        mahjongCases]);
      const report = JSON.parse(result.stdout);
      const [wrong] = report.solutions;
      assert.equal(wrong.ok, true);
      const failed = wrong.verdicts.filter((v: { verdict: string }) => v.verdict !== 'AC');
      const added = (v: { deck: string }) => v.deck.startsWith(dir);
      assert.ok(failed.length > 0 && failed.every(added), JSON.stringify(failed));
      assert.ok(report.mutants.every((m: { killed: boolean }) => m.killed), report.summary);
      assert.equal(result.status, 0, result.stderr);
      assert.ok(report.augment.added.length <= 25);
      assert.equal(report.augment.before, 'rules 27/30 exercised · mistakes 22/25 caught');
      await checkWritten(dir, report.augment.added.map((a: { deck: string }) => a.deck));
    });

  test('⑨ samples: every mistake caught, decks valid; refusing to overwrite without --force', async () => {
    const dir = join(tempDir(), 'added');
    const samples = join(sharedDir, 'conformance', 'cirno');
    // No --format: the samples' `.in` are ⑨ by their first word, and so are the decks written back.
    const args = ['audit', '--json', '--augment', dir, samples];
    const first = await cli(args);
    assert.equal(first.status, 0, first.stderr);
    const report = JSON.parse(first.stdout);
    assert.ok(report.augment.added.length <= 20);
    assert.ok(report.mutants.every((m: { killed: boolean }) => m.killed), report.summary);
    assert.equal(report.augment.before, (await cli(['audit', '--json', '--format', 'cirnodeck', samples]).then(
      (run) => JSON.parse(run.stdout) as { summary: string })).summary);
    await checkWritten(dir, report.augment.added.map((a: { deck: string }) => a.deck));
    const written = Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs]));
    const again = await cli(args);
    assert.equal(again.status, 1);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, new RegExp(`^deck-sim: ${dir}/audit-01-[a-z0-9-]+\\.in exists: nothing written `
      + '\\(use --force to overwrite\\)\n$'));
    assert.deepEqual(Object.fromEntries(readdirSync(dir).map((f) => [f, statSync(join(dir, f)).mtimeMs])), written);
    const forced = await cli([...args, '--force']);
    assert.equal(forced.status, 0, forced.stderr);
    assert.deepEqual(JSON.parse(forced.stdout).augment.added, report.augment.added);
  });
});

describe('a set that is no valid deck of its game', { skip: sharedSkip }, () => {
  test('⑨ samples read as Mahjong (--format mjdeck): not augmented, nothing written, exit 1', async () => {
    const dir = join(tempDir(), 'added');
    const samples = join(sharedDir, 'conformance', 'cirno');
    const run = await cli(['audit', '--format', 'mjdeck', '--augment', dir, samples]);
    assert.deepEqual([run.status, run.stdout], [1, '']);
    const lines = run.stderr.trimEnd().split('\n');
    assert.equal(lines.at(-1), 'deck-sim: nothing written: no deck of the set is a valid Mahjong deck to augment');
    assert.equal(lines[0], `${join(samples, 'sample-1.in')}:1:1: error: Unknown tile '2'. Did you mean 2M, 2P, 2S?`);
    assert.equal(existsSync(dir), false);
  });
});

/** Every .in is a valid deck whose .ans is its transcript, every .desc one line; no other file. */
async function checkWritten(dir: string, decks: string[], format?: string): Promise<void> {
  const names = decks.map((deck) => deck.slice(dir.length + 1, -'.in'.length));
  assert.deepEqual(readdirSync(dir).sort(), names.flatMap((n) => [`${n}.ans`, `${n}.desc`, `${n}.in`]).sort());
  for (const name of names) {
    const input = join(dir, `${name}.in`);
    const formatArgs = format ? ['--format', format] : [];
    const checked = await cli(['check', ...formatArgs, input]);
    assert.deepEqual([checked.status, checked.stdout], [0, ''], name);
    const simulated = await cli(['simulate', ...formatArgs, input]);
    assert.equal(readFileSync(join(dir, `${name}.ans`), 'utf8'), simulated.stdout, name);
    assert.match(readFileSync(join(dir, `${name}.desc`), 'utf8'), /^(catches|exercises) [^\n]+\n$/, name);
  }
}

describe('judge names the likely mistake', { skip: sharedSkip }, () => {
  const mistaken = solution('mistaken', 'mjdeck', 'discard-ties-lowest');
  const description = 'Discard ties go to the lowest index instead of the highest.';
  const sentence = 'Your output matches a solution in which discard ties go to the lowest index '
    + 'instead of the highest.';

  test('text: a line saying which solution the output matches', async () => {
    const result = await cli(['judge', ...PATIENT, '--solution', mistaken, official01]);
    assert.equal(result.status, 1);
    assert.ok(result.stdout.includes('\n  Your output matches a solution in which discard ties go to the lowest index '
      + 'instead of the highest.\n'), result.stdout);
  });

  test('JSON: likely lists the mistakes, empty for a wrong answer no mistake explains', async () => {
    const result = await cli(['judge', '--json', ...PATIENT, '--solution', mistaken, official01]);
    assert.deepEqual(JSON.parse(result.stdout).likely, [{ mutant: 'discard-ties-lowest', description, sentence }]);
    const neverClaims = solution('neverClaims', 'mjdeck');
    const other = await cli(['judge', '--json', ...PATIENT, '--solution', neverClaims, official01]);
    assert.deepEqual(JSON.parse(other.stdout).likely, []);
  });

  test('diff: the same for an output already written', async () => {
    const dir = tempDir();
    const output = join(dir, 'out.txt');
    const game = GAMES.mahjong;
    writeFileSync(output,
      game.catalogue().mistakeTranscript(game.analyze(readFileSync(official01, 'utf8')), 'discard-ties-lowest')!);
    const result = await cli(['diff', '--json', official01, output]);
    assert.deepEqual([result.status, JSON.parse(result.stdout).likely],
      [1, [{ mutant: 'discard-ties-lowest', description, sentence }]]);
  });
});
