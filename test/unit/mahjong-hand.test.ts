import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { seededRandom } from '../../server/src/core/seededRandom';
import { Hand } from '../../server/src/core/mahjong/hand';
import { FIRST_SPECIAL, KIND_COUNT } from '../../server/src/core/mahjong/tiles';
import { bruteForceGroupTableOf, distanceOfTables } from './mahjong-oracle';

/**
 * Seeded concealed hands of `13 - 3 * melds + extra` non-special tiles, at most 4 of a kind,
 * some held in few groups (so that a suit holds many tiles), as counts per kind with their melds.
 */
function seededHands(seed: number, count: number, extra: number): { counts: number[]; melds: number }[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const melds = Math.floor(random() * 5);
    const groups = random() < 0.5 ? [0, 1, 2, 3] : [Math.floor(random() * 4), Math.floor(random() * 4)];
    const counts = new Array<number>(KIND_COUNT).fill(0);
    for (let n = 0; n < 13 - 3 * melds + extra;) {
      const group = groups[Math.floor(random() * groups.length)];
      const kind = group < 3 ? group * 9 + Math.floor(random() * 9) : 27 + Math.floor(random() * 7);
      if (counts[kind] < 4) {
        counts[kind]++;
        n++;
      }
    }
    return { counts, melds };
  });
}

/** Brute-force distances of `counts` as is and with one tile of a kind more or fewer. */
class BruteForce {
  private readonly tables: number[][];

  constructor(private readonly counts: readonly number[], private readonly melds: number) {
    this.tables = [0, 1, 2, 3].map((group) => bruteForceGroupTableOf(counts, group));
  }

  distance(): number {
    return distanceOfTables(this.tables, this.melds);
  }

  /** The distance with one tile of `kind` more (change 1) or fewer (-1). */
  distanceChanging(kind: number, change: number): number {
    const changed = this.counts.slice();
    changed[kind] += change;
    const group = Math.min(3, Math.floor(kind / 9));
    const tables = this.tables.slice();
    tables[group] = bruteForceGroupTableOf(changed, group);
    return distanceOfTables(tables, this.melds);
  }
}

/** A Hand holding `counts`, with `melds` melds claimed before (their tiles no longer held). */
function handOf(counts: readonly number[], melds: number): Hand {
  const hand = new Hand();
  let tile = 0;
  for (let m = 0; m < melds; m++) {
    hand.add(0, tile++);
    hand.add(0, tile++);
    hand.meld(0, 0);
  }
  counts.forEach((n, kind) => {
    for (let i = 0; i < n; i++) hand.add(kind, tile++);
  });
  return hand;
}

describe('a hand against brute force', () => {
  test('60 seeded hands of 13 - 3n tiles: which discards each wins on', () => {
    for (const { counts, melds } of seededHands(17, 60, 0)) {
      const hand = handOf(counts, melds);
      // handOf adds the tiles by kind after the melds' two tiles each: held in that order.
      const size = 13 - 3 * melds;
      assert.deepEqual(hand.heldTiles(), Array.from({ length: size }, (_, i) => 2 * melds + i), counts.join(''));
      const bruteForce = new BruteForce(counts, melds);
      for (let kind = 0; kind < FIRST_SPECIAL; kind++) {
        if (counts[kind] === 4) continue;
        const wins = bruteForce.distanceChanging(kind, 1) === 0;
        assert.equal(hand.winsWith(kind), wins, `${counts.join('')} ${melds} melds + kind ${kind}`);
      }
    }
  });

  test('60 seeded hands of 14 - 3n tiles that do not win: the best discard, ties to the highest kind', () => {
    for (const { counts, melds } of seededHands(19, 60, 1)) {
      const bruteForce = new BruteForce(counts, melds);
      if (bruteForce.distance() === 0) continue;
      let expected = -1;
      let least = Infinity;
      for (let kind = FIRST_SPECIAL - 1; kind >= 0; kind--) {
        if (counts[kind] === 0) continue;
        const distance = bruteForce.distanceChanging(kind, -1);
        if (distance < least) {
          least = distance;
          expected = kind;
        }
      }
      const hand = handOf(counts, melds);
      assert.equal(hand.discardBest(), expected, `${counts.join('')} ${melds} melds`);
      assert.equal(hand.distance(), least, `${counts.join('')} ${melds} melds, after the discard`);
    }
  });

  test('held tiles are ordered by kind, specials last, whatever the order they came in', () => {
    const hand = new Hand();
    const kinds = [36, 8, 0, 27, 35, 9, 0, 33, 26, 34];
    kinds.forEach((kind, tile) => hand.add(kind, tile));
    assert.deepEqual(hand.heldTiles(), [2, 6, 1, 5, 8, 3, 7, 9, 4, 0]);
  });
});
