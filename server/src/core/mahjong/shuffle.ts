import { seededRandom, shuffle } from '../seededRandom';
import { COPIES, KIND_COUNT, TILE_NAMES, type TileKind } from './tiles';

/** A full deck in a seeded order: the same seed always gives the same deck. */
export function shuffledMahjongDeck(seed: number): TileKind[] {
  const kinds: TileKind[] = [];
  for (let kind = 0; kind < KIND_COUNT; kind++) for (let i = 0; i < COPIES; i++) kinds.push(kind);
  return shuffle(kinds, seededRandom(seed));
}

/** A deck as `.mjdeck` text, one tile a line. */
export function mahjongDeckText(kinds: readonly TileKind[], header?: string): string {
  return (header === undefined ? '' : `# ${header}\n`) + kinds.map((kind) => TILE_NAMES[kind]).join('\n') + '\n';
}
