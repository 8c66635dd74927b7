import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CIRNO_CARDS, analyzeCirno, cirnoEventLine, cirnoStateAt, cirnoStates, randomCirnoDeckText, renderCirnoTranscript,
  type CirnoGame, type CirnoState,
} from '../../server/src/core/cirno';
import { deck } from './cirno-helpers';

function played(text: string): CirnoGame {
  const analysis = analyzeCirno(text);
  const game = analysis.game ?? analysis.partialGame;
  assert.ok(game, 'the deck is played');
  return game;
}

type Expected = Omit<CirnoState, 'toMove'> & { toMove?: number };
const state = (
  round: number, p: number, direction: 1 | -1, toMove: number | undefined, doubled: boolean,
  hands: number[][], losses: number[], pileLeft: number,
): Expected => ({ round, p, direction, doubled, hands, losses, pileLeft, ...(toMove === undefined ? {} : { toMove }) });

/** The state after each chosen event (-1: before the first), and its transcript line. */
function check(game: CirnoGame, table: [number, string | undefined, Expected][]): void {
  for (const [index, line, expected] of table) {
    assert.deepEqual(cirnoStateAt(game, index), expected, `state after event ${index}`);
    if (index >= 0) assert.equal(cirnoEventLine(game, index), line, `line of event ${index}`);
  }
}

// Card ids: 3 × player + slot for starting hands, then 3n + i for pile card i.
describe('Cirno states after chosen events', () => {
  test('sample 1: a DOUBLE, a doubled PASS handing the mark on, a loss and the redraw', () => {
    // JoesSR B9 A99 PASS (ids 0-2), Cirno C2 D2 A49 (3-5); pile E49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99 (6-15).
    const pile = 'E49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99';
    const game = played(deck('2 1 10', 'JoesSR B9 A99 PASS', 'Cirno C2 D2 A49', pile));
    check(game, [
      [-1, undefined, state(0, 0, 1, undefined, false, [[0, 1, 2], [3, 4, 5]], [0, 0], 10)],
      [0, 'Round 1:', state(1, 0, 1, 0, false, [[0, 1, 2], [3, 4, 5]], [0, 0], 10)],
      [1, 'JoesSR used A99,now p=99.', state(1, 99, 1, 1, false, [[0, 2], [3, 4, 5]], [0, 0], 10)],
      [2, undefined, state(1, 99, 1, 1, false, [[0, 6, 2], [3, 4, 5]], [0, 0], 9)],
      [11, 'Cirno used DOUBLE,now p=89.', state(1, 89, 1, 0, true, [[10, 8, 2], [9, 5]], [0, 0], 5)],
      [13, 'JoesSR used PASS,now p=89.', state(1, 89, 1, 1, true, [[10, 2], [9, 11, 5]], [0, 0], 4)],
      [15, 'Cirno lost the game.', state(1, 89, 1, undefined, false, [[10, 12, 2], []], [0, 1], 3)],
      [16, undefined, state(1, 89, 1, undefined, false, [[10, 12, 2], [13]], [0, 1], 2)],
      [18, undefined, state(1, 89, 1, undefined, false, [[10, 12, 2], [13, 14, 15]], [0, 1], 0)],
    ]);
  });

  test('TURN reverses, DOUBLE marks the next in the reversed order, a doubled normal card plays again', () => {
    // Ann 0-2, Bob 3-5, Cid 6-8; pile A5 (9) A99 (10) A1 (11) A99 (12) A99 (13) then A99s.
    const pile = 'A5 A99 A1 A99 A99 A99 A99 A99 A99 A99 A99 A99';
    const game = played(deck('3 1 12', 'Ann A99 DOUBLE DOUBLE', 'Bob TURN A1 A2', 'Cid B1 B9 E0', pile));
    const start = [[0, 1, 2], [3, 4, 5], [6, 7, 8]];
    check(game, [
      [0, 'Round 1:', state(1, 0, 1, 0, false, start, [0, 0, 0], 12)],
      // Bob's A1 and A2 would lose: TURN, so Ann plays again.
      [3, 'Bob used TURN,now p=99.', state(1, 99, -1, 0, false, [[9, 1, 2], [4, 5], [6, 7, 8]], [0, 0, 0], 11)],
      // Ann's A5 would lose: DOUBLE, to Cid (the seat before hers).
      [5, 'Ann used DOUBLE,now p=99.', state(1, 99, -1, 2, true, [[9, 2], [10, 4, 5], [6, 7, 8]], [0, 0, 0], 10)],
      // Doubled, Cid plays the smallest p (E0), the mark clears and she moves again.
      [7, 'Cid used E0,now p=0.', state(1, 0, -1, 2, false, [[9, 11, 2], [10, 4, 5], [6, 7]], [0, 0, 0], 9)],
      [8, undefined, state(1, 0, -1, 2, false, [[9, 11, 2], [10, 4, 5], [6, 7, 12]], [0, 0, 0], 8)],
      [9, 'Cid used A99,now p=99.', state(1, 99, -1, 1, false, [[9, 11, 2], [10, 4, 5], [6, 7]], [0, 0, 0], 8)],
      [11, 'Bob lost the game.', state(1, 99, -1, undefined, false, [[9, 11, 2], [], [6, 7, 13]], [0, 1, 0], 7)],
      [14, undefined, state(1, 99, -1, undefined, false, [[9, 11, 2], [14, 15, 16], [6, 7, 13]], [0, 1, 0], 4)],
    ]);
  });

  test('a new round starts from p = 0 in seat order, the last loser first', () => {
    const game = played(deck('2 2 8', 'Ann A99 A99 A99', 'Bob A99 A99 A99', 'A99 A99 A99 A99 A99 A99 A99 A99'));
    // Round 1: Ann A99, draws; Bob loses (event 3) and draws three (4-6); round 2 (event 7).
    check(game, [
      [3, 'Bob lost the game.', state(1, 99, 1, undefined, false, [[6, 1, 2], []], [0, 1], 7)],
      [7, 'Round 2:', state(2, 0, 1, 1, false, [[6, 1, 2], [7, 8, 9]], [0, 1], 4)],
    ]);
  });

  test('an index outside the game is a RangeError', () => {
    const game = played(deck('1 1 4', 'Solo A1 A1 A1', 'A99 A99 A99 A99'));
    assert.throws(() => cirnoStateAt(game, -2), RangeError);
    assert.throws(() => cirnoStateAt(game, game.eventCount), RangeError);
    assert.throws(() => cirnoEventLine(game, game.eventCount), RangeError);
    assert.throws(() => cirnoStateAt(game, 0.5), RangeError);
  });
});

