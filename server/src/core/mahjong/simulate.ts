import type { MahjongEvent, MahjongGame, MahjongOutcome, Meld } from './events';
import { Hand } from './hand';
import { CHOW_OPTIONS, PLAYER_COUNT, PONG_ORDER, playerAfter } from './claimOrder';
import { DOUBLE, HAND_SIZE, PASS, REVERSE, type Player, type TileKind } from './tiles';

/**
 * Plays a complete, valid deck (148 kinds, top first) as the rules say. The caller validates;
 * this only assumes there are enough tiles to deal.
 */
export function simulateMahjong(deck: readonly TileKind[]): MahjongGame {
  const events: MahjongEvent[] = [];
  const hands = Array.from({ length: PLAYER_COUNT }, () => new Hand());
  const melds: Meld[][] = [[], [], [], []];
  const discards: number[][] = [[], [], [], []];
  const skip = [false, false, false, false];
  let wall = 0;
  let direction = 1;
  let turn = 0;
  let outcome: MahjongOutcome | undefined;
  const next = (player: Player): Player => playerAfter(player, direction);

  for (let i = 0; i < HAND_SIZE * PLAYER_COUNT; i++) {
    const player = (i % PLAYER_COUNT) as Player;
    hands[player].add(deck[wall], wall);
    events.push({ type: 'deal', player, tile: wall, kind: deck[wall] });
    wall++;
  }

  /** Takes the top tile; false when the wall is empty (the game is drawn). */
  const draw = (player: Player): boolean => {
    if (wall >= deck.length) {
      events.push({ type: 'drawGame' });
      outcome = { type: 'draw' };
      return false;
    }
    hands[player].add(deck[wall], wall);
    events.push({ type: 'draw', player, tile: wall, kind: deck[wall], turn });
    wall++;
    return true;
  };

  const claim = (
    claimer: Player, from: Player, claimed: number, type: Meld['type'], a: TileKind, b: TileKind,
  ): number[] => {
    const tiles = [...hands[claimer].meld(a, b), claimed].sort((a, b) => deck[a] - deck[b] || a - b);
    melds[claimer].push({ type, tiles, claimed, from });
    discards[from].pop();
    return tiles;
  };

  let current: Player = 0;
  turns: while (outcome === undefined) {
    if (skip[current]) {
      skip[current] = false;
      current = next(current);
      continue;
    }
    turn++;
    if (!draw(current)) break;
    let actor = current;
    // The discard step: after a draw, a claim, or a DOUBLE's extra draw.
    for (;;) {
      const hand = hands[actor];
      const special = hand.specialToDiscard();
      if (special !== undefined) {
        const tile = hand.remove(special);
        discards[actor].push(tile);
        if (special === PASS) {
          const target = next(actor);
          skip[target] = true;
          events.push({ type: 'discard', player: actor, tile, kind: special, passTarget: target });
          current = target;
          continue turns;
        }
        events.push({ type: 'discard', player: actor, tile, kind: special });
        if (special === REVERSE) {
          direction = -direction;
          current = next(actor);
          continue turns;
        }
        if (special === DOUBLE && !draw(actor)) break turns;
        continue;
      }
      if (hand.isWinning()) {
        const tile = lastTaken(events, actor);
        events.push({ type: 'selfdrawn', player: actor, tile }, { type: 'win', player: actor });
        outcome = { type: 'win', player: actor, by: 'selfdrawn', tile };
        break turns;
      }
      const { kind, tile } = hand.discardBest();
      discards[actor].push(tile);
      events.push({ type: 'discard', player: actor, tile, kind });

      for (let step = 1; step < PLAYER_COUNT; step++) {
        const other = playerAfter(actor, direction, step);
        if (hands[other].winsWith(kind)) {
          discards[actor].pop();
          hands[other].add(kind, tile);
          events.push({ type: 'ron', player: other, from: actor, tile }, { type: 'win', player: other });
          outcome = { type: 'win', player: other, by: 'ron', tile, from: actor };
          break turns;
        }
      }

      const ponger = PONG_ORDER.find((p) =>
        hands[p].counts[kind] >= 2 && hands[p].distanceAfterMeld(kind, kind) < hands[p].distance());
      if (ponger !== undefined) {
        const tiles = claim(ponger, actor, tile, 'pong', kind, kind);
        events.push({ type: 'pong', player: ponger, from: actor, claimed: tile, tiles, kind });
        actor = ponger;
        continue;
      }

      const chower = next(actor);
      const chowHand = hands[chower];
      const option = CHOW_OPTIONS[kind].find(([a, b]) =>
        chowHand.counts[a] > 0 && chowHand.counts[b] > 0 && chowHand.distanceAfterMeld(a, b) < chowHand.distance());
      if (option !== undefined) {
        const tiles = claim(chower, actor, tile, 'chow', option[0], option[1]);
        events.push({ type: 'chow', player: chower, from: actor, claimed: tile, tiles, kinds: tiles.map((t) => deck[t]) });
        actor = chower;
        continue;
      }
      current = next(actor);
      continue turns;
    }
  }

  return {
    deck,
    events,
    outcome: outcome!,
    hands: hands.map((hand) => hand.heldTiles()),
    melds,
    discards,
    tilesDrawn: wall,
  };
}

/** The tile that last came into a player's hand: the one a self-drawn win is made on. */
function lastTaken(events: readonly MahjongEvent[], player: Player): number {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i];
    if (event.type === 'draw' && event.player === player) return event.tile;
    if ((event.type === 'pong' || event.type === 'chow') && event.player === player) return event.claimed;
  }
  return -1;
}
