/** What the stress test needs of each game: its deck maker, and the format and file ending of its counterexamples. */
import type { DeckMaker } from '../../core/deckMaker';
import type { GameCatalogue } from '../../core/catalogue/types';
import { gameById, type GameId } from '../../core/gameRegistry';
import type { DeckFormat } from '../gameFormats';

export interface StressGame {
  format: DeckFormat;
  extension: string;
  maker: DeckMaker<unknown>;
  catalogue: GameCatalogue<never>;
}

export function stressGame(id: GameId): StressGame {
  const game = gameById(id)!;
  const { languageId: format, extensions: [extension] } = game;
  return { format, extension, maker: game.deckMaker(), catalogue: game.catalogue() };
}
