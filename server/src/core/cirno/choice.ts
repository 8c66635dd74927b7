import { ADD, DOUBLE, MUL, PASS, RANK, SHIFT } from './cards';

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

// The key of a card that cannot be played by rule 5: below every key of a safe card
// (|p| < 20,000, so |score| < 200,000 and |key| < 800,000).
const UNSAFE = -(1 << 30);

// Per card, for scoring only: applyCard's ADD, an escape card's pushed past SAFE_MAX so it
// never counts as safe (p > −20,000).
const SCORE_ADD = Int32Array.from(ADD, (add, kind) => (kind >= PASS ? 1 << 20 : add));
// Per card: 3, 2, 1 for PASS, TURN, DOUBLE (the order rule 6 picks them in), 0 for a normal card.
const ESCAPE_ORDER = Int32Array.from({ length: DOUBLE + 1 }, (_, kind) => (kind >= PASS ? DOUBLE + 1 - kind : 0));

/**
 * A card's key under rule 5: a larger key wins. Not doubled, the largest p and then the tie
 * order C, A, B, D, E; doubled, the smallest p and then D, B, A, C, E; then the lowest slot.
 * UNSAFE for an escape card or a card that loses. `sign` is 8 (or −8 when doubled), `ranks`
 * 0 (or 32). No branch on the card: hands are random, so a branch would be mispredicted often.
 */
function playKey(kind: number, slot: number, p: number, sign: number, ranks: number): number {
  const q = ((p * MUL[kind]) >> SHIFT[kind]) + SCORE_ADD[kind];
  const key = ((sign * q - RANK[ranks + kind]) << 2) | (3 - slot);
  const unsafe = (SAFE_MAX - q) >> 31; // all ones when q > SAFE_MAX
  return (key & ~unsafe) | (UNSAFE & unsafe);
}

/** A card's key under rule 6: PASS, then TURN, then DOUBLE, then the lowest slot; 0 or less for a normal card. */
function escapeKey(kind: number, slot: number): number {
  return (ESCAPE_ORDER[kind] << 2) - slot;
}

/** The larger of two ints, without a branch (their difference must fit in 32 bits). */
function larger(a: number, b: number): number {
  const d = a - b;
  return b + (d & ~(d >> 31));
}

/**
 * What a player holding cards k0, k1, k2 (in slot order) plays at p: the rule that decides and
 * the slot it picks, as `rule << 2 | slot`, slot NO_SLOT when she loses. Among equal cards the
 * lowest slot is played, which only matters for telling two copies of one card apart.
 * One function for the simulation and for explaining a decision, so the two cannot disagree.
 */
export function choosePlay(k0: number, k1: number, k2: number, p: number, doubled: boolean): number {
  const sign = doubled ? -8 : 8;
  const ranks = doubled ? 32 : 0;
  const best = larger(
    larger(playKey(k0, 0, p, sign, ranks), playKey(k1, 1, p, sign, ranks)),
    playKey(k2, 2, p, sign, ranks),
  );
  const escape = larger(larger(escapeKey(k0, 0), escapeKey(k1, 1)), escapeKey(k2, 2));
  // escape = 4 × order − slot: the slot is what −escape leaves modulo 4.
  const escapeChoice = (RULE_ESCAPE << 2) | (-escape & 3);
  const playChoice = ((doubled ? RULE_MIN_DOUBLE : RULE_MAX) << 2) | (3 - (best & 3));
  if (doubled && escape > 0) return escapeChoice;
  if (best !== UNSAFE) return playChoice;
  return escape > 0 ? escapeChoice : (RULE_ALL_LOSE << 2) | NO_SLOT;
}