describe('Cirno states and lines on random decks', () => {
  test('the lines of the events are the rendered transcript, line for line', () => {
    const decks = fc.record({
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      n: fc.integer({ min: 1, max: 6 }),
      m: fc.integer({ min: 1, max: 5 }),
      k: fc.integer({ min: 1, max: 400 }),
    });
    fc.assert(
      fc.property(decks, ({ seed, n, m, k }) => {
        const game = played(randomCirnoDeckText(seed, n, m, k));
        const lines: string[] = [];
        for (let i = 0; i < game.eventCount; i++) {
          const line = cirnoEventLine(game, i);
          assert.equal(line === undefined, game.event(i).kind === 'draw');
          if (line !== undefined) lines.push(`${line}\n`);
        }
        assert.equal(lines.join(''), renderCirnoTranscript(game));
      }),
      { numRuns: 300, seed: 1122 },
    );
  });

  test('walking the states agrees with every single lookup, across checkpoints, and with the events', () => {
    const game = played(randomCirnoDeckText(1, 5, 100, 3000));
    assert.ok(game.eventCount > 3 * 1024, `a game over several checkpoints (${game.eventCount} events)`);
    let index = -1;
    let last = cirnoStateAt(game, -1);
    for (const after of cirnoStates(game, 0)) {
      index++;
      assert.deepEqual(after, cirnoStateAt(game, index));
      const event = game.event(index);
      if (event.kind === 'play') {
        assert.equal(after.p, event.pAfter);
        assert.equal(last.toMove, event.player, 'the player who plays is the one expected to');
        assert.equal(last.doubled, event.doubled);
      }
      if (event.kind === 'lose') assert.equal(last.toMove, event.player);
      if (event.kind === 'draw') assert.equal(after.pileLeft, game.pileSize - event.pileIndex - 1);
      last = after;
    }
    assert.equal(index, game.eventCount - 1);
    const finalIds = game.finalHands.map((hand) => hand.map(({ source }) => game.cardId(source)));
    assert.deepEqual(last.hands, finalIds);
    assert.equal(last.losses.reduce((a, b) => a + b, 0), game.roundsPlayed);
    const middle = [...cirnoStates(game, 1020, 1030)];
    assert.deepEqual(middle, Array.from({ length: 10 }, (_, i) => cirnoStateAt(game, 1020 + i)));
    assert.deepEqual([...cirnoStates(game, game.eventCount - 2, game.eventCount + 5)].length, 2);
    assert.ok(CIRNO_CARDS.includes(game.cardName(last.hands[0][0])));
  });
});
