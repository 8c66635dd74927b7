import type { MahjongEvent, MahjongGame, Meld } from './events';
import { REVERSE, type Player } from './tiles';

/** Where every tile is after one event: what a replay shows and a hover describes. */
export interface MahjongSnapshot {
  /** Deck positions held, per player, in the order received. */
  hands: number[][];
  /** Melds per player, in the order claimed. */
  melds: Meld[][];
  /** Discards lying in front of each player, oldest first. */
  discards: number[][];
  /** Tiles still in the wall. */
  wall: number;
  /** Play direction: 1 is A→B→C→D, -1 the reverse. */
  direction: 1 | -1;
  /** The player the event concerns, if any. */
  actor?: Player;
}

function cloneSnapshot(s: MahjongSnapshot): MahjongSnapshot {
  return {
    hands: s.hands.map((h) => [...h]),
    melds: s.melds.map((ms) => ms.map((m) => ({ ...m, tiles: [...m.tiles] }))),
    discards: s.discards.map((d) => [...d]),
    wall: s.wall,
    direction: s.direction,
  };
}

function without(list: number[], tile: number): void {
  const at = list.lastIndexOf(tile);
  if (at >= 0) list.splice(at, 1);
}

function apply(state: MahjongSnapshot, event: MahjongEvent, deckSize: number): void {
  switch (event.type) {
    case 'deal':
    case 'draw':
      state.hands[event.player].push(event.tile);
      state.wall = deckSize - event.tile - 1;
      break;
    case 'discard':
      without(state.hands[event.player], event.tile);
      state.discards[event.player].push(event.tile);
      if (event.kind === REVERSE) state.direction = state.direction === 1 ? -1 : 1;
      break;
    case 'pong':
    case 'chow':
      without(state.discards[event.from], event.claimed);
      for (const tile of event.tiles) if (tile !== event.claimed) without(state.hands[event.player], tile);
      state.melds[event.player].push({
        type: event.type, tiles: [...event.tiles], claimed: event.claimed, from: event.from,
      });
      break;
    case 'ron':
      without(state.discards[event.from], event.tile);
      state.hands[event.player].push(event.tile);
      break;
    default:
      break;
  }
  state.actor = 'player' in event ? event.player : undefined;
}

const snapshotsByGame = new WeakMap<MahjongGame, readonly MahjongSnapshot[]>();

/**
 * The state after each event (snapshot i follows event i); the state before the first event is
 * empty. Kept per game, so hovers and the replay share one result (treat it as read-only).
 */
export function mahjongSnapshots(game: MahjongGame): readonly MahjongSnapshot[] {
  let snapshots = snapshotsByGame.get(game);
  if (!snapshots) {
    snapshots = replayEvents(game);
    snapshotsByGame.set(game, snapshots);
  }
  return snapshots;
}

function replayEvents(game: MahjongGame): MahjongSnapshot[] {
  const state: MahjongSnapshot = {
    hands: [[], [], [], []], melds: [[], [], [], []], discards: [[], [], [], []], wall: game.deck.length, direction: 1,
  };
  return game.events.map((event) => {
    apply(state, event, game.deck.length);
    const snapshot = cloneSnapshot(state);
    snapshot.actor = state.actor;
    return snapshot;
  });
}
