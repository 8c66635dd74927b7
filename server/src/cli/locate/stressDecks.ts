/** The decks of a guided stress run (as `deck-sim stress` makes them), ready to judge, in batches. */
import type { DeckGame } from '../../core/deckGame';
import { guidedDeck, guidedTargets } from '../../core/catalogue/guided';
import { seededRandom } from '../../core/seededRandom';
import type { DeckFormat } from '../gameFormats';
import { prepareDeck, type JudgedDeck } from '../judge/prepare';

/** Yields batches of `size` decks (the last may be smaller), `count` decks in all, named `LABEL N`. */
export function* stressDeckBatches(
  game: DeckGame, format: DeckFormat, seed: number, count: number, size: number, label: string,
): Generator<JudgedDeck[]> {
  const maker = game.deckMaker();
  const catalogue = game.catalogue();
  const targets = guidedTargets(catalogue);
  const seeds = seededRandom(seed);
  for (let index = 0; index < count; index += size) {
    const batch: JudgedDeck[] = [];
    for (let i = index; i < Math.min(count, index + size); i++) {
      const { deck } = guidedDeck(maker, catalogue, targets, i, Math.floor(seeds() * 2 ** 32));
      const prepared = prepareDeck({ name: `${label} ${i + 1}`, format, text: maker.text(deck) }).deck;
      if (prepared) batch.push(prepared);
    }
    yield batch;
  }
}
