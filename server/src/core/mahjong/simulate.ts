import { CHOW_OPTIONS, PLAYER_COUNT, PONG_ORDER, playerAfter } from './claimOrder';
import type { MahjongEvent, MahjongGame, MahjongOutcome, Meld } from './events';
import { Hand } from './hand';
import { DOUBLE, HAND_SIZE, PASS, REVERSE, type Player, type TileKind } from './tiles';

/**
 * The four hands every game plays on, cleared at its start: a game allocates nothing but what
 * it returns. Games run one at a time (nothing here awaits), so sharing them is safe.
 */
const hands = [new Hand(), new Hand(), new Hand(), new Hand()];

/**
 * Plays a complete, valid deck (148 kinds, top first) as the rules say. The caller validates;
 * this only assumes there are enough tiles to deal.
 */
export function simulateMahjong(deck: readonly TileKind[]): MahjongGame {
  const events: MahjongEvent[] = [];
  for (const hand of hands) hand.clear();
  const melds: Meld[][] = [[], [], [], []];
  const discards: number[][] = [[], [], [], []];
  const skip = [false, false, false, false];
  let wall = 0;
  let direction = 1;
  let turn = 0;
  let outcome: MahjongOutcome | undefined;

  for (let i = 0; i < HAND_SIZE * PLAYER_COUNT; i++) {
    const player = (i % PLAYER_COUNT) as Player;
    hands[player].add(deck[wall], wall);
    events.push({ type: 'deal', player, tile: wall, kind: deck[wall] });
    wall++;
  }

  let current: Player = 0;
  turns: for (;;) {
    if (skip[current]) {
      skip[current] = false;
      current = playerAfter(current, direction);
      continue;
    }
    turn++;
    let actor = current;
    let draws = true;
    // The discard step: after a draw, a claim, or a DOUBLE's extra draw.
    for (;;) {
      const hand = hands[actor];
      if (draws) {
        // Written out here rather than in a closure, so the loop's variables stay in registers.
        if (wall >= deck.length) {
          events.push({ type: 'drawGame' });
          outcome = { type: 'draw' };
          break turns;
        }
        hand.add(deck[wall], wall);
        events.push({ type: 'draw', player: actor, tile: wall, kind: deck[wall], turn });
        wall++;
        draws = false;
      }
      const special = hand.specialToDiscard();
      if (special !== undefined) {
        const tile = hand.remove(special);
        discards[actor].push(tile);
        if (special === PASS) {
          const target = playerAfter(actor, direction);
          skip[target] = true;
          events.push({ type: 'discard', player: actor, tile, kind: special, passTarget: target });
          current = target;
          continue turns;
        }
        events.push({ type: 'discard', player: actor, tile, kind: special });
        if (special === REVERSE) {
          direction = -direction;
          current = playerAfter(actor, direction);
          continue turns;
        }
        draws = special === DOUBLE;
        continue;
      }
      if (hand.isWinning()) {
        const tile = lastTaken(events, actor);
        events.push({ type: 'selfdrawn', player: actor, tile }, { type: 'win', player: actor });
        outcome = { type: 'win', player: actor, by: 'selfdrawn', tile };
        break turns;
      }
      const kind = hand.discardBest();
      const tile = hand.lastRemoved(kind);
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

      // Only players holding the tiles are asked for their distances.
      let claimed = false;
      for (let i = 0; i < PONG_ORDER.length && !claimed; i++) {
        const ponger = PONG_ORDER[i];
        const pongHand = hands[ponger];
        if (pongHand.counts[kind] >= 2 && pongHand.distanceAfterMeld(kind, kind) < pongHand.distance()) {
          const tiles = claim(deck, melds[ponger], discards[actor], pongHand, actor, tile, 'pong', kind, kind);
          events.push({ type: 'pong', player: ponger, from: actor, claimed: tile, tiles, kind });
          actor = ponger;
          claimed = true;
        }
      }
      if (claimed) continue;

      const chower = playerAfter(actor, direction);
      const chowHand = hands[chower];
      const options = CHOW_OPTIONS[kind];
      for (let i = 0; i < options.length && !claimed; i++) {
        const a = options[i][0];
        const b = options[i][1];
        const held = chowHand.counts[a] > 0 && chowHand.counts[b] > 0;
        if (held && chowHand.distanceAfterMeld(a, b) < chowHand.distance()) {
          const tiles = claim(deck, melds[chower], discards[actor], chowHand, actor, tile, 'chow', a, b);
          const kinds = tiles.map((t) => deck[t]);
          events.push({ type: 'chow', player: chower, from: actor, claimed: tile, tiles, kinds });
          actor = chower;
          claimed = true;
        }
      }
      if (claimed) continue;
      current = playerAfter(actor, direction);
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

/** Moves two tiles of `hand` and the claimed discard into a new meld; returns its tiles. */
function claim(
  deck: readonly TileKind[], melds: Meld[], fromDiscards: number[], hand: Hand,
  from: Player, claimed: number, type: Meld['type'], a: TileKind, b: TileKind,
): number[] {
  const [first, second] = hand.meld(a, b);
  // Ordered by kind, then deck position: three compares rather than a sort with a callback.
  const before = (x: number, y: number) => deck[x] < deck[y] || (deck[x] === deck[y] && x < y);
  const tiles = [first, second, claimed];
  if (before(tiles[1], tiles[0])) [tiles[0], tiles[1]] = [tiles[1], tiles[0]];
  if (before(tiles[2], tiles[1])) [tiles[1], tiles[2]] = [tiles[2], tiles[1]];
  if (before(tiles[1], tiles[0])) [tiles[0], tiles[1]] = [tiles[1], tiles[0]];
  melds.push({ type, tiles, claimed, from });
  fromDiscards.pop();
  return tiles;
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
