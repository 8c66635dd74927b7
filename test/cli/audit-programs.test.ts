/**
 * `audit --solution/--wrong`: a program that cannot start is a usage error; one that fails every
 * deck before printing anything never ran and proves nothing; the verdicts that made a --wrong
 * program fail are named. Issue 27, item 6.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { sharedDir, sharedSkip } from '../helpers';
import { cli, solution, tempDir } from './harness';

const PATIENT = ['--time-limit', '60000'];
const official05 = join(sharedDir, 'conformance', 'mahjong', 'official-05.in');
const official01 = join(sharedDir, 'conformance', 'mahjong', 'official-01.in');

describe('audit: the programs', { skip: sharedSkip }, () => {
  test('a --wrong program that cannot start: exit 2 before any deck, as in judge', async () => {
    const result = await cli(['audit', '--wrong', '/nonexistent/solver', official05]);
    assert.deepEqual([result.status, result.stdout, result.stderr.split('\n')[0]],
      [2, '', 'deck-sim: cannot run \'/nonexistent/solver\': no such file']);
  });

  test('a --wrong program with a syntax error never ran: NOT MET, with the last line it wrote', async () => {
    const script = join(tempDir(), 'broken.py');
    writeFileSync(script, 'print("x"\n');
    const command = `python3 ${script}`;
    const result = await cli(['audit', ...PATIENT, '--wrong', command, official05, official01]);
    assert.equal(result.status, 1);
    assert.ok(result.stdout.includes(`\n--wrong ${command}: 0/2 AC, must fail a deck: NOT MET\n`
      + '  it failed every deck before printing anything, so it never ran: SyntaxError: \'(\' was never closed\n'),
    result.stdout);
    const json = JSON.parse((await cli(['audit', '--json', ...PATIENT, '--wrong', command, official05])).stdout);
    assert.deepEqual(json.solutions, [{
      command, role: 'wrong', ok: false, verdicts: [{ deck: official05, verdict: 'RE' }],
      neverRan: 'SyntaxError: \'(\' was never closed',
    }]);
  });

  test('the verdicts that made a --wrong program fail are named', async () => {
    const neverClaims = solution('neverClaims', 'mjdeck');
    const result = await cli(['audit', ...PATIENT, '--wrong', neverClaims, official05, official01]);
    assert.ok(result.stdout.includes(`\n--wrong ${neverClaims}: 0/2 AC, must fail a deck: ok (WA on 2 decks)\n`),
      result.stdout);
  });

  test('a .in that does not exist says so, not that its game is unknown', async () => {
    const missing = join(tempDir(), 'missing.in');
    const result = await cli(['audit', missing, official05]);
    assert.equal(result.stderr.split('\n')[0], `deck-sim: '${missing}' does not exist`);
  });
});
