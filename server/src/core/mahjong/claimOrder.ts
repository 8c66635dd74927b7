import { KIND_COUNT, isSuited, rankOf, type Player, type TileKind } from './tiles';

/** The order in which the rules ask for claims after a discard, shared by the game and its explanation. */

export const PLAYER_COUNT = 4;

/** Pong is asked of every player in this fixed order, the discarder included. */
export const PONG_ORDER: readonly Player[] = [0, 1, 2, 3];

/**
 * Chow options per discarded kind, in the order the rules try them: the two tiles the next
 * player must hold, (t+1, t+2), (t-1, t+1), (t-2, t-1); runs never cross suits.
 */
export const CHOW_OPTIONS: readonly (readonly [TileKind, TileKind])[][] = Array.from(
  { length: KIND_COUNT },
  (_, kind) => {
    if (!isSuited(kind)) return [];
    const rank = rankOf(kind);
    const options: [TileKind, TileKind][] = [];
    if (rank <= 7) options.push([kind + 1, kind + 2]);
    if (rank >= 2 && rank <= 8) options.push([kind - 1, kind + 1]);
    if (rank >= 3) options.push([kind - 2, kind - 1]);
    return options;
  },
);

/** The player `steps` places after `player` in `direction` (1 or -1). */
export function playerAfter(player: Player, direction: number, steps = 1): Player {
  return ((player + steps * direction + 2 * PLAYER_COUNT) % PLAYER_COUNT) as Player;
}
