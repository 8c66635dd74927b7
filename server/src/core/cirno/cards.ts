/**
 * The eighteen ⑨ cards. Internally a card is its index in CIRNO_CARDS (a small int), so the
 * simulation can keep hands and the pile in typed arrays.
 */
export const CIRNO_CARDS = [
  'A1', 'A2', 'A5', 'A9', 'A19', 'A49', 'A99',
  'B1', 'B9', 'B19',
  'C2',
  'D2',
  'E0', 'E49', 'E99',
  'PASS', 'TURN', 'DOUBLE',
] as const;

export type CirnoCardName = (typeof CIRNO_CARDS)[number];

export const PASS = 15;
export const TURN = 16;
export const DOUBLE = 17;

/** Escape cards come after every normal card. */
export function isEscape(kind: number): boolean {
  return kind >= PASS;
}

// The letter of each normal card (A..E as 0..4) and its number.
const FAMILY = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 4, 4, 5, 5, 5]);
const VALUE = [1, 2, 5, 9, 19, 49, 99, 1, 9, 19, 2, 2, 0, 49, 99, 0, 0, 0];

// Every card as p' = ((p × MUL) >> SHIFT) + ADD, so applying one needs no branch:
// A adds, B subtracts, C doubles, D halves (the shift floors, toward −∞, as the rules require),
// E sets, an escape card keeps p.
// Exported for choosePlay, which scores cards from the same tables without a call per card.
export const MUL = Int32Array.from(FAMILY, (family) => (family === 2 ? 2 : family === 4 ? 0 : 1));
export const SHIFT = Int32Array.from(FAMILY, (family) => (family === 3 ? 1 : 0));
export const ADD = Int32Array.from(FAMILY, (family, kind) => {
  if (family === 0 || family === 4) return VALUE[kind];
  return family === 1 ? -VALUE[kind] : 0;
});

/** p after a card (escape cards leave it alone). */
export function applyCard(kind: number, p: number): number {
  return ((p * MUL[kind]) >> SHIFT[kind]) + ADD[kind];
}

// Tie orders between normal cards of different letters giving the same p (lower ranks win):
// not doubled C, A, B, D, E; doubled D, B, A, C, E. Indexed by letter A..E.
const PLAIN_RANK = [1, 2, 0, 3, 4];
const DOUBLED_RANK = [2, 1, 3, 0, 4];
// Per card: the plain rank, and the doubled one at index 32 + kind.
export const RANK = new Uint8Array(64);
FAMILY.forEach((family, kind) => {
  RANK[kind] = PLAIN_RANK[family] ?? 0;
  RANK[32 + kind] = DOUBLED_RANK[family] ?? 0;
});

export function tieRank(kind: number, doubled: boolean): number {
  return RANK[doubled ? 32 + kind : kind];
}

const KIND_OF = new Map<string, number>(CIRNO_CARDS.map((name, kind) => [name, kind]));

/** The card a token spells exactly, or -1. */
export function cardKind(text: string): number {
  return KIND_OF.get(text) ?? -1;
}

/** `readCardAt`'s mark on a card spelled in another letter case. */
export const MISCASED = 64;
export const UNKNOWN_CARD = 255;
const LONGEST_CARD = 6;

// Card names differ in (length, first letter, second letter): a table from those to the one
// card that might match, which is then compared letter by letter.
const candidateSlot = (length: number, first: number, second: number): number =>
  (length << 11) | ((first & 31) << 6) | (second & 63);
const CANDIDATE = new Uint8Array(8 << 11).fill(UNKNOWN_CARD);
CIRNO_CARDS.forEach((name, kind) => {
  CANDIDATE[candidateSlot(name.length, name.charCodeAt(0), name.charCodeAt(1))] = kind;
});

