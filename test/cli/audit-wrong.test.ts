/** `deck-sim audit --augment` with a `--wrong` program the set lets through: a deck that makes it fail, written. */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { sharedDir, sharedSkip } from '../helpers';
import { cli, solution, tempDir } from './harness';

// Only correctness is tested here: a loaded machine may take its time.
const PATIENT = ['--time-limit', '60000'];
const official05 = join(sharedDir, 'conformance', 'mahjong', 'official-05.in');
const official01 = join(sharedDir, 'conformance', 'mahjong', 'official-01.in');

describe('audit --augment --wrong', { skip: sharedSkip }, () => {
  test('a program fitted to the set and to the catalogue\'s new decks gets a deck that makes it fail', async () => {
    const dir = join(tempDir(), 'added');
    // It knows the answers of the set and of the catalogue's new decks (audit-*): the same seed
    // finds the same decks, written here by a first augment (the audit writes its decks at its end).
    const catalogue = join(tempDir(), 'catalogue');
    await cli(['audit', '--augment', catalogue, official05, official01]);
    assert.ok(readdirSync(catalogue).some((file) => file.startsWith('audit-')));
    const fitted = solution('knowsAnswers', official05, official01, join(catalogue, 'audit-*'));
    // Given twice: searched for once.
    const args = ['audit', ...PATIENT, '--jobs', '2', '--equivalence-decks', '5', '--augment', dir, '--wrong', fitted,
      '--wrong', fitted, official05, official01];
    const result = await cli(['audit', '--json', ...args.slice(1)]);
    const report = JSON.parse(result.stdout);
    const killing = join(dir, 'wrong-01.in');
    assert.deepEqual(report.augment.wrong, {
      added: [{ deck: killing, description: `kills --wrong ${fitted}`, kills: [fitted] }],
      likelyEquivalent: [],
      notCaught: [],
    });
    const [wrong, twice] = report.solutions;
    assert.equal(wrong.ok, true);
    assert.deepEqual(twice, wrong);
    // Every deck passes but the new one, where it goes wrong at the first claim.
    const failed = wrong.verdicts.filter((v: { verdict: string }) => v.verdict !== 'AC');
    const answer = readFileSync(join(dir, 'wrong-01.ans'), 'utf8');
    const claim = answer.split('\n').findIndex((line) => / (PONG|CHOW) /.test(line)) + 1;
    assert.deepEqual(failed, [{ deck: killing, verdict: 'WA', line: claim }]);
    assert.equal(readFileSync(join(dir, 'wrong-01.desc'), 'utf8'), `kills --wrong ${fitted}\n`);
    const simulated = await cli(['simulate', killing]);
    assert.equal(simulated.stdout, answer);
    assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('wrong-')).sort(),
      ['wrong-01.ans', 'wrong-01.desc', 'wrong-01.in']);
    // The text report says so too (run again over the same folder, so with --force).
    const again = await cli([...args, '--force']);
    const lines = again.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('augment: 1 decks written to'));
    assert.deepEqual(lines.slice(at, at + 2), [
      `augment: 1 decks written to ${dir} for the --wrong programs passing the set`,
      `  ${killing}: kills --wrong ${fitted}`,
    ]);
  });
});
