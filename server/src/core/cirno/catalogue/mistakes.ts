/**
 * Plausible ⑨ solver mistakes, each a reading of one rule that overrides one hook of the
 * variant engine's rules.
 */
import type { Mistake } from '../../catalogue/types';
import { CIRNO_CARDS, DOUBLE, PASS, TURN } from '../cards';
import { CIRNO_RULES_AS_WRITTEN, type CirnoVariantRules } from './variantEngine';

export interface CirnoMistake extends Mistake {
  /** The hook (or hooks of one rule) the mistake reads differently. */
  readonly rules: Partial<CirnoVariantRules>;
}

const letter = (kind: number) => CIRNO_CARDS[kind].charCodeAt(0);

export const CIRNO_MISTAKES: readonly CirnoMistake[] = [
  {
    id: 'halve-toward-zero',
    description: 'D2 rounds toward zero, so −3 becomes −1.',
    rules: { halve: (p) => Math.trunc(p / 2) },
  },
  {
    id: 'safe-below-99',
    description: 'A normal card is safe only when p after it is below 99, not at most 99.',
    rules: { isSafe: (p) => p < 99 },
  },
  {
    id: 'plain-ties-in-hand-order',
    description: 'Not doubled, a tie for the largest p goes to the card held first, not by C, A, B, D, E.',
    rules: { plainTie: (a, b) => a.slot - b.slot },
  },
  {
    id: 'plain-ties-alphabetical',
    description: 'Not doubled, a tie for the largest p goes A, B, C, D, E.',
    rules: { plainTie: (a, b) => letter(a.kind) - letter(b.kind) || a.slot - b.slot },
  },
  {
    id: 'doubled-ties-plain-order',
    description: 'A doubled player breaks a tie for the smallest p by C, A, B, D, E, the order of rule 5.',
    rules: { doubledTie: CIRNO_RULES_AS_WRITTEN.plainTie },
  },
  {
    id: 'doubled-ties-in-hand-order',
    description: 'A doubled player\'s tie for the smallest p goes to the card held first, not by D, B, A, C, E.',
    rules: { doubledTie: (a, b) => a.slot - b.slot },
  },
  {
    id: 'plain-turn-before-pass',
    description: 'With no safe normal card, a player who is not doubled plays TURN before PASS.',
    rules: { plainEscapeOrder: [TURN, PASS, DOUBLE] },
  },
  {
    id: 'plain-double-before-turn',
    description: 'With no safe normal card and no PASS, a player who is not doubled plays DOUBLE before TURN.',
    rules: { plainEscapeOrder: [PASS, DOUBLE, TURN] },
  },
  {
    id: 'doubled-turn-before-pass',
    description: 'A doubled player plays TURN before PASS.',
    rules: { doubledEscapeOrder: [TURN, PASS, DOUBLE] },
  },
  {
    id: 'doubled-double-first',
    description: 'A doubled player plays DOUBLE before PASS and TURN.',
    rules: { doubledEscapeOrder: [DOUBLE, PASS, TURN] },
  },
  {
    id: 'doubled-plays-largest',
    description: 'A doubled player without an escape card plays the safe normal card giving the largest p.',
    rules: { doubledPlaysSmallest: false },
  },
  {
    id: 'doubled-normal-first',
    description: 'A doubled player plays a safe normal card before an escape card.',
    rules: { doubledEscapeFirst: false },
  },
  {
    id: 'no-second-play',
    description: 'A doubled player\'s normal card ends her turn: she does not play again.',
    rules: { afterDoubledCard: 'hand-on' },
  },
  {
    id: 'second-play-doubled',
    description: 'A doubled player\'s second card is chosen under rule 6 again.',
    rules: { afterDoubledCard: 'rule-6' },
  },
  {
    id: 'mark-dropped-on-escape',
    description: 'A doubled player\'s PASS or TURN drops the mark instead of moving it on.',
    rules: { marksPassedOn: (card) => (card === DOUBLE ? 1 : 0) },
  },
  {
    id: 'double-cancels-mark',
    description: 'A DOUBLE played by a doubled player cancels her mark instead of marking the next player.',
    rules: { marksPassedOn: (card) => (card === DOUBLE ? 0 : 1) },
  },
  {
    id: 'double-stacks',
    description: 'A DOUBLE played by a doubled player adds a mark, and each mark takes a card of rule 6.',
    rules: { marksPassedOn: (card, marks) => (card === DOUBLE ? marks + 1 : marks) },
  },
  {
    id: 'doubled-turn-old-direction',
    description: 'After a doubled player\'s TURN, the turn and the mark go to the next player in the old direction.',
    rules: { turnHandsOnInOldDirection: (doubled) => doubled },
  },
  {
    id: 'turn-old-direction',
    description: 'TURN reverses the direction only after the next player is found, in the old direction.',
    rules: { turnHandsOnInOldDirection: () => true },
  },
  {
    id: 'rounds-start-with-player-1',
    description: 'Every round starts with player 1, not with the previous round\'s loser.',
    rules: { starter: () => 0 },
  },
  {
    id: 'round-starts-after-loser',
    description: 'A later round starts with the player after the previous round\'s loser.',
    rules: { starter: (loser, n) => (loser + 1) % n },
  },
  {
    id: 'p-kept-across-rounds',
    description: 'A round starts with p as the last round left it, not 0.',
    rules: { startP: (p) => p },
  },
  {
    id: 'direction-kept-across-rounds',
    description: 'The direction is not reset to clockwise when a round starts.',
    rules: { startDirection: (direction) => direction },
  },
  {
    id: 'mark-kept-across-rounds',
    description: 'A DOUBLE mark pending when a round ends stays on the loser in the next round.',
    rules: { startMarks: (marks) => marks },
  },
  {
    id: 'loser-keeps-hand',
    description: 'The loser keeps her hand instead of drawing three new cards.',
    rules: { loserRedraws: false },
  },
];

/** The rules a mistake plays: the page's, with the mistake's hooks. */
export function mistakenRules(mistake: CirnoMistake): CirnoVariantRules {
  return { ...CIRNO_RULES_AS_WRITTEN, ...mistake.rules };
}
