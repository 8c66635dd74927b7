/**
 * The rule branches of the Mahjong rules page and how often a game takes each, counted from the
 * game's events and its decisions (mahjongDecisions), never on the plain simulation path.
 */
import type { RuleBranch } from '../../catalogue/types';
import { CHOW_OPTIONS, playerAfter } from '../claimOrder';
import { mahjongDecisions, type DiscardDecision } from '../decisions';
import type { MahjongGame } from '../events';
import { Hand } from '../hand';
import { DECK_SIZE, DOUBLE, FIRST_SPECIAL, PASS, REVERSE, rankOf } from '../tiles';

/** Every rule branch, in the order of the rules page. */
export const MAHJONG_RULES: readonly RuleBranch[] = [
  { id: 'pass-thrown', description: 'A player holding PASS throws it and the next player skips their turn.' },
  {
    id: 'pass-after-reverse',
    description: 'A PASS is thrown while the direction is reversed, so the player before the thrower is skipped.',
  },
  {
    id: 'reverse-thrown',
    description: 'A player holding REVERSE throws it, the direction flips and the player before them plays next.',
  },
  { id: 'reverse-back', description: 'A REVERSE thrown while the direction is reversed restores A, B, C, D.' },
  { id: 'double-thrown', description: 'A player holding DOUBLE throws it and draws again.' },
  {
    id: 'double-on-empty-wall',
    description: 'A DOUBLE is thrown when the wall is empty, so its extra draw ends the game in a DRAW.',
  },
  {
    id: 'special-order-choice',
    description: 'A player holding specials of two kinds throws PASS before REVERSE before DOUBLE.',
  },
  {
    id: 'specials-in-a-row',
    description: 'A special is thrown right after another one, with only draws between them.',
  },
  {
    id: 'special-after-claim',
    description: 'A claimant still holding a special tile from the deal throws it right after the claim.',
  },
  { id: 'selfdrawn', description: 'A player whose hand wins after their draw declares SELFDRAWN.' },
  { id: 'selfdrawn-after-double', description: 'A player wins on the extra draw of their DOUBLE.' },
  { id: 'selfdrawn-last-tile', description: 'A player wins on the last tile of the wall.' },
  { id: 'discard-unique-best', description: 'A single kind leaves the smallest winning distance and is thrown.' },
  {
    id: 'discard-tie',
    description: 'Several kinds tie for the smallest winning distance and the highest index among them is thrown.',
  },
  { id: 'ron-single', description: 'Exactly one other player wins on a discard and declares RON.' },
  {
    id: 'ron-intercepted',
    description: 'Several players win on a discard and the first one asked from the discarder\'s next takes it.',
  },
  {
    id: 'ron-reversed',
    description: 'A RON while the direction is reversed, the players asked from the one before the discarder.',
  },
  { id: 'pong-taken', description: 'A player other than the discarder pongs the discard.' },
  { id: 'pong-by-discarder', description: 'The discarder pongs their own discard.' },
  {
    id: 'pong-declined',
    description: 'A player holding two of the discarded kind does not pong since it would not lower their distance.',
  },
  {
    id: 'pong-over-chow',
    description: 'A pong is made although the next player could have chowed the discard.',
  },
  { id: 'chow-upper', description: 'The next player chows the discard t with t+1 and t+2.' },
  { id: 'chow-middle', description: 'The next player chows the discard t with t-1 and t+1.' },
  { id: 'chow-lower', description: 'The next player chows the discard t with t-2 and t-1.' },
  {
    id: 'chow-later-option',
    description: 'A chow is made with a later option although an earlier one was held.',
  },
  { id: 'chow-suit-edge', description: 'A chow makes a run at the edge of its suit, 1-2-3 or 7-8-9.' },
  {
    id: 'chow-declined',
    description: 'The next player holds a chow of the discard but none lowers their distance, so none is made.',
  },
  { id: 'claim-after-claim', description: 'The discard a claimant makes after their claim is claimed in turn.' },
  { id: 'no-claim', description: 'Nobody wins on or claims a discard and the turn goes to the next player.' },
  { id: 'draw-game', description: 'The wall is empty when a player must draw, and the game ends in a DRAW.' },
];

