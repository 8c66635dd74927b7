import type { Player, TileKind } from './tiles';

/**
 * What happens in a game, one event per transcript line (event i is line i + 1). Tiles are
 * named by their deck position (0-based, top first) so an editor can follow each tile.
 */
export type MahjongEvent =
  | { type: 'deal'; player: Player; tile: number; kind: TileKind }
  | { type: 'draw'; player: Player; tile: number; kind: TileKind; turn: number }
  | { type: 'discard'; player: Player; tile: number; kind: TileKind; passTarget?: Player }
  | { type: 'pong'; player: Player; from: Player; claimed: number; tiles: number[]; kind: TileKind }
  | { type: 'chow'; player: Player; from: Player; claimed: number; tiles: number[]; kinds: TileKind[] }
  | { type: 'ron'; player: Player; from: Player; tile: number }
  | { type: 'selfdrawn'; player: Player; tile: number }
  | { type: 'win'; player: Player }
  | { type: 'drawGame' };

export interface Meld {
  type: 'pong' | 'chow';
  /** Deck positions, ordered by kind; `claimed` is among them. */
  tiles: number[];
  claimed: number;
  from: Player;
}

export type MahjongOutcome =
  | { type: 'win'; player: Player; by: 'ron' | 'selfdrawn'; tile: number; from?: Player }
  | { type: 'draw' };

export interface MahjongGame {
  /** Kinds of the deck, top first: what was played. */
  deck: readonly TileKind[];
  events: MahjongEvent[];
  outcome: MahjongOutcome;
  /** At the end of the game, per player. */
  hands: number[][];
  melds: Meld[][];
  /** Discarded tiles not claimed by anybody, per player, in order. */
  discards: number[][];
  /** How many tiles left the wall (deal included): deck positions from here on were never drawn. */
  tilesDrawn: number;
}

/** The tiles an event moves or names, by deck position. */
export function eventTiles(event: MahjongEvent): readonly number[] {
  switch (event.type) {
    case 'deal':
    case 'draw':
    case 'discard':
    case 'ron':
    case 'selfdrawn':
      return [event.tile];
    case 'pong':
    case 'chow':
      return event.tiles;
    default:
      return [];
  }
}
