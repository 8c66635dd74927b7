/**
 * Plausible mistakes of a Mahjong solver, each the override of one hook of the variant engine,
 * in the order of the rules page.
 */
import type { Mistake } from '../../catalogue/types';
import { CHOW_OPTIONS, PONG_ORDER, playerAfter } from '../claimOrder';
import { DOUBLE, FIRST_SPECIAL, HAND_SIZE, PASS, REVERSE, isSuited, type Player, type TileKind } from '../tiles';
import {
  REFERENCE_RULES, lowestDistanceKind, othersInTurnOrder, type MahjongRules, type VariantHand,
} from './variantEngine';

export interface MahjongMistake extends Mistake {
  /** The one hook it overrides. */
  readonly rules: Partial<MahjongRules>;
}

const PLAYERS: readonly Player[] = [0, 1, 2, 3];

/** Per player: a list of players computed once, so that a hook allocates nothing. */
const perPlayer = (list: (player: Player) => Player[]): readonly (readonly Player[])[] => PLAYERS.map(list);
const OTHERS_BY_INDEX = perPlayer((player) => PLAYERS.filter((p) => p !== player));
const OTHERS_CLOCKWISE = perPlayer((player) => [...othersInTurnOrder(player, 1)]);
const PONG_WITHOUT_DISCARDER = perPlayer((player) => PONG_ORDER.filter((p) => p !== player));
/** Per direction (index 0 for 1) and player: the others in turn order, the last one first. */
const OTHERS_REVERSED = [1, -1].map((direction) =>
  perPlayer((player) => [...othersInTurnOrder(player, direction)].reverse()));

/** Seven different pairs and nothing else, no meld: the pattern the rules do not count. */
function sevenPairs(hand: VariantHand, extra: TileKind | undefined): boolean {
  if (hand.melds > 0 || hand.specials > 0) return false;
  let pairs = 0;
  for (let kind = 0; kind < FIRST_SPECIAL; kind++) {
    const count = hand.counts[kind] + (kind === extra ? 1 : 0);
    if (count === 2) pairs++;
    else if (count !== 0) return false;
  }
  return pairs === 7;
}

/**
 * A win check that counts ordinary tiles against the hand's size and asks only whether the best
 * arrangement leaves a tile to spare (a common way to write it): a hand holding k specials then
 * "wins" on a discard when its ordinary tiles, with the discard, lie k tiles from a full hand and
 * all fit that arrangement. The rules never ask a special holder; without that guard, this win
 * check declares its RON.
 */
function specialHolderWins(hand: VariantHand, extra: TileKind | undefined): boolean {
  if (hand.specials === 0 || extra === undefined) return REFERENCE_RULES.wins(hand, extra);
  return hand.distanceWith(extra) === hand.specials;
}

/** Chow options of consecutive indices among `first` to `last`: what a solver ignoring the rule's bounds tries. */
function runsWithin(first: TileKind, last: TileKind): (readonly [TileKind, TileKind])[][] {
  return Array.from({ length: FIRST_SPECIAL }, (_, kind) => {
    if (kind < first || kind > last) return CHOW_OPTIONS[kind].map(([a, b]) => [a, b] as const);
    const options: (readonly [TileKind, TileKind])[] = [];
    if (kind + 2 <= last) options.push([kind + 1, kind + 2]);
    if (kind - 1 >= first && kind + 1 <= last) options.push([kind - 1, kind + 1]);
    if (kind - 2 >= first) options.push([kind - 2, kind - 1]);
    return options;
  });
}
const ACROSS_SUITS = runsWithin(0, 26);
const WITH_HONOURS = runsWithin(27, FIRST_SPECIAL - 1);
const REVERSED_OPTIONS = CHOW_OPTIONS.map((options) => [...options].reverse());

