import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeCirno } from '../../server/src/core/cirno';
import { CIRNO_CATALOGUE } from '../../server/src/core/cirno/catalogue';
import { conformanceCase, sharedSkip } from '../helpers';
import { check, deck, transcript } from './cirno-helpers';

/** The rule hits of a deck, as a plain object sorted by id. */
function hits(text: string): Record<string, number> {
  const counted = CIRNO_CATALOGUE.ruleHits(analyzeCirno(text));
  assert.ok(counted, 'a valid deck has hits');
  return Object.fromEntries([...counted].sort(([a], [b]) => a.localeCompare(b)));
}

describe('⑨ rule branches', () => {
  test('a deck with errors has no hits', () => {
    assert.equal(CIRNO_CATALOGUE.ruleHits(analyzeCirno('2 1 1\nX A1 A1 A1\nY A1 A1 A1\nA1\n')), undefined);
  });

  test('sample 1: a C-over-A tie, DOUBLE, a doubled PASS, a loss under a mark', { skip: sharedSkip }, () => {
    assert.deepEqual(hits(conformanceCase('cirno', 'sample-1').input), {
      'doubled-pass': 1,
      'p-exactly-99': 1,
      'plain-double': 1,
      'plain-largest': 5,
      'plain-tie-c-first': 1,
      'round-ends-doubled': 1,
      'seat-wraps-clockwise': 3,
    });
  });

  test('sample 2: escapes in order, TURN, the loser starting round 2 clockwise', { skip: sharedSkip }, () => {
    assert.deepEqual(hits(conformanceCase('cirno', 'sample-2').input), {
      'direction-reset': 1,
      'loser-redraws': 1,
      'loser-starts-round': 1,
      'p-exactly-99': 1,
      'plain-double': 1,
      'plain-escape-order': 1,
      'plain-largest': 13,
      'plain-loses': 1,
      'plain-pass': 2,
      'plain-turn': 1,
      'round-ends-doubled': 1,
      'seat-wraps-clockwise': 4,
      'seat-wraps-counter-clockwise': 1,
    });
  });

  test('a doubled player plays the smallest card, then plays again under rule 5', () => {
    const text = deck('2 1 8', 'X A99 DOUBLE A99', 'Y B1 B9 A1', 'A5 D2 A99 C2 A99 A99 A99 A99');
    check(text, transcript(
      'Round 1:',
      'X used A99,now p=99.',
      'Y used B1,now p=98.',
      'X used DOUBLE,now p=98.', // A5 A99 both unsafe
      'Y used D2,now p=49.', // doubled: D2 49, B9 89, A1 unsafe
      'Y used C2,now p=98.', // again under rule 5: C2 98, B9 40, A1 50
      'X lost the game.',
    ));
    assert.deepEqual(hits(text), {
      'doubled-smallest': 1,
      'p-exactly-99': 1,
      'plain-double': 1,
      'plain-largest': 3,
      'plain-loses': 1,
      'second-play-normal': 1,
      'seat-wraps-clockwise': 2,
    });
  });

  test('three players: a doubled TURN sends the mark back, DOUBLE on DOUBLE, a loss on the second play', () => {
    const text = deck('3 1 13', 'X A1 TURN B9', 'Y B1 B1 B1', 'Z DOUBLE DOUBLE DOUBLE', ...Array(13).fill('A99'));
    check(text, transcript(
      'Round 1:',
      'X used A1,now p=1.',
      'Y used B1,now p=0.',
      'Z used DOUBLE,now p=0.', // no normal card
      'X used TURN,now p=0.', // doubled: TURN before the safe A99 and B9; the mark goes back to Z
      'Z used DOUBLE,now p=0.', // doubled: DOUBLE before A99; marks Y, counter-clockwise
      'Y used B1,now p=-1.', // doubled: the smallest of A99 (99) and B1
      'Y used A99,now p=98.', // again, under rule 5
      'X used B9,now p=89.',
      'Z used DOUBLE,now p=89.', // A99 is unsafe
      'Y used B1,now p=88.', // doubled
      'Y lost the game.', // again: three A99
    ));
    assert.deepEqual(hits(text), {
      'doubled-double': 1,
      'doubled-escape-over-normal': 2,
      'doubled-smallest': 2,
      'doubled-turn': 1,
      'plain-double': 2,
      'plain-largest': 4,
      'plain-loses': 1,
      'seat-wraps-clockwise': 1,
      'seat-wraps-counter-clockwise': 2,
      'second-play-loses': 1,
      'second-play-normal': 1,
    });
  });

  test('one player: D2 on −1, ties won by D and by A, DOUBLE on herself, three rounds', () => {
    const text = deck(
      '1 3 22',
      'X B1 B19 B19',
      'D2 A99 A99 A99 A99', // round 1's draws
      'E0 D2 B9 A99 A99 A99 A99 A99', // round 2's hand and draws
      'E49 A49 DOUBLE A99 A99 A99', // round 3's
      'A99 A99 A99',
    );
    check(text, transcript(
      'Round 1:',
      'X used B1,now p=-1.',
      'X used D2,now p=-1.', // ⌊−1 / 2⌋ = −1, above B19's −20
      'X used A99,now p=98.',
      'X used B19,now p=79.',
      'X used B19,now p=60.',
      'X lost the game.',
      'Round 2:',
      'X used D2,now p=0.', // E0 and D2 both give 0: D first
      'X used A99,now p=99.',
      'X used B9,now p=90.',
      'X used E0,now p=0.',
      'X used A99,now p=99.',
      'X lost the game.',
      'Round 3:',
      'X used A49,now p=49.', // E49 and A49 both give 49: A first
      'X used E49,now p=49.',
      'X used DOUBLE,now p=49.', // A99 is unsafe: DOUBLE marks the next player, herself
      'X lost the game.', // doubled, with three A99
    ));
    assert.deepEqual(hits(text), {
      'halve-negative-odd': 1,
      'loser-redraws': 2,
      'p-exactly-99': 2,
      'plain-double': 1,
      'plain-largest': 12,
      'plain-loses': 2,
      'plain-tie-a-first': 1,
      'plain-tie-d-first': 1,
      'round-ends-doubled': 1,
      'single-player': 13,
    });
  });
});
