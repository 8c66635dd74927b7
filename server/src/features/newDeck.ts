/** New decks from a seed: the same seed always makes the same deck. */
import { analyzeCirno, randomCirnoDeckText } from '../core/cirno';
import { mahjongDeckText, shuffledMahjongDeck } from '../core/mahjong';

export function newMahjongDeck(seed: number): string {
  return mahjongDeckText(shuffledMahjongDeck(seed), `seed ${seed}: a shuffled deck from Deck Simulator: New Shuffled Deck`);
}

/** Draws this many decks from the seed before settling for one the pile does not last. */
const TRIES = 20;

/**
 * A random deck that plays through when it can: decks are drawn from the seed in a fixed
 * sequence and the first valid one is kept, so a seed still always gives the same deck.
 */
export function newCirnoDeck(seed: number, players: number, rounds: number, cards: number): string {
  const header = `seed ${seed}: a random deck from Deck Simulator: New Shuffled Deck`;
  let text = '';
  for (let attempt = 0; attempt < TRIES; attempt++) {
    text = randomCirnoDeckText(seed * TRIES + attempt, players, rounds, cards, header);
    if (analyzeCirno(text).game) break;
  }
  return text;
}
