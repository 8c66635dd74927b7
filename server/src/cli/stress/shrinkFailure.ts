/**
 * Shrinking a deck a program fails on, by running the program: greedy over the game's variants, a
 * batch of `jobs` at a time, the first success in order kept, so the result is the same for any
 * `jobs`. `stress` and the search for decks that kill programs (`cli/mutation/killingDecks.ts`) share it.
 */
import type { DeckMaker } from '../../core/deckMaker';
import type { Judgement } from '../judge/verdict';

/** Judges the program on a deck text; undefined when the text is not a valid deck or the run says nothing. */
export type Trial = (text: string) => Promise<Judgement | undefined>;

export interface ShrinkSettings {
  /** Runs in parallel. */
  jobs: number;
  /** Program runs the shrinker may spend. */
  runs: number;
  /** Runs in a row that may fail to help before it stops. */
  patience: number;
  seed: number;
}

/**
 * The smallest (or earliest failing) deck found: a variant is kept when it fails the same way
 * with its first difference no later (smaller decks) or earlier (rearranged decks).
 */
export async function shrinkFailure<D>(
  game: DeckMaker<D>, deck: D, judgement: Judgement, trial: Trial, settings: ShrinkSettings,
  onImproved: (deck: D, judgement: Judgement) => void = () => undefined,
): Promise<{ deck: D; judgement: Judgement; runs: number }> {
  let runs = 0;
  let idle = 0;
  let round = 0;
  const better = (candidate: Judgement) => {
    if (!judgement.difference) return game.smaller && candidate.verdict === judgement.verdict;
    if (candidate.verdict !== 'WA') return false;
    const line = candidate.difference!.line;
    return game.smaller ? line <= judgement.difference.line : line < judgement.difference.line;
  };
  if (!judgement.difference && !game.smaller) return { deck, judgement, runs };
  let improved = true;
  while (improved && runs < settings.runs && idle < settings.patience) {
    improved = false;
    const line = judgement.difference?.line ?? Number.MAX_SAFE_INTEGER;
    const variants = game.variants(deck, line, settings.seed + round++);
    let batch: D[] = [];
    for (const variant of variants) {
      batch.push(variant);
      if (batch.length < Math.min(settings.jobs, settings.runs - runs)) continue;
      const found = await tryBatch(batch);
      batch = [];
      if (found || runs >= settings.runs || idle >= settings.patience) break;
    }
    if (!improved && batch.length > 0 && runs < settings.runs) await tryBatch(batch);
  }
  return { deck, judgement, runs };

  async function tryBatch(batch: D[]): Promise<boolean> {
    const results = await Promise.all(batch.map((variant) => trial(game.text(variant))));
    const at = results.findIndex((result) => result !== undefined && better(result));
    // Counted as if tried one by one, so budgets end at the same variant whatever --jobs is.
    runs += at < 0 ? batch.length : at + 1;
    if (at < 0) {
      idle += batch.length;
      return false;
    }
    deck = batch[at];
    judgement = results[at]!;
    idle = 0;
    improved = true;
    onImproved(deck, judgement);
    return true;
  }
}
