/** Tile kinds are 0-based indices in the judge's order: 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, specials. */
export type TileKind = number;

export const TILE_NAMES: readonly string[] = [
  ...['M', 'P', 'S'].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => `${rank}${suit}`)),
  'E', 'S', 'W', 'N', 'B', 'F', 'Z',
  'DOUBLE', 'REVERSE', 'PASS',
];

export const KIND_COUNT = TILE_NAMES.length; // 37
export const COPIES = 4;
export const DECK_SIZE = KIND_COUNT * COPIES; // 148
export const HAND_SIZE = 13;
export const PLAYERS = ['A', 'B', 'C', 'D'] as const;
export type Player = 0 | 1 | 2 | 3;

/** The first special kind; kinds from here on are DOUBLE, REVERSE, PASS. */
export const FIRST_SPECIAL = 34;
export const DOUBLE = 34;
export const REVERSE = 35;
export const PASS = 36;
/** The order in which a player gets rid of special tiles. */
export const SPECIAL_DISCARD_ORDER: readonly TileKind[] = [PASS, REVERSE, DOUBLE];

const KIND_BY_NAME = new Map(TILE_NAMES.map((name, kind) => [name, kind]));

/** Per character code below 128: the first kind of the suit a letter names (M, P, S), or -1. */
const SUIT_START = codeTable([['M', 0], ['P', 9], ['S', 18]]);
/** Per character code below 128: the honour a one-letter name names (E S W N B F Z), or -1. */
const HONOUR_OF = codeTable(TILE_NAMES.slice(27, FIRST_SPECIAL).map((name, i) => [name, 27 + i]));

function codeTable(entries: [string, number][]): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (const [letter, value] of entries) table[letter.charCodeAt(0)] = value;
  return table;
}

export function kindOf(name: string): TileKind | undefined {
  // Nearly every tile has a name of one or two characters: read from their codes, no hashing.
  if (name.length === 2) {
    const rank = name.charCodeAt(0) - 49;
    const suit = name.charCodeAt(1);
    const start = suit < 128 ? SUIT_START[suit] : -1;
    return start >= 0 && rank >= 0 && rank < 9 ? start + rank : undefined;
  }
  if (name.length === 1) {
    const code = name.charCodeAt(0);
    const honour = code < 128 ? HONOUR_OF[code] : -1;
    return honour >= 0 ? honour : undefined;
  }
  return KIND_BY_NAME.get(name);
}

export function isSuited(kind: TileKind): boolean {
  return kind < 27;
}

/** 1-9 for suited tiles. */
export function rankOf(kind: TileKind): number {
  return (kind % 9) + 1;
}

const SUIT_NAMES = ['Characters', 'Circles', 'Bamboo'];
const HONOUR_NAMES = [
  'East Wind', 'South Wind', 'West Wind', 'North Wind', 'White Dragon', 'Green Dragon', 'Red Dragon',
];
const SPECIAL_NAMES = [
  'Double: discarded at once, its owner draws again',
  'Reverse: discarded at once, the direction of play flips',
  'Pass: discarded at once, the next player is skipped',
];

/** A name a person reads: "5 of Circles", "Red Dragon". */
export function describeKind(kind: TileKind): string {
  if (isSuited(kind)) return `${rankOf(kind)} of ${SUIT_NAMES[Math.floor(kind / 9)]}`;
  if (kind < FIRST_SPECIAL) return HONOUR_NAMES[kind - 27];
  return SPECIAL_NAMES[kind - FIRST_SPECIAL];
}
