import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seededRandom } from '../../server/src/core/seededRandom';
import { countKinds, kindOf, winningDistance } from '../../server/src/core/mahjong';
import { groupTableOf } from '../../server/src/core/mahjong/distance';
import { bruteForceDistance, bruteForceGroupTable } from './mahjong-oracle';

/** Distance of a hand written as tile names, for a player with `melds` melds. */
function check(hand: string, melds: number, expected: number): void {
  const kinds = hand.split(/\s+/).filter(Boolean).map((name) => {
    const kind = kindOf(name);
    assert.notEqual(kind, undefined, name);
    return kind!;
  });
  assert.equal(winningDistance(countKinds(kinds), melds), expected, `${hand} with ${melds} melds`);
}

describe('winning distance', () => {
  const cases: [string, number, number][] = [
    ['1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P 9S 9S', 0, 0],
    ['1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P 9S', 0, 1],
    ['E E E S S S W W W N N N B', 0, 1],
    ['E E E S S S W W W N N B F', 0, 2],
    // The four 1M form a triplet and start a run: all four are used.
    ['1M 1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M', 0, 0],
    // A fifth 1M would make 11 + 111 at once, but no kind appears five times in a hand.
    ['1M 1M 1M 1M E E E S S S W W W', 0, 2],
    ['1M 1M 1M 1M 2M 2M 2M 2M 3M 3M 3M 3M 4M', 0, 1],
    // Specials are never part of a winning hand: they must go.
    ['1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P PASS', 0, 2],
    ['PASS PASS DOUBLE REVERSE', 3, 5],
    // Melds don't count toward the cap: the hand's own 1M needs only a partner.
    ['1M', 4, 1],
    ['1M 1M', 4, 0],
    ['1M 2M', 4, 1],
    ['1M 3M 5M 7M', 3, 2],
    // No set can hold two of these tiles: 4 sets and a pair overlap the hand in 5 at most.
    ['1M 4M 7M 1P 4P 7P 1S 4S 7S E S W N', 0, 9],
    // Runs never wrap around or cross suits.
    ['8M 9M 1P 2P 2P', 3, 1],
    ['8M 9M 1P E E', 3, 1],
    ['9M 1P 2P E E', 3, 1],
  ];
  for (const [hand, melds, expected] of cases) {
    test(`${hand} (${melds} melds) is ${expected}`, () => check(hand, melds, expected));
  }
});

describe('per-suit tables against brute force', () => {
  test('300 seeded suit contents', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 300; i++) {
      // Up to 14 tiles in the suit, each rank at most 4, as in a real hand.
      const hand = new Array<number>(9).fill(0);
      const size = Math.floor(random() * 15);
      for (let n = 0; n < size; n++) {
        const rank = Math.floor(random() * 9);
        if (hand[rank] < 4) hand[rank]++;
      }
      
      assert.deepEqual([...groupTableOf(0, hand)], bruteForceGroupTable(hand, true), `suit ${hand.join('')}`);
    }
  });
});

describe('whole hands against brute force', () => {
  test('200 seeded hands of 13 or 14 tiles with 0 to 4 melds', () => {
    const random = seededRandom(11);
    for (let i = 0; i < 200; i++) {
      const melds = Math.floor(random() * 5);
      const size = 13 - 3 * melds + Math.floor(random() * 2);
      const counts = new Array<number>(37).fill(0);
      for (let n = 0; n < size;) {
        const kind = Math.floor(random() * 37);
        if (counts[kind] < 4) {
          counts[kind]++;
          n++;
        }
      }
      assert.equal(winningDistance(counts, melds), bruteForceDistance(counts, melds), `${counts.join('')} ${melds}`);
    }
  });

  test('100 seeded hands drawn from one or two groups, so that a suit holds many tiles', () => {
    const random = seededRandom(13);
    for (let i = 0; i < 100; i++) {
      const melds = Math.floor(random() * 5);
      const size = 13 - 3 * melds + Math.floor(random() * 2);
      const groups = [Math.floor(random() * 4), Math.floor(random() * 4)];
      const counts = new Array<number>(37).fill(0);
      for (let n = 0; n < size;) {
        const group = groups[Math.floor(random() * 2)];
        const kind = group < 3 ? group * 9 + Math.floor(random() * 9) : 27 + Math.floor(random() * 7);
        if (counts[kind] < 4) {
          counts[kind]++;
          n++;
        }
      }
      assert.equal(winningDistance(counts, melds), bruteForceDistance(counts, melds), `${counts.join('')} ${melds}`);
    }
  });
});
