/**
 * An independent oracle for the winning distance, sharing no code with the engine: every way to
 * place up to 4 sets and at most one pair in one group (no kind used more than 4 times, unless
 * `cap` is false) is scored against the hand, and the groups are combined by trying every split
 * of the sets. Without the cap it is the distance of a solution that forgets that rule.
 */

/** Every placement of up to 4 sets and at most one pair in a group (no rank over 4 when capped). */
function placements(size: number, runs: boolean, cap: boolean): { counts: number[]; at: number }[] {
  const setShapes: number[][] = [];
  if (runs) for (let r = 0; r + 2 < size; r++) setShapes.push([r, r + 1, r + 2]);
  for (let r = 0; r < size; r++) setShapes.push([r, r, r]);
  const all: { counts: number[]; at: number }[] = [];
  const counts = new Array<number>(size).fill(0);
  const place = (from: number, sets: number) => {
    for (let pair = -1; pair < size; pair++) {
      if (pair >= 0) counts[pair] += 2;
      if (!cap || counts.every((c) => c <= 4)) all.push({ counts: [...counts], at: sets * 2 + (pair >= 0 ? 1 : 0) });
      if (pair >= 0) counts[pair] -= 2;
    }
    if (sets === 4) return;
    for (let shape = from; shape < setShapes.length; shape++) {
      for (const r of setShapes[shape]) counts[r]++;
      place(shape, sets + 1);
      for (const r of setShapes[shape]) counts[r]--;
    }
  };
  place(0, 0);
  return all;
}

const placementsOf = new Map<string, { counts: number[]; at: number }[]>();

/** Best overlap of one group's counts with `sets` sets and `pair` pairs, at sets * 2 + pair. */
export function bruteForceGroupTable(hand: readonly number[], runs: boolean, cap = true): number[] {
  const id = `${hand.length} ${runs} ${cap}`;
  if (!placementsOf.has(id)) placementsOf.set(id, placements(hand.length, runs, cap));
  const best = new Array<number>(10).fill(-1);
  for (const { counts, at } of placementsOf.get(id)!) {
    let score = 0;
    for (let i = 0; i < hand.length; i++) score += Math.min(counts[i], hand[i]);
    if (score > best[at]) best[at] = score;
  }
  return best;
}

/** Winning distance of counts per kind (37 kinds, specials ignored as they must go) with `melds` melds. */
export function bruteForceDistance(counts: ArrayLike<number>, melds: number, cap = true): number {
  return distanceOfTables([0, 1, 2, 3].map((group) => bruteForceGroupTableOf(counts, group, cap)), melds);
}

/** The brute-force table of one group (0-2 the suits, 3 the honours) of counts per kind. */
export function bruteForceGroupTableOf(counts: ArrayLike<number>, group: number, cap = true): number[] {
  const start = group * 9;
  return bruteForceGroupTable(Array.from(counts).slice(start, group < 3 ? start + 9 : 34), group < 3, cap);
}

/** Winning distance from the four groups' tables, with `melds` melds. */
export function distanceOfTables(tables: readonly (readonly number[])[], melds: number): number {
  const sets = 4 - melds;
  let best = -1;
  for (let s0 = 0; s0 <= sets; s0++) {
    for (let s1 = 0; s0 + s1 <= sets; s1++) {
      for (let s2 = 0; s0 + s1 + s2 <= sets; s2++) {
        const split = [s0, s1, s2, sets - s0 - s1 - s2];
        for (let pairGroup = 0; pairGroup < 4; pairGroup++) {
          const overlap = split.reduce((sum, s, g) => sum + tables[g][s * 2 + (g === pairGroup ? 1 : 0)], 0);
          best = Math.max(best, overlap);
        }
      }
    }
  }
  return 3 * sets + 2 - best;
}
