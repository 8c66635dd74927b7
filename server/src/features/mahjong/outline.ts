/** The outline of a Mahjong deck (the deal per player, the wall per turn, the tiles never drawn), and highlights. */
import type { Position, Range } from '../../core/problem';
import { tokenRange } from '../../core/deckText';
import { HAND_SIZE, PLAYERS, TILE_NAMES, tileFates, type MahjongAnalysis } from '../../core/mahjong';
import { section } from '../outline';
import type { DeckSymbol } from '../gameService';

const DEALT = HAND_SIZE * PLAYERS.length;

function tileSymbol(analysis: MahjongAnalysis, index: number, name?: string): DeckSymbol {
  const { token, kind } = analysis.deck.tiles[index];
  const range = tokenRange(token);
  const tile = kind === undefined ? token.text : TILE_NAMES[kind];
  const symbolKind = name ? 'turn' : 'tile';
  return { name: name ?? tile, detail: `tile ${index + 1}`, kind: symbolKind, range, selectionRange: range };
}

export function mahjongSymbols(analysis: MahjongAnalysis): DeckSymbol[] {
  const { tiles } = analysis.deck;
  const fates = analysis.game && tileFates(analysis.game);
  const indices = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  const dealt = indices(0, Math.min(DEALT, tiles.length));
  // Tile i of the deal goes to player i mod 4: the deal goes round the table one tile at a time.
  const hands = PLAYERS.map((player, seat) => section(player, 'player',
    dealt.filter((i) => i % PLAYERS.length === seat).map((i) => tileSymbol(analysis, i)), 'starting hand'));
  const wall = indices(DEALT, tiles.length);
  const drawn = fates ? wall.filter((i) => fates[i].received) : wall;
  const turns = drawn.map((i) => {
    const received = fates?.[i].received;
    if (!received) return tileSymbol(analysis, i);
    const tile = TILE_NAMES[analysis.deck.tiles[i].kind!];
    return tileSymbol(analysis, i, `Turn ${received.turn} · ${PLAYERS[received.player]} draws ${tile}`);
  });
  const never = fates ? wall.filter((i) => !fates[i].received).map((i) => tileSymbol(analysis, i)) : [];
  return [
    section('Deal', 'section', hands.filter((hand) => hand !== undefined), `${dealt.length} tiles`),
    // Every tile of the wall, those past the tiles the parse keeps too.
    section('Wall', 'section', turns,
      fates ? `${turns.length} drawn` : `${Math.max(0, analysis.deck.tileCount - DEALT)} tiles`),
    section('Never drawn', 'section', never, `${never.length} tiles`),
  ].filter((symbol) => symbol !== undefined);
}

/** The lines of every tile of the kind on `position`'s line, that line included. */
export function mahjongSameKind(analysis: MahjongAnalysis, position: Position): Range[] {
  const { tiles } = analysis.deck;
  const here = tiles.find((tile) => tile.token.line === position.line);
  if (here?.kind === undefined) return [];
  return tiles.filter((tile) => tile.kind === here.kind).map((tile) => tokenRange(tile.token));
}