export const MAHJONG_MISTAKES: readonly MahjongMistake[] = [
  {
    id: 'deal-in-blocks',
    description: 'The deal gives each player 13 tiles in a row (A the first 13) instead of one at a time in turn.',
    rules: { dealTo: (tile) => Math.floor(tile / HAND_SIZE) as Player },
  },
  {
    id: 'draw-on-last-tile',
    description: 'The game ends in a DRAW as soon as the last tile is drawn, before its discard.',
    rules: { drawOnLastTile: true },
  },
  {
    id: 'specials-by-index',
    description: 'Specials are thrown in index order, DOUBLE before REVERSE before PASS.',
    rules: { specialOrder: [DOUBLE, REVERSE, PASS] },
  },
  {
    id: 'pass-ignores-direction',
    description: 'PASS always skips the player after the thrower in the order A, B, C, D, even when reversed.',
    rules: { passTarget: (actor) => playerAfter(actor, 1) },
  },
  {
    id: 'reverse-old-direction',
    description: 'After a REVERSE the turn goes to the next player in the old direction.',
    rules: { afterReverse: (actor, direction) => playerAfter(actor, -direction) },
  },
  {
    id: 'double-no-extra-draw',
    description: 'A DOUBLE is thrown without its extra draw: the turn goes to the next player.',
    rules: { doubleDrawsAgain: false },
  },
  {
    id: 'seven-pairs-win',
    description: 'Seven pairs count as a winning hand.',
    rules: { wins: (hand, extra) => REFERENCE_RULES.wins(hand, extra) || sevenPairs(hand, extra) },
  },
  {
    id: 'discard-ties-lowest',
    description: 'Discard ties go to the lowest index instead of the highest.',
    rules: { discard: (hand) => lowestDistanceKind(hand, 'lowest') },
  },
  {
    id: 'ron-fixed-order',
    description: 'Players are asked to RON in the order A, B, C, D instead of from the discarder\'s next.',
    rules: { ronOrder: (discarder) => OTHERS_BY_INDEX[discarder] },
  },
  {
    id: 'ron-ignores-direction',
    description: 'Players are asked to RON in the order A, B, C, D from the discarder even when play is reversed.',
    rules: { ronOrder: (discarder) => OTHERS_CLOCKWISE[discarder] },
  },
  {
    id: 'ron-last-asked-wins',
    description: 'When several players win on a discard, the last one asked takes it instead of the first.',
    rules: { ronOrder: (discarder, direction) => OTHERS_REVERSED[direction === 1 ? 0 : 1][discarder] },
  },
  {
    id: 'ron-with-specials',
    description:
      'A player holding a special is asked for RON, and wins when the discard leaves no ordinary tile to spare.',
    rules: { wins: specialHolderWins },
  },
  {
    id: 'pong-before-ron',
    description: 'Pongs are asked before anyone may RON on the discard.',
    rules: { claimSteps: ['pong', 'ron', 'chow'] },
  },
  {
    id: 'no-self-pong',
    description: 'A discarder may not pong their own discard.',
    rules: { pongOrder: (discarder) => PONG_WITHOUT_DISCARDER[discarder] },
  },
  {
    id: 'pong-always',
    description: 'A player holding two of the discard pongs it whether or not that lowers their distance.',
    rules: { claimLowers: (after, before, type) => type === 'pong' || after < before },
  },
  {
    id: 'claimant-draws',
    description: 'A claimant draws a tile before their discard.',
    rules: { claimantDraws: true },
  },
  {
    id: 'claimant-keeps-special',
    description: 'A claimant holding a special tile discards an ordinary tile after the claim instead of the special.',
    rules: { specialAfterClaim: false },
  },
  {
    id: 'turn-after-turn-owner',
    description: 'After a claim, play goes on from the player whose turn it was instead of from the claimant.',
    rules: { nextAfterDiscard: (_actor, turnOwner, direction) => playerAfter(turnOwner, direction) },
  },
  {
    id: 'chow-before-pong',
    description: 'The next player\'s chow is asked before the pongs.',
    rules: { claimSteps: ['ron', 'chow', 'pong'] },
  },
  {
    id: 'chow-by-anyone',
    description: 'Any player may chow, asked in turn order from the discarder\'s next.',
    rules: { chowers: (discarder, direction) => othersInTurnOrder(discarder, direction) },
  },
  {
    id: 'chow-options-reversed',
    description: 'Chow options are tried in the order (t-2, t-1, t), (t-1, t, t+1), (t, t+1, t+2).',
    rules: { chowOptions: (kind) => REVERSED_OPTIONS[kind] },
  },
  {
    id: 'chow-first-option-only',
    description: 'Only the first chow option the next player holds is tried, even when it does not lower the distance.',
    rules: { chowTriesFirstHeldOnly: true },
  },
  {
    id: 'chow-across-suits',
    description: 'Runs may cross suits, as 8M 9M 1P or 9M 1P 2P, for chows.',
    rules: { chowOptions: (kind) => (isSuited(kind) ? ACROSS_SUITS[kind] : CHOW_OPTIONS[kind]) },
  },
  {
    id: 'chow-of-honours',
    description: 'Honours may be chowed as runs of consecutive indices, as E S W.',
    rules: { chowOptions: (kind) => WITH_HONOURS[kind] },
  },
  {
    id: 'claim-when-not-worse',
    description: 'A claim is made when it does not raise the distance, not only when it lowers it.',
    rules: { claimLowers: (after, before) => after <= before },
  },
];

/** Each mistake's full rules: the reference with its one hook overridden. */
export const MISTAKE_RULES: ReadonlyMap<string, MahjongRules> = new Map(
  MAHJONG_MISTAKES.map((mistake) => [mistake.id, { ...REFERENCE_RULES, ...mistake.rules }]),
);
