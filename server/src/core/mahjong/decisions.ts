/**
 * Why each event happened: the facts behind every decision of a game, as data. Computed in a
 * separate pass that replays the events on Hand objects, so the simulation itself stays as fast
 * as it is; kept per game like the snapshots.
 */
import { CHOW_OPTIONS, PONG_ORDER, playerAfter } from './claimOrder';
import type { MahjongEvent, MahjongGame } from './events';
import { Hand } from './hand';
import { DOUBLE, FIRST_SPECIAL, PASS, REVERSE, SPECIAL_DISCARD_ORDER, type Player, type TileKind } from './tiles';

/** One kind the discarder could throw, and the winning distance of the hand left without it. */
export interface DiscardCandidate {
  kind: TileKind;
  distance: number;
}

/** A player whose hand plus the discarded tile wins: the first one asked wins, the others are intercepted. */
export interface RonCheck {
  player: Player;
  won: boolean;
}

/** A pong or chow the rules considered, with the claimant's winning distance before and after it. */
export interface ClaimCheck {
  player: Player;
  type: 'pong' | 'chow';
  /** The three kinds of the meld, ascending (the discarded tile among them). */
  kinds: [TileKind, TileKind, TileKind];
  before: number;
  /** With the two tiles gone and one meld more. */
  after: number;
  /** Taken exactly when after < before; the rules ask no one after a taken claim. */
  taken: boolean;
}

/** A non-special discard `X OUT t` and every check the rules made after it. */
export interface DiscardDecision {
  type: 'discard';
  player: Player;
  /** Each distinct kind held before the discard, once, in index order (1M..9M, 1P..9P, 1S..9S, E S W N B F Z). */
  candidates: DiscardCandidate[];
  /** The smallest candidate distance. */
  smallest: number;
  /** The candidates at the smallest distance, in index order. */
  tied: TileKind[];
  /** The tied kind that comes first in the discard order Z F B N W S E 9S..1M: the last of `tied`. */
  chosen: TileKind;
  /** Players asked in turn order from the next one, only those whose hand plus the tile wins. */
  ron: RonCheck[];
  /** Pongs asked in the order A, B, C, D of players holding two of the tile, then the next player's chows. */
  claims: ClaimCheck[];
}

/** What a special tile does. */
export type SpecialEffect =
  | { type: 'pass'; skipped: Player }
  | { type: 'reverse'; direction: 1 | -1; next: Player }
  /** extraDraw is false when the wall was empty (the game ends in a draw). */
  | { type: 'double'; extraDraw: boolean };

/** A special discard: specials go first, PASS before REVERSE before DOUBLE. */
export interface SpecialDecision {
  type: 'special';
  player: Player;
  /** The special kinds held before the discard, in the order they are thrown (PASS, REVERSE, DOUBLE). */
  held: TileKind[];
  /** The first of `held`. */
  chosen: TileKind;
  effect: SpecialEffect;
}

/** `X SELFDRAWN`: the hand holds no special tile and its winning distance is 0. */
export interface SelfDrawnDecision {
  type: 'selfdrawn';
  player: Player;
}

/**
 * A turn skipped because of a PASS. It prints no line, so it is attached to the next line
 * printed, which is always the draw of the player after the skipped one (or `DRAW`).
 */
export interface SkippedTurnDecision {
  type: 'skippedTurn';
  player: Player;
  /** Who discarded the PASS. */
  passedBy: Player;
}

export type MahjongDecision = DiscardDecision | SpecialDecision | SelfDrawnDecision | SkippedTurnDecision;

const decisionsByGame = new WeakMap<MahjongGame, readonly (MahjongDecision | undefined)[]>();

/**
 * The decision behind each event, indexed like game.events (event i is transcript line i + 1);
 * undefined for events that decide nothing (deal, draw, claims, RON, WIN). Kept per game
 * (treat it as read-only).
 */
export function mahjongDecisions(game: MahjongGame): readonly (MahjongDecision | undefined)[] {
  let decisions = decisionsByGame.get(game);
  if (!decisions) {
    decisions = explainEvents(game);
    decisionsByGame.set(game, decisions);
  }
  return decisions;
}

