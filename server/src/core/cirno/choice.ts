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

// A choice: (p after the play + P_OFFSET) << 4 | rule << 2 | slot. It carries p so the
// simulation does not look the played card up again to apply it.
const P_OFFSET = 1 << 15;

export const choiceSlot = (choice: number): number => choice & 3;
export const choiceRule = (choice: number): number => (choice >> 2) & 3;
/** p after the card chosen (p itself after an escape card or a loss). */
export const choiceP = (choice: number): number => (choice >> 4) - P_OFFSET;

// The key of a card that cannot be played by rule 5: below every key of a safe card
// (p > −20,000, so |key| < 700,000).
const UNSAFE = -(1 << 30);

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
 * A card's key under rule 5: a larger key wins. With q the p after the card and r its tie rank
 * (0-4), key = 32q − 4r + 3 − slot, or −32q − … when doubled: the largest p (the smallest when
 * doubled), then the tie order, then the lowest slot. So key + 15 lies in [32q, 32q + 18]: the
 * best key gives back q and the slot. UNSAFE for an escape card or a card that loses.
 * No branch on the card: hands are random, so a branch would be mispredicted often.
 */
function playKey(kind: number, slot: number, p: number, sign: number, table: number): number {
  const at = (table + kind) << 2;
  const q = ((p * CARD[at]) >> CARD[at + 1]) + CARD[at + 2];
  const key = sign * q - CARD[at + 3] - slot;
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
 * What a player holding cards k0, k1, k2 (in slot order) plays at p: the rule that decides,
 * the slot it picks (NO_SLOT when she loses) and p after it, read with choiceRule, choiceSlot
 * and choiceP. Among equal cards the lowest slot is played, which only matters for telling two
 * copies of one card apart.
 * One function for the simulation and for explaining a decision, so the two cannot disagree.
 */
export function choosePlay(k0: number, k1: number, k2: number, p: number, doubled: boolean): number {
  // Each branch with constants, which V8 folds; the escape cards only when they can decide.
  if (!doubled) {
    const best = bestKey(k0, k1, k2, p, 32, 0);
    return best !== UNSAFE ? playChoice(best, RULE_MAX, (best + 15) >> 5) : escapeChoice(k0, k1, k2, p);
  }
  const escape = escapeChoice(k0, k1, k2, p);
  if (choiceSlot(escape) !== NO_SLOT) return escape;
  const best = bestKey(k0, k1, k2, p, -32, 32);
  return best !== UNSAFE ? playChoice(best, RULE_MIN_DOUBLE, -((best + 15) >> 5)) : escape;
}

function bestKey(k0: number, k1: number, k2: number, p: number, sign: number, table: number): number {
  const first = larger(playKey(k0, 0, p, sign, table), playKey(k1, 1, p, sign, table));
  return larger(first, playKey(k2, 2, p, sign, table));
}

/** The choice of the card with the best key, which gives p after it. */
function playChoice(best: number, rule: number, q: number): number {
  return ((q + P_OFFSET) << 4) | (rule << 2) | (3 - (best & 3));
}

/** Rule 6: PASS, then TURN, then DOUBLE, p unchanged; or a loss when the hand holds none. */
function escapeChoice(k0: number, k1: number, k2: number, p: number): number {
  const escape = larger(larger(escapeKey(k0, 0), escapeKey(k1, 1)), escapeKey(k2, 2));
  const keep = (p + P_OFFSET) << 4;
  // escape = 4 × order − slot: the slot is what −escape leaves modulo 4.
  return escape > 0 ? keep | (RULE_ESCAPE << 2) | (-escape & 3) : keep | (RULE_ALL_LOSE << 2) | NO_SLOT;
}
