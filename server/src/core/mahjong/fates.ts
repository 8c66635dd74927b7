import { eventTiles, type MahjongGame } from './events';
import type { Player } from './tiles';

/** Where a tile is when the game ends. */
export type TileEnd =
  | { where: 'wall' }
  | { where: 'hand'; player: Player }
  | { where: 'discards'; player: Player }
  | { where: 'meld'; player: Player; meld: 'pong' | 'chow' }
  | { where: 'winningTile'; player: Player; by: 'ron' | 'selfdrawn' };

export interface TileFate {
  /** Deck position, 0-based. */
  tile: number;
  /** How the tile left the wall, if it did. */
  received?: { player: Player; how: 'deal' | 'draw'; event: number; dealSlot?: number; turn?: number };
  /** Indices of the events that move or name this tile, in order (event i is transcript line i + 1). */
  events: number[];
  end: TileEnd;
}


const fatesByGame = new WeakMap<MahjongGame, readonly TileFate[]>();

/**
 * Follows every tile of the deck through the game, in one pass over the events. Kept per game,
 * so hovers, hints and the replay of one analysis share one result (treat it as read-only).
 */
export function tileFates(game: MahjongGame): readonly TileFate[] {
  let fates = fatesByGame.get(game);
  if (!fates) {
    fates = followTiles(game);
    fatesByGame.set(game, fates);
  }
  return fates;
}

function followTiles(game: MahjongGame): TileFate[] {
  const fates: TileFate[] = game.deck.map((_, tile) => ({ tile, events: [], end: { where: 'wall' } }));
  const dealt = [0, 0, 0, 0];
  game.events.forEach((event, index) => {
    for (const tile of eventTiles(event)) fates[tile].events.push(index);
    const fate = 'tile' in event ? fates[event.tile] : undefined;
    switch (event.type) {
      case 'deal':
        fate!.received = { player: event.player, how: 'deal', event: index, dealSlot: ++dealt[event.player] };
        fate!.end = { where: 'hand', player: event.player };
        break;
      case 'draw':
        fate!.received = { player: event.player, how: 'draw', event: index, turn: event.turn };
        fate!.end = { where: 'hand', player: event.player };
        break;
      case 'discard':
        fate!.end = { where: 'discards', player: event.player };
        break;
      case 'pong':
      case 'chow':
        for (const tile of event.tiles) fates[tile].end = { where: 'meld', player: event.player, meld: event.type };
        break;
      case 'ron':
      case 'selfdrawn':
        fate!.end = { where: 'winningTile', player: event.player, by: event.type };
        break;
    }
  });
  return fates;
}
