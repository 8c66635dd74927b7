import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeMahjong, renderMahjongTranscript } from '../../server/src/core/mahjong';
import { conformanceCases, sharedSkip } from '../helpers';

/** Simulates deck text and compares the transcript byte for byte. */
function check(input: string, expected: string): void {
  const analysis = analyzeMahjong(input);
  assert.deepEqual(analysis.problems, [], 'a judge input is a valid deck');
  assert.ok(analysis.game);
  assert.equal(renderMahjongTranscript(analysis.game.events), expected);
}

describe('official Mahjong cases', { skip: sharedSkip }, () => {
  const cases = conformanceCases('mahjong');
  test('all 50 are there', () => assert.equal(cases.length, 50));
  for (const c of cases) test(c.name, () => check(c.input, c.expected));
});