function explainEvents(game: MahjongGame): (MahjongDecision | undefined)[] {
  const { deck, events } = game;
  const hands = [new Hand(), new Hand(), new Hand(), new Hand()];
  let direction = 1;
  let skipped: SkippedTurnDecision | undefined;
  return events.map((event, i): MahjongDecision | undefined => {
    let decision: MahjongDecision | undefined;
    switch (event.type) {
      case 'deal':
      case 'draw':
        hands[event.player].add(event.kind, event.tile);
        break;
      case 'discard': {
        const hand = hands[event.player];
        if (event.kind >= FIRST_SPECIAL) {
          decision = specialDecision(event.player, hand, event.kind, direction, events[i + 1]);
          if (event.kind === REVERSE) direction = -direction;
        } else {
          decision = discardDecision(event.player, hand, hands, event.kind, direction);
        }
        hand.remove(event.kind);
        if (decision.type === 'special' && decision.effect.type === 'pass') {
          skipped = { type: 'skippedTurn', player: decision.effect.skipped, passedBy: event.player };
        } else if (decision.type === 'discard') {
          checkClaims(event.player, hands, event.kind, direction, decision);
        }
        return decision;
      }
      case 'pong':
      case 'chow': {
        const [a, b] = event.tiles.filter((tile) => tile !== event.claimed).map((tile) => deck[tile]);
        hands[event.player].meld(a, b);
        break;
      }
      case 'ron':
        hands[event.player].add(deck[event.tile], event.tile);
        break;
      case 'selfdrawn':
        decision = { type: 'selfdrawn', player: event.player };
        break;
      default:
        break;
    }
    if (skipped && (event.type === 'draw' || event.type === 'drawGame')) {
      decision = skipped;
      skipped = undefined;
    }
    return decision;
  });
}

function specialDecision(
  player: Player, hand: Hand, kind: TileKind, direction: number, following: MahjongEvent | undefined,
): SpecialDecision {
  const held = SPECIAL_DISCARD_ORDER.filter((special) => hand.counts[special] > 0);
  let effect: SpecialEffect;
  if (kind === PASS) effect = { type: 'pass', skipped: playerAfter(player, direction) };
  else if (kind === REVERSE) {
    effect = { type: 'reverse', direction: direction === 1 ? -1 : 1, next: playerAfter(player, -direction) };
  }
  else if (kind === DOUBLE) effect = { type: 'double', extraDraw: following?.type === 'draw' };
  else throw new RangeError(`not a special kind: ${kind}`);
  return { type: 'special', player, held, chosen: kind, effect };
}

/** The candidates of a discard, from the hand before it; ron checks against the other hands. */
function discardDecision(
  player: Player, hand: Hand, hands: Hand[], kind: TileKind, direction: number,
): DiscardDecision {
  const candidates: DiscardCandidate[] = [];
  for (let candidate = 0; candidate < FIRST_SPECIAL; candidate++) {
    if (hand.counts[candidate] > 0) candidates.push({ kind: candidate, distance: hand.distanceWithout(candidate) });
  }
  const smallest = Math.min(...candidates.map((c) => c.distance));
  const tied = candidates.filter((c) => c.distance === smallest).map((c) => c.kind);
  const ron: RonCheck[] = [];
  for (let step = 1; step < hands.length; step++) {
    const other = playerAfter(player, direction, step);
    if (hands[other].winsWith(kind)) ron.push({ player: other, won: ron.length === 0 });
  }
  const decision: DiscardDecision = {
    type: 'discard', player, candidates, smallest, tied, chosen: tied[tied.length - 1], ron, claims: [],
  };
  if (decision.chosen !== kind) {
    throw new Error(`replay disagrees with the game: ${kind} discarded, ${decision.chosen} chosen`);
  }
  return decision;
}

/** After the tile left the discarder's hand: the pongs, then the chows, up to the first taken. */
function checkClaims(
  player: Player, hands: Hand[], kind: TileKind, direction: number, decision: DiscardDecision,
): void {
  if (decision.ron.length > 0) return;
  const consider = (claimant: Player, type: ClaimCheck['type'], a: TileKind, b: TileKind): boolean => {
    const hand = hands[claimant];
    const before = hand.distance();
    const after = hand.distanceAfterMeld(a, b);
    const kinds = [a, b, kind].sort((x, y) => x - y) as ClaimCheck['kinds'];
    decision.claims.push({ player: claimant, type, kinds, before, after, taken: after < before });
    return after < before;
  };
  for (const claimant of PONG_ORDER) {
    if (hands[claimant].counts[kind] >= 2 && consider(claimant, 'pong', kind, kind)) return;
  }
  const chower = playerAfter(player, direction);
  const hand = hands[chower];
  for (const [a, b] of CHOW_OPTIONS[kind]) {
    if (hand.counts[a] > 0 && hand.counts[b] > 0 && consider(chower, 'chow', a, b)) return;
  }
}
