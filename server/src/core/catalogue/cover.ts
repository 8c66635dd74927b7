/** Greedy set cover: few new decks that together cover everything any of them covers. */

/**
 * The candidates to keep, in the order picked: each time the one covering most elements not yet
 * covered (by `covered` or an earlier pick), the earliest on a tie, until none adds anything.
 * Returns each pick's index and the elements it added.
 */
export function greedyCover(
  candidates: readonly ReadonlySet<string>[], covered: ReadonlySet<string>,
): { index: number; added: string[] }[] {
  const done = new Set(covered);
  const picks: { index: number; added: string[] }[] = [];
  const taken = new Set<number>();
  for (;;) {
    let best = -1;
    let bestAdded: string[] = [];
    candidates.forEach((elements, index) => {
      if (taken.has(index)) return;
      const added = [...elements].filter((element) => !done.has(element));
      if (added.length > bestAdded.length) {
        best = index;
        bestAdded = added;
      }
    });
    if (best < 0) return picks;
    taken.add(best);
    for (const element of bestAdded) done.add(element);
    picks.push({ index: best, added: bestAdded });
  }
}