/** How many times the game takes each rule branch (only those taken). */
export function countRuleHits(game: MahjongGame): Map<string, number> {
  const hits = new Map<string, number>();
  const hit = (id: string) => hits.set(id, (hits.get(id) ?? 0) + 1);
  const decisions = mahjongDecisions(game);
  const { deck, events } = game;
  // A replay of the hands, for what the decisions do not say: the chow a pong took precedence over.
  const hands = [new Hand(), new Hand(), new Hand(), new Hand()];
  let direction = 1;
  /** Whether the last discard was a special tile, and whether only draws came after it. */
  let lastWasSpecial = false;
  let onlyDrawsSince = false;
  let discardDecision: DiscardDecision | undefined;
  for (let i = 0; i < events.length; i++) {
    const event = events[i];
    const decision = decisions[i];
    switch (event.type) {
      case 'deal':
      case 'draw':
        hands[event.player].add(event.kind, event.tile);
        break;
      case 'discard': {
        hands[event.player].remove(event.kind);
        if (decision?.type === 'special') {
          if (lastWasSpecial && onlyDrawsSince) hit('specials-in-a-row');
          if (new Set(decision.held).size > 1) hit('special-order-choice');
          if (i > 0 && (events[i - 1].type === 'pong' || events[i - 1].type === 'chow')) hit('special-after-claim');
          if (event.kind === PASS) hit(direction === 1 ? 'pass-thrown' : 'pass-after-reverse');
          else if (event.kind === REVERSE) {
            hit(direction === 1 ? 'reverse-thrown' : 'reverse-back');
            direction = -direction;
          } else if (event.kind === DOUBLE) {
            const extraDraw = decision.effect.type === 'double' && decision.effect.extraDraw;
            hit(extraDraw ? 'double-thrown' : 'double-on-empty-wall');
          }
          lastWasSpecial = true;
        } else if (decision?.type === 'discard') {
          hit(decision.tied.length > 1 ? 'discard-tie' : 'discard-unique-best');
          countClaims(decision, hit);
          discardDecision = decision;
          lastWasSpecial = false;
        }
        onlyDrawsSince = true;
        continue;
      }
      case 'pong':
      case 'chow': {
        if (i >= 2 && (events[i - 2].type === 'pong' || events[i - 2].type === 'chow')) hit('claim-after-claim');
        if (event.type === 'pong') {
          hit(event.player === event.from ? 'pong-by-discarder' : 'pong-taken');
          if (chowWouldBeTaken(hands[playerAfter(event.from, direction)], event.kind)) hit('pong-over-chow');
        } else {
          countChow(event.kinds, deck[event.claimed], hit);
        }
        const [a, b] = event.tiles.filter((tile) => tile !== event.claimed).map((tile) => deck[tile]);
        hands[event.player].meld(a, b);
        break;
      }
      case 'ron':
        hit(discardDecision && discardDecision.ron.length > 1 ? 'ron-intercepted' : 'ron-single');
        if (direction === -1) hit('ron-reversed');
        break;
      case 'selfdrawn': {
        hit('selfdrawn');
        const draw = events[i - 1];
        if (draw?.type === 'draw') {
          const before = events[i - 2];
          if (before?.type === 'discard' && before.kind === DOUBLE && before.player === event.player) {
            hit('selfdrawn-after-double');
          }
          if (draw.tile === DECK_SIZE - 1) hit('selfdrawn-last-tile');
        }
        break;
      }
      case 'drawGame':
        hit('draw-game');
        break;
      default:
        break;
    }
    if (event.type !== 'draw') onlyDrawsSince = false;
  }
  return hits;
}

/** The claims of a discard the decisions list: declined pongs and chows, a chow after a held earlier option. */
function countClaims(decision: DiscardDecision, hit: (id: string) => void): void {
  const { claims, ron } = decision;
  if (ron.length > 0) return;
  if (claims.some((claim) => claim.type === 'pong' && !claim.taken)) hit('pong-declined');
  const chows = claims.filter((claim) => claim.type === 'chow');
  if (chows.length > 0 && !chows[chows.length - 1].taken) hit('chow-declined');
  if (chows.length > 1 && chows[chows.length - 1].taken) hit('chow-later-option');
  if (!claims.some((claim) => claim.taken)) hit('no-claim');
}

function countChow(kinds: readonly number[], claimed: number, hit: (id: string) => void): void {
  const low = Math.min(...kinds);
  if (claimed === low) hit('chow-upper');
  else if (claimed === low + 1) hit('chow-middle');
  else hit('chow-lower');
  if (rankOf(low) === 1 || rankOf(low) === 7) hit('chow-suit-edge');
}

/** Whether the hand would chow a discard of `kind`: an option held that lowers its distance. */
function chowWouldBeTaken(hand: Hand, kind: number): boolean {
  if (kind >= FIRST_SPECIAL) return false;
  return CHOW_OPTIONS[kind].some(([a, b]) =>
    hand.counts[a] > 0 && hand.counts[b] > 0 && hand.distanceAfterMeld(a, b) < hand.distance());
}
