/** New decks from a seed: the same seed always makes the same deck. */
import { mahjongDeckText, shuffledMahjongDeck } from '../core/mahjong';

export function newMahjongDeck(seed: number): string {
  return mahjongDeckText(shuffledMahjongDeck(seed), `seed ${seed}: a shuffled deck from Deck Simulator: New Shuffled Deck`);
}
