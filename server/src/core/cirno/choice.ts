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

/**
 * A choice: (p after the play + P_OFFSET) << P_SHIFT | rule << 2 | slot. It carries p so the
 * simulation does not look the played card up again to apply it. A const enum, so the
 * simulation's loop reads a choice with no call per play and with constants (an imported
 * `const` is a property load in the compiled code).
 */
export const enum ChoiceLayout {
  SLOT = 3,
  P_SHIFT = 4,
  P_OFFSET = 1 << 15,
}
const P_OFFSET = ChoiceLayout.P_OFFSET;

export const choiceSlot = (choice: number): number => choice & ChoiceLayout.SLOT;
export const choiceRule = (choice: number): number => (choice >> 2) & 3;
/** p after the card chosen (p itself after an escape card or a loss). */
export const choiceP = (choice: number): number => (choice >> ChoiceLayout.P_SHIFT) - P_OFFSET;

// What the key of a card that cannot be played by rule 5 is lowered by: below every key of a
// safe card (p > −20,000, so |key| < 700,000), and below SAFE_KEY_MIN even for an escape card
// (|key| < 2^26); the lowest key stays above −2^31.
const UNSAFE = -(1 << 30);
const SAFE_KEY_MIN = -(1 << 29);

// Per card, plain at 4 × kind and doubled at 4 × (32 + kind): applyCard's MUL, SHIFT and ADD
// (an escape card's ADD pushed past SAFE_MAX so it never counts as safe), and 4 × its tie rank − 3.
const CARD = new Int32Array(4 * 64);
for (let i = 0; i < 64; i++) {
  const kind = i & 31;
  if (kind > DOUBLE) continue;
  CARD.set([MUL[kind], SHIFT[kind], kind >= PASS ? 1 << 20 : ADD[kind], 4 * RANK[i] - 3], 4 * i);
}
// Per card: 3, 2, 1 for PASS, TURN, DOUBLE (the order rule 6 picks them in), 0 for a normal card.
const ESCAPE_ORDER = Int32Array.from({ length: DOUBLE + 1 }, (_, kind) => (kind >= PASS ? DOUBLE + 1 - kind : 0));

/**
 * The best key of a hand's three cards under rule 5: a larger key wins. With q the p after a
 * card and r its tie rank (0-4), key = 32q − 4r + 3 − slot (`sign` 32), or −32q − … when
 * doubled (`sign` −32, `table` 32): the largest p (the smallest when doubled), then the tie
 * order, then the lowest slot. So key + 15 lies in [32q, 32q + 18]: the best key gives back q
 * and the slot. The key of an escape card or a card that loses is lowered by UNSAFE: a best
 * key at or below SAFE_KEY_MIN means no card is safe.
 * No branch on the cards and no call per card: see docs/performance.md#cirno-rounds.
 */
function bestKey(k0: number, k1: number, k2: number, p: number, sign: number, table: number): number {
  const a0 = (table + k0) << 2;
  const a1 = (table + k1) << 2;
  const a2 = (table + k2) << 2;
  // imul: |p × MUL| < 2^16, so the product is exact (docs/performance.md#cirno-rounds).
  const q0 = (Math.imul(p, CARD[a0]) >> CARD[a0 + 1]) + CARD[a0 + 2];
  const q1 = (Math.imul(p, CARD[a1]) >> CARD[a1 + 1]) + CARD[a1 + 2];
  const q2 = (Math.imul(p, CARD[a2]) >> CARD[a2 + 1]) + CARD[a2 + 2];
  // All ones when q > SAFE_MAX (the card loses, or is an escape card).
  const u0 = (SAFE_MAX - q0) >> 31;
  const u1 = (SAFE_MAX - q1) >> 31;
  const u2 = (SAFE_MAX - q2) >> 31;
  const key0 = sign * q0 - CARD[a0 + 3] + (u0 & UNSAFE);
  const key1 = sign * q1 - CARD[a1 + 3] - 1 + (u1 & UNSAFE);
  const key2 = sign * q2 - CARD[a2 + 3] - 2 + (u2 & UNSAFE);
  // The larger of each pair without a branch (the differences fit in 32 bits).
  const d01 = key0 - key1;
  const best01 = key1 + (d01 & ~(d01 >> 31));
  const d = best01 - key2;
  return key2 + (d & ~(d >> 31));
}

/**
 * What a player holding cards k0, k1, k2 (in slot order) plays at p: the rule that decides,
 * the slot it picks (NO_SLOT when she loses) and p after it, read with choiceRule, choiceSlot
 * and choiceP. Among equal cards the lowest slot is played, which only matters for telling two
 * copies of one card apart.
 * One function for the simulation and for explaining a decision, so the two cannot disagree.
 */
export function choosePlay(k0: number, k1: number, k2: number, p: number, doubled: boolean): number {
  // Each branch with constants (docs/performance.md#cirno-rounds); the escape cards only when they
  // can decide.
  if (!doubled) {
    const best = bestKey(k0, k1, k2, p, 32, 0);
    return best > SAFE_KEY_MIN ? playChoice(best, RULE_MAX, (best + 15) >> 5) : escapeChoice(k0, k1, k2, p);
  }
  const escape = escapeChoice(k0, k1, k2, p);
  if (choiceSlot(escape) !== NO_SLOT) return escape;
  const best = bestKey(k0, k1, k2, p, -32, 32);
  return best > SAFE_KEY_MIN ? playChoice(best, RULE_MIN_DOUBLE, -((best + 15) >> 5)) : escape;
}

/** The choice of the card with the best key, which gives p after it. */
function playChoice(best: number, rule: number, q: number): number {
  return ((q + P_OFFSET) << 4) | (rule << 2) | (3 - (best & 3));
}

/** Rule 6: PASS, then TURN, then DOUBLE, p unchanged; or a loss when the hand holds none. */
function escapeChoice(k0: number, k1: number, k2: number, p: number): number {
  // Each card's key: 4 × its order − its slot (0 or less for a normal card); the largest wins,
  // found without a branch or a call.
  const e0 = ESCAPE_ORDER[k0] << 2;
  const e1 = (ESCAPE_ORDER[k1] << 2) - 1;
  const e2 = (ESCAPE_ORDER[k2] << 2) - 2;
  const d01 = e0 - e1;
  const e01 = e1 + (d01 & ~(d01 >> 31));
  const d = e01 - e2;
  const escape = e2 + (d & ~(d >> 31));
  const keep = (p + P_OFFSET) << 4;
  // escape = 4 × order − slot: the slot is what −escape leaves modulo 4.
  return escape > 0 ? keep | (RULE_ESCAPE << 2) | (-escape & 3) : keep | (RULE_ALL_LOSE << 2) | NO_SLOT;
}
