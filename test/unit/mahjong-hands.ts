/** Mahjong decks written by hand for the unit tests: tile names to kinds, four hands to a deck. */
import assert from 'node:assert/strict';
import { COPIES, KIND_COUNT, TILE_NAMES, kindOf, type TileKind } from '../../server/src/core/mahjong';

/** Space-separated tile names as kinds; an unknown name fails the test. */
export const kinds = (tiles: string): TileKind[] => tiles.split(/\s+/).filter(Boolean).map((name) => {
  const kind = kindOf(name);
  assert.notEqual(kind, undefined, name);
  return kind!;
});

/**
 * A full deck dealing these four 13-tile hands, then the given wall tiles, then every tile left
 * in index order.
 */
export function deckOf(hands: [string, string, string, string], wall: string): TileKind[] {
  const dealt = hands.map(kinds);
  const deck: TileKind[] = [];
  for (let i = 0; i < 52; i++) deck.push(dealt[i % 4][Math.floor(i / 4)]);
  deck.push(...kinds(wall));
  const left = new Array<number>(KIND_COUNT).fill(COPIES);
  for (const kind of deck) left[kind]--;
  left.forEach((n, kind) => {
    assert.ok(n >= 0, `more than 4 of ${TILE_NAMES[kind]}`);
    for (let i = 0; i < n; i++) deck.push(kind);
  });
  return deck;
}
