import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CIRNO_CARDS, type CirnoCardName } from '../../server/src/core/cirno';
import fc from 'fast-check';
import { applyCard, tieRank } from '../../server/src/core/cirno/cards';
import { NO_SLOT, choiceP, choiceSlot, choosePlay } from '../../server/src/core/cirno/choice';

/** The card a player plays from a hand at p, or 'loses'. */
function choose(p: number, hand: CirnoCardName[], doubled: boolean): CirnoCardName | 'loses' {
  const kinds = Uint8Array.from(hand, (card) => CIRNO_CARDS.indexOf(card));
  const slot = choiceSlot(choosePlay(kinds[0], kinds[1], kinds[2], p, doubled));
  return slot === NO_SLOT ? 'loses' : hand[slot];
}

// Every pair of letters that can tie, in both modes. (A and B never tie: one adds, one subtracts.)
const cases: [string, number, CirnoCardName[], boolean, CirnoCardName | 'loses'][] = [
  ['C before A', 49, ['A49', 'C2', 'B1'], false, 'C2'],
  ['C before B', -1, ['B1', 'C2', 'B9'], false, 'C2'],
  ['C before D and E', 0, ['E0', 'D2', 'C2'], false, 'C2'],
  ['A before D', -2, ['D2', 'A1', 'B1'], false, 'A1'],
  ['A before E', 48, ['E49', 'A1', 'B19'], false, 'A1'],
  ['B before D', 2, ['D2', 'B1', 'B9'], false, 'B1'],
  ['B before E', 58, ['E49', 'B9', 'B19'], false, 'B9'],
  ['D before E', 99, ['E49', 'D2', 'A1'], false, 'D2'],
  ['doubled: D before B', 2, ['B1', 'D2', 'A99'], true, 'D2'],
  ['doubled: D before A', -2, ['A1', 'D2', 'A5'], true, 'D2'],
  ['doubled: D before C', 0, ['C2', 'D2', 'A1'], true, 'D2'],
  ['doubled: D before E', 99, ['E49', 'D2', 'A99'], true, 'D2'],
  ['doubled: B before C', -1, ['C2', 'B1', 'A99'], true, 'B1'],
  ['doubled: B before E', 58, ['E49', 'B9', 'A99'], true, 'B9'],
  ['doubled: A before C', 1, ['C2', 'A1', 'A99'], true, 'A1'],
  ['doubled: A before E', 0, ['E49', 'A49', 'A99'], true, 'A49'],
  ['doubled: C before E', 0, ['E0', 'C2', 'A1'], true, 'C2'],
  ['99 is safe', 0, ['B1', 'A99', 'B9'], false, 'A99'],
  ['100 is not', 1, ['A99', 'B1', 'B9'], false, 'B1'],
  ['doubled: the smallest, not the largest', 10, ['A1', 'E99', 'A5'], true, 'A1'],
  ['no safe normal card: PASS first', 99, ['TURN', 'A1', 'PASS'], false, 'PASS'],
  ['no safe normal card: TURN before DOUBLE', 99, ['DOUBLE', 'A1', 'TURN'], false, 'TURN'],
  ['no card at all: loses', 99, ['A1', 'A2', 'C2'], false, 'loses'],
  ['escape cards only', 0, ['DOUBLE', 'DOUBLE', 'TURN'], false, 'TURN'],
  ['doubled: an escape card first, though A1 is safe', 0, ['A1', 'DOUBLE', 'TURN'], true, 'TURN'],
  ['doubled: PASS before TURN and DOUBLE', 0, ['DOUBLE', 'TURN', 'PASS'], true, 'PASS'],
  ['doubled, no escape and nothing safe: loses', 99, ['A1', 'A2', 'A5'], true, 'loses'],
];

describe('which card a player plays (rules 4-6)', () => {
  for (const [name, p, hand, doubled, expected] of cases) {
    test(`${name}: p = ${p}, ${hand.join(' ')}`, () => assert.equal(choose(p, hand, doubled), expected));
  }
});

// Rules 5 and 6 written plainly, card by card: the slot played (NO_SLOT on a loss).
function plainChoice(kinds: number[], p: number, doubled: boolean): number {
  const escapes = [0, 1, 2].filter((s) => kinds[s] >= 15).sort((a, b) => kinds[a] - kinds[b] || a - b);
  if (doubled && escapes.length > 0) return escapes[0];
  let best = NO_SLOT;
  let bestScore = -Infinity;
  for (let s = 0; s < 3; s++) {
    if (kinds[s] >= 15 || applyCard(kinds[s], p) > 99) continue;
    const q = applyCard(kinds[s], p);
    const score = (doubled ? -q : q) * 8 - tieRank(kinds[s], doubled);
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  if (best !== NO_SLOT) return best;
  return escapes.length > 0 ? escapes[0] : NO_SLOT;
}

describe('the choice, computed without a branch per card', () => {
  test('picks the slot the rules written plainly pick, and gives p after it', () => {
    const kind = fc.integer({ min: 0, max: CIRNO_CARDS.length - 1 });
    const hands = fc.tuple(kind, kind, kind);
    fc.assert(
      fc.property(hands, fc.integer({ min: -19_999, max: 99 }), fc.boolean(), (kinds, p, doubled) => {
        const choice = choosePlay(kinds[0], kinds[1], kinds[2], p, doubled);
        const slot = plainChoice(kinds, p, doubled);
        assert.equal(choiceSlot(choice), slot);
        assert.equal(choiceP(choice), slot === NO_SLOT || kinds[slot] >= 15 ? p : applyCard(kinds[slot], p));
      }),
      { numRuns: 20_000, seed: 914 },
    );
  });
});
