/**
 * Greedy shrinking with a game's variants, as `stress` does with a solution: a variant is kept
 * when its mark (the first differing line) comes no later (smaller decks) or earlier
 * (rearranged decks) and it still does what it was kept for.
 */
import type { DeckMaker } from '../deckMaker';

export interface ShrinkBudget {
  /** Variants measured at most. */
  runs: number;
  /** Variants in a row that may fail to help before the search stops. */
  patience: number;
}

/**
 * The shrunk deck and its mark. `measure` gives a variant's mark, or undefined when it no longer
 * does its job; the search starts from `deck` whose mark is `mark`. The same inputs give the same result.
 */
export function shrinkDeck<D>(
  maker: DeckMaker<D>, deck: D, mark: number, measure: (deck: D) => number | undefined,
  budget: ShrinkBudget, seed: number,
): { deck: D; mark: number; runs: number } {
  let runs = 0;
  let idle = 0;
  let round = 0;
  let improved = true;
  while (improved && runs < budget.runs && idle < budget.patience) {
    improved = false;
    for (const variant of maker.variants(deck, mark, seed + round++)) {
      runs++;
      const next = measure(variant);
      if (next !== undefined && (maker.smaller ? next <= mark : next < mark)) {
        deck = variant;
        mark = next;
        improved = true;
        idle = 0;
        break;
      }
      if (++idle >= budget.patience || runs >= budget.runs) break;
    }
  }
  return { deck, mark, runs };
}
