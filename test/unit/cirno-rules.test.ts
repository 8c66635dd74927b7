import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeCirno, renderCirnoTranscript } from '../../server/src/core/cirno';
import { formatProblem } from '../helpers';
import { check, deck, transcript } from './cirno-helpers';

// Every transcript here was worked out by hand from /shared/rules/cirno.md; the comments give
// the hand and p at the step each deck is built to test. A drawn card takes the slot of the
// card just played.

describe('not doubled: the safe normal card giving the largest p, ties C, A, B, D, E', () => {
  test('C before A (p = 2: C2 and A2 both give 4)', () => {
    check(
      deck('1 1 6', 'X A2 A2 A1', 'C2 E99 A99 A99 A99 A99'),
      transcript('Round 1:', 'X used A2,now p=2.', 'X used C2,now p=4.', 'X used E99,now p=99.', 'X lost the game.'),
    );
  });

  test('C before D before E (p = 0: C2, D2 and E0 all give 0)', () => {
    check(
      deck('1 1 9', 'X C2 D2 E0', 'B1 E99 A99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used C2,now p=0.', // C2 D2 E0 all give 0
        'X used D2,now p=0.', // B1 -1, D2 0, E0 0
        'X used E99,now p=99.',
        'X used B1,now p=98.',
        'X used E0,now p=0.',
        'X used A99,now p=99.',
        'X lost the game.',
      ),
    );
  });

  test('B before D (p = 2: B1 and D2 both give 1)', () => {
    check(
      deck('1 1 8', 'X A2 B1 B9', 'D2 E99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used A2,now p=2.',
        'X used B1,now p=1.', // D2 1, B1 1, B9 -7
        'X used E99,now p=99.',
        'X used B9,now p=90.', // D2 49, A99 unsafe, B9 90
        'X used D2,now p=45.',
        'X lost the game.',
      ),
    );
  });

  test('C before B (p = -1: C2 and B1 both give -2)', () => {
    check(
      deck('1 1 8', 'X B1 B1 B19', 'C2 E99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used B1,now p=-1.',
        'X used C2,now p=-2.',
        'X used E99,now p=99.',
        'X used B1,now p=98.',
        'X used B19,now p=79.',
        'X lost the game.',
      ),
    );
  });

  test('D before E (p = 98: D2 and E49 both give 49), A before E (p = 0: A49 and E49)', () => {
    check(
      deck('1 2 15', 'X E99 B1 A5', 'D2 E49 A99 A49 A99 A99', 'A49 E49 B1 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used E99,now p=99.',
        'X used B1,now p=98.',
        'X used D2,now p=49.', // D2 49, E49 49, A5 unsafe
        'X used A5,now p=54.',
        'X used E49,now p=49.',
        'X used A49,now p=98.',
        'X lost the game.',
        'Round 2:',
        'X used A49,now p=49.', // the redrawn A49 E49 B1: A49 and E49 give 49
        'X used E49,now p=49.', // A99 unsafe, E49 49, B1 48
        'X used B1,now p=48.',
        'X lost the game.',
      ),
    );
  });
});

describe('a doubled player', () => {
  test('smallest p, ties D before B; then her mark is cleared and she plays again by rule 5', () => {
    check(
      deck('2 1 7', 'X A2 D2 B1', 'Y A99 A99 DOUBLE', 'A99 A99 E49 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used A2,now p=2.',
        'Y used DOUBLE,now p=2.', // A99 is unsafe at 2
        'X used D2,now p=1.', // doubled: D2 1 and B1 1
        'X used E49,now p=49.', // again, not doubled: E49 49 beats B1 0
        'Y lost the game.',
      ),
    );
  });

  test('ties A before C (p = 1: A1 and C2 both give 2)', () => {
    check(
      deck('2 1 7', 'X A1 A1 C2', 'Y A99 A99 DOUBLE', 'A99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:', 'X used A1,now p=1.', 'Y used DOUBLE,now p=1.', 'X used A1,now p=2.', 'X used C2,now p=4.',
        'Y lost the game.',
      ),
    );
  });

  test('ties C before E (p = 0), and a doubled player with no safe card loses', () => {
    check(
      deck('2 1 10', 'X DOUBLE DOUBLE DOUBLE', 'Y C2 E0 A1', 'A99 A99 A99 A99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used DOUBLE,now p=0.', // no normal card: the escapes are all she has
        'Y used C2,now p=0.', // doubled: C2 0 and E0 0
        'Y used A99,now p=99.', // again, not doubled: the largest
        'X used DOUBLE,now p=99.',
        'Y used E0,now p=0.',
        'Y used A99,now p=99.',
        'X used DOUBLE,now p=99.',
        'Y lost the game.', // doubled, A99 A99 A1 all unsafe
      ),
    );
  });

  test('the mark moves on through PASS, DOUBLE and TURN (to the player behind)', () => {
    check(
      deck(
        '3 1 14', 'P A99 DOUBLE A1', 'Q A1 A2 DOUBLE', 'R PASS TURN A1',
        'B9 TURN A99 A5 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99',
      ),
      transcript(
        'Round 1:',
        'P used A99,now p=99.',
        'Q used DOUBLE,now p=99.', // R is doubled
        'R used PASS,now p=99.', // PASS before TURN; P is doubled
        'P used DOUBLE,now p=99.', // an escape first, though B9 is safe; Q is doubled
        'Q used TURN,now p=99.', // direction reversed: P, behind Q, is doubled
        'P used B9,now p=90.', // doubled: the smallest safe card
        'P used A5,now p=95.', // again by rule 5
        'R used A1,now p=96.', // counter-clockwise from P
        'Q used A2,now p=98.',
        'P used A1,now p=99.',
        'R used TURN,now p=99.', // no safe card: TURN, clockwise again
        'P lost the game.',
      ),
    );
  });

  test('a mark pending when the round ends is dropped: the next round starts undoubled', () => {
    const game = check(
      deck('2 2 12', 'P A99 A2 DOUBLE', 'Q B1 A99 A99', 'A99 A99 A99 A49 B1 A1 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'P used A99,now p=99.',
        'Q used B1,now p=98.',
        'P used DOUBLE,now p=98.',
        'Q lost the game.', // doubled, with no escape and no safe card
        'Round 2:',
        'Q used A49,now p=49.', // A49 B1 A1: the largest, so not doubled
        'P used A2,now p=51.',
        'Q used A1,now p=52.',
        'P lost the game.',
      ),
    );
    const losses = game.events.filter((e) => e.kind === 'lose');
    assert.deepEqual(losses.map((e) => [e.round, e.player, e.doubled]), [[1, 1, true], [2, 0, false]]);
  });
});