// Exact spellings by their letters packed four to an int (first letter lowest, zero padded,
// as a little-endian read of the text's bytes gives them), in a perfect hash: one multiply
// and two compares tell a card, with no loop over its letters.
const HASH_MUL = 791;
const HASH_SHIFT = 11;
const hashSlot = (lo: number): number => (Math.imul(lo, HASH_MUL) >>> HASH_SHIFT) & 63;
// An empty slot holds -1, which no packed ASCII word equals.
const PACKED_LO = new Int32Array(64).fill(-1);
const PACKED_HI = new Int32Array(64).fill(-1);
const PACKED_KIND = new Uint8Array(64).fill(UNKNOWN_CARD);
CIRNO_CARDS.forEach((name, kind) => {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < name.length; i++) {
    if (i < 4) lo |= name.charCodeAt(i) << (8 * i);
    else hi |= name.charCodeAt(i) << (8 * (i - 4));
  }
  const slot = hashSlot(lo);
  if (PACKED_KIND[slot] !== UNKNOWN_CARD) throw new Error(`card hash: ${name} collides`);
  [PACKED_LO[slot], PACKED_HI[slot], PACKED_KIND[slot]] = [lo, hi, kind];
});

/**
 * The card a word spells exactly, from its letters packed four to an int (`lo` the first four,
 * `hi` the next four, little-endian, zero padded), or UNKNOWN_CARD.
 */
export function packedCard(lo: number, hi: number): number {
  // hashSlot, written out: see docs/performance.md#cirno-rounds.
  const slot = (Math.imul(lo, HASH_MUL) >>> HASH_SHIFT) & 63;
  return PACKED_LO[slot] === lo && PACKED_HI[slot] === hi ? PACKED_KIND[slot] : UNKNOWN_CARD;
}

const upper = (c: number): number => (c >= 97 && c <= 122 ? c - 32 : c);

/**
 * The card text[start, end) stands for, read without making a string: its kind, plus MISCASED
 * when it is spelled in another letter case, or UNKNOWN_CARD.
 */
export function readCardAt(text: string, start: number, end: number): number {
  const length = end - start;
  if (length < 2 || length > LONGEST_CARD) return beyondAscii(text, start, end);
  const kind = CANDIDATE[candidateSlot(length, upper(text.charCodeAt(start)), upper(text.charCodeAt(start + 1)))];
  if (kind === UNKNOWN_CARD) return beyondAscii(text, start, end);
  const name = CIRNO_CARDS[kind];
  let miscased = false;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(start + i);
    const wanted = name.charCodeAt(i);
    if (c === wanted) continue;
    if (upper(c) !== wanted) return beyondAscii(text, start, end);
    miscased = true;
  }
  return miscased ? kind | MISCASED : kind;
}

// A few letters outside ASCII uppercase into ASCII ones (ſ into S, ß into SS): such a word
// is read as toUpperCase reads it. Uppercasing never shortens a word, so a long one is no card.
function beyondAscii(text: string, start: number, end: number): number {
  if (end - start > LONGEST_CARD) return UNKNOWN_CARD;
  let ascii = true;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) >= 128) ascii = false;
  if (ascii) return UNKNOWN_CARD;
  const kind = cardKind(text.slice(start, end).toUpperCase());
  return kind < 0 ? UNKNOWN_CARD : kind | MISCASED;
}

const FAMILY_WORDS = [
  (v: number) => `adds ${v} to p`,
  (v: number) => `subtracts ${v} from p`,
  () => 'doubles p',
  () => 'halves p, rounding down',
  (v: number) => `sets p to ${v}`,
];
const ESCAPE_WORDS = [
  'escape card: the turn passes',
  'escape card: the direction reverses',
  'escape card: the next player is doubled',
];

/** What a card does, in words: "adds 99 to p", "escape card: the direction reverses". */
export function describeCard(kind: number): string {
  return isEscape(kind) ? ESCAPE_WORDS[kind - PASS] : FAMILY_WORDS[FAMILY[kind]](VALUE[kind]);
}
