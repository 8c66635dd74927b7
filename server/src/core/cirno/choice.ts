import { applyCard, isEscape, tieRank } from './cards';

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

/**
 * What a player plays from the hand `hands[base..base+2]` (card ids into `kinds`): the rule that
 * decides and the slot it picks, as `rule << 2 | slot`, slot NO_SLOT when she loses. Among equal
 * cards the lowest slot is played, which only matters for telling two copies of one card apart.
 * One function for the simulation and for explaining a decision, so the two cannot disagree.
 */
export function choosePlay(kinds: Uint8Array, hands: Int32Array, base: number, p: number, doubled: boolean): number {
  if (doubled) {
    const escape = findEscape(kinds, hands, base);
    if (escape >= 0) return (RULE_ESCAPE << 2) | escape;
  }
  let best = -1;
  let bestP = 0;
  let bestRank = 0;
  for (let s = 0; s < 3; s++) {
    const kind = kinds[hands[base + s]];
    if (isEscape(kind)) continue;
    const q = applyCard(kind, p);
    if (q > SAFE_MAX) continue;
    const rank = tieRank(kind, doubled);
    if (best < 0 || (doubled ? q < bestP : q > bestP) || (q === bestP && rank < bestRank)) {
      best = s;
      bestP = q;
      bestRank = rank;
    }
  }
  if (best >= 0) return ((doubled ? RULE_MIN_DOUBLE : RULE_MAX) << 2) | best;
  const escape = doubled ? -1 : findEscape(kinds, hands, base);
  return escape >= 0 ? (RULE_ESCAPE << 2) | escape : (RULE_ALL_LOSE << 2) | NO_SLOT;
}

/** The slot of PASS, else TURN, else DOUBLE, or -1. */
function findEscape(kinds: Uint8Array, hands: Int32Array, base: number): number {
  // The escape kinds are numbered PASS < TURN < DOUBLE, so the smallest one wins.
  let found = -1;
  for (let s = 0; s < 3; s++) {
    const kind = kinds[hands[base + s]];
    if (isEscape(kind) && (found < 0 || kind < kinds[hands[base + found]])) found = s;
  }
  return found;
}