describe('escape cards when not doubled', () => {
  test('PASS before TURN before DOUBLE', () => {
    check(
      deck('2 1 8', 'X A99 TURN PASS', 'Y A1 DOUBLE TURN', 'A99 A99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used A99,now p=99.',
        'Y used TURN,now p=99.', // TURN before DOUBLE
        'X used PASS,now p=99.', // PASS before TURN
        'Y used DOUBLE,now p=99.',
        'X used TURN,now p=99.', // doubled: TURN is her only escape
        'Y lost the game.', // the mark moved on to her
      ),
    );
  });
});

describe('D2 rounds toward −∞', () => {
  test('−1 → −1 and −3 → −2', () => {
    check(
      deck('1 1 11', 'X B1 B9 B19', 'D2 B1 B1 D2 E99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used B1,now p=-1.',
        'X used D2,now p=-1.',
        'X used B1,now p=-2.',
        'X used B1,now p=-3.',
        'X used D2,now p=-2.',
        'X used E99,now p=99.',
        'X used B9,now p=90.',
        'X used B19,now p=71.',
        'X lost the game.',
      ),
    );
  });
});

describe('one player', () => {
  test('she is her own next player, doubles herself, and starts every round', () => {
    const game = check(
      deck('1 2 13', 'X A99 A1 DOUBLE', 'A1 B1 B9 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99'),
      transcript(
        'Round 1:',
        'X used A99,now p=99.',
        'X used DOUBLE,now p=99.', // she is doubled
        'X used B1,now p=98.', // the smallest safe card
        'X used A1,now p=99.', // again by rule 5: A1 99 beats B9 89
        'X used B9,now p=90.',
        'X used A1,now p=91.',
        'X lost the game.',
        'Round 2:',
        'X used A99,now p=99.',
        'X lost the game.',
      ),
    );
    assert.equal(game.roundsPlayed, 2);
    assert.equal(game.cardsDrawn, 13);
  });
});

describe('the loser redraws three cards', () => {
  test('also after the last round: her final hand is the three redrawn cards', () => {
    const game = check(
      deck('2 1 10', 'JoesSR B9 A99 PASS', 'Cirno C2 D2 A49', 'E49 DOUBLE PASS A19 A49 A99 A99 E0 E49 E99'),
      transcript(
        'Round 1:',
        'JoesSR used A99,now p=99.',
        'Cirno used D2,now p=49.',
        'JoesSR used E49,now p=49.',
        'Cirno used C2,now p=98.',
        'JoesSR used B9,now p=89.',
        'Cirno used DOUBLE,now p=89.',
        'JoesSR used PASS,now p=89.',
        'Cirno lost the game.',
      ),
    );
    assert.deepEqual(game.finalHands[1], [
      { card: 'E0', source: { from: 'pile', index: 7 } },
      { card: 'E49', source: { from: 'pile', index: 8 } },
      { card: 'E99', source: { from: 'pile', index: 9 } },
    ]);
  });

  test('and the pile must hold them: two short is an error', () => {
    const analysis = analyzeCirno(
      deck('2 1 8', 'JoesSR B9 A99 PASS', 'Cirno C2 D2 A49', 'E49 DOUBLE PASS A19 A49 A99 A99 E0'),
    );
    assert.deepEqual(analysis.problems.map(formatProblem), [
      '1:5-1:6 error pile-runs-out: The draw pile runs out in round 1: Cirno lost and must draw three new cards, but '
        + 'the pile holds only 1; at least 2 more cards are needed to finish the game.',
    ]);
    assert.equal(analysis.game, undefined);
    assert.ok(analysis.partialGame);
    assert.equal(analysis.partialGame.cardsDrawn, 8);
    assert.equal(analysis.partialGame.roundsPlayed, 0);
    assert.equal(renderCirnoTranscript(analysis.partialGame).split('\n').at(-2), 'Cirno lost the game.');
  });
});
