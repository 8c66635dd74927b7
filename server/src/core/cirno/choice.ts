import { PASS, applyCard, tieRank } from './cards';

/** The rules that decide a play (rules 5 and 6), as `choosePlay` numbers them. */
export const RULE_MAX = 0;
export const RULE_MIN_DOUBLE = 1;
export const RULE_ESCAPE = 2;
export const RULE_ALL_LOSE = 3;
/** The slot of a choice when every play loses. */
export const NO_SLOT = 3;

/** A normal card is safe while p after it is at most this. */
export const SAFE_MAX = 99;

export const choiceSlot = (choice: number): number => choice & 3;
export const choiceRule = (choice: number): number => choice >> 2;

// Below every score of a safe card (|p| < 20,000, so |score| < 200,000).
const UNSAFE = -(1 << 30);

/**
 * How good a card is to play: a larger score wins. Not doubled, the largest p and then the
 * tie order C, A, B, D, E; doubled, the smallest p and then D, B, A, C, E. Escape cards and
 * cards that lose score UNSAFE.
 */
function score(kind: number, p: number, doubled: boolean): number {
  if (kind >= PASS) return UNSAFE;
  const q = applyCard(kind, p);
  if (q > SAFE_MAX) return UNSAFE;
  return (doubled ? -q : q) * 8 - tieRank(kind, doubled);
}

/**
 * What a player holding cards k0, k1, k2 (in slot order) plays at p: the rule that decides and
 * the slot it picks, as `rule << 2 | slot`, slot NO_SLOT when she loses. Among equal cards the
 * lowest slot is played, which only matters for telling two copies of one card apart.
 * One function for the simulation and for explaining a decision, so the two cannot disagree.
 */
export function choosePlay(k0: number, k1: number, k2: number, p: number, doubled: boolean): number {
  if (doubled) {
    const escape = escapeSlot(k0, k1, k2);
    if (escape !== NO_SLOT) return (RULE_ESCAPE << 2) | escape;
  }
  const s0 = score(k0, p, doubled);
  const s1 = score(k1, p, doubled);
  const s2 = score(k2, p, doubled);
  let slot = NO_SLOT;
  let best = UNSAFE;
  if (s0 > best) {
    slot = 0;
    best = s0;
  }
  if (s1 > best) {
    slot = 1;
    best = s1;
  }
  if (s2 > best) slot = 2;
  if (slot !== NO_SLOT) return ((doubled ? RULE_MIN_DOUBLE : RULE_MAX) << 2) | slot;
  const escape = doubled ? NO_SLOT : escapeSlot(k0, k1, k2);
  return escape !== NO_SLOT ? (RULE_ESCAPE << 2) | escape : (RULE_ALL_LOSE << 2) | NO_SLOT;
}

/** The slot of PASS, else TURN, else DOUBLE (they are numbered in that order), or NO_SLOT. */
function escapeSlot(k0: number, k1: number, k2: number): number {
  let slot = NO_SLOT;
  let best = 255;
  if (k0 >= PASS && k0 < best) {
    slot = 0;
    best = k0;
  }
  if (k1 >= PASS && k1 < best) {
    slot = 1;
    best = k1;
  }
  if (k2 >= PASS && k2 < best) slot = 2;
  return slot;
}
