import type { ParsedMahjongDeck } from './parse';
import { TILE_NAMES } from './tiles';

/** The judge's input of a valid deck, as a solution reads it: the 148 tile names, one a line. */
export function mahjongJudgeInput(deck: ParsedMahjongDeck): string {
  return deck.tiles.map((tile) => TILE_NAMES[tile.kind!]).join('\n') + '\n';
}
