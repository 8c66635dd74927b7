/**
 * New Mahjong decks for `stress` and the audit: plain shuffles and the decks shuffles rarely
 * make, each a full deck (4 of each of the 37 kinds) from a seed; and the swaps that bring a
 * failing line earlier.
 */
import { seededRandom, shuffle } from '../seededRandom';
import type { DeckMaker } from '../deckMaker';
import type { MahjongEvent } from './events';
import { analyzeMahjong } from './index';
import { simulateMahjong } from './simulate';
import { COPIES, FIRST_SPECIAL, HAND_SIZE, KIND_COUNT, TILE_NAMES, type TileKind } from './tiles';

type Random = () => number;

/** The tiles not yet placed, by kind. */
class Pool {
  readonly counts = new Array<number>(KIND_COUNT).fill(COPIES);

  take(kinds: readonly TileKind[]): boolean {
    const need = new Map<TileKind, number>();
    for (const kind of kinds) need.set(kind, (need.get(kind) ?? 0) + 1);
    for (const [kind, n] of need) if (this.counts[kind] < n) return false;
    for (const kind of kinds) this.counts[kind]--;
    return true;
  }

  rest(random: Random): TileKind[] {
    const tiles: TileKind[] = [];
    this.counts.forEach((n, kind) => {
      for (let i = 0; i < n; i++) tiles.push(kind);
    });
    return shuffle(tiles, random);
  }
}

const pick = (random: Random, n: number) => Math.floor(random() * n);

/** A deck whose deal gives player i `hands[i]` (13 tiles each), the wall shuffled after it. */
function dealt(hands: TileKind[][], wall: TileKind[]): TileKind[] {
  const deck: TileKind[] = [];
  for (let i = 0; i < 4 * HAND_SIZE; i++) deck.push(hands[i % 4][Math.floor(i / 4)]);
  return deck.concat(wall);
}

/** Hands built from groups `group()` proposes, fed from the pool; singles fill the gaps. */
function groupHands(random: Random, pool: Pool, group: () => TileKind[]): TileKind[][] {
  return [0, 1, 2, 3].map(() => {
    const hand: TileKind[] = [];
    for (let tries = 0; hand.length < HAND_SIZE && tries < 200; tries++) {
      const g = group().slice(0, HAND_SIZE - hand.length);
      if (pool.take(g)) hand.push(...g);
    }
    while (hand.length < HAND_SIZE) {
      const kind = pick(random, FIRST_SPECIAL);
      if (pool.take([kind])) hand.push(kind);
    }
    return shuffle(hand, random);
  });
}

const suited = (random: Random) => 9 * pick(random, 3);
const run = (random: Random, start = suited(random) + pick(random, 7)) => [start, start + 1, start + 2];
const same = (kind: TileKind, n: number) => new Array<TileKind>(n).fill(kind);

function plainShuffle(random: Random): TileKind[] {
  return new Pool().rest(random);
}

/** The twelve specials at the top of the wall or at its very end. */
function specialsAt(where: 'top' | 'end') {
  return (random: Random): TileKind[] => {
    const deck = plainShuffle(random);
    const specials = deck.filter((kind) => kind >= FIRST_SPECIAL);
    const normal = deck.filter((kind) => kind < FIRST_SPECIAL);
    const span = specials.length + pick(random, 16);
    const others = span - specials.length;
    const zone = where === 'top' ? normal.splice(0, others) : normal.splice(normal.length - others);
    const mixed = shuffle([...zone, ...specials], random);
    return where === 'top' ? [...mixed, ...normal] : [...normal, ...mixed];
  };
}

/** Every player one tile from a win, so one discard can be claimed by several. */
function nearWin(random: Random): TileKind[] {
  const pool = new Pool();
  const hands = groupHands(random, pool, () => {
    const r = random();
    if (r < 0.45) return run(random);
    if (r < 0.8) return same(pick(random, FIRST_SPECIAL), 3);
    return same(pick(random, FIRST_SPECIAL), 2);
  });
  return dealt(hands, pool.rest(random));
}

/** Pairs and half-runs: pong and chow choices. */
function pairsAndRuns(random: Random): TileKind[] {
  const pool = new Pool();
  const hands = groupHands(random, pool, () => {
    const start = suited(random) + pick(random, 8);
    return random() < 0.5 ? same(pick(random, FIRST_SPECIAL), 2) : [start, start + 1];
  });
  return dealt(hands, pool.rest(random));
}

// Terminals, honours and middle tiles far apart: hands that stay far from a win.
const LONELY: readonly TileKind[] = [0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30, 31, 32, 33];

/** Isolated tiles in every hand and the specials last: long games, some ending in DRAW. */
function longGame(random: Random): TileKind[] {
  let longest: TileKind[] = [];
  let longestEvents = -1;
  for (let attempt = 0; attempt < 20; attempt++) {
    const pool = new Pool();
    const hands = groupHands(random, pool, () => [LONELY[pick(random, LONELY.length)]]);
    const wall = pool.rest(random);
    const isSpecial = (kind: TileKind) => kind >= FIRST_SPECIAL;
    const specialsLast = [...wall.filter((kind) => !isSpecial(kind)), ...wall.filter(isSpecial)];
    const deck = dealt(hands, specialsLast);
    const game = simulateMahjong(deck);
    if (game.outcome.type === 'draw') return deck;
    if (game.events.length > longestEvents) {
      longest = deck;
      longestEvents = game.events.length;
    }
  }
  return longest;
}

const MAHJONG_GENERATORS: { name: string; make(random: Random): TileKind[] }[] = [
  { name: 'shuffle', make: plainShuffle },
  { name: 'specials-top', make: specialsAt('top') },
  { name: 'specials-end', make: specialsAt('end') },
  { name: 'near-win', make: nearWin },
  { name: 'pairs-and-runs', make: pairsAndRuns },
  { name: 'long-game', make: longGame },
];

const SWAPS_PER_ROUND = 64;

export const MAHJONG_DECK_MAKER: DeckMaker<TileKind[]> = {
  generators: MAHJONG_GENERATORS.map((g) => g.name),
  generate: (generator, seed) => MAHJONG_GENERATORS[generator].make(seededRandom(seed)),
  text: (deck, header = []) =>
    [...header.map((line) => `# ${line}`), ...deck.map((kind) => TILE_NAMES[kind])].join('\n') + '\n',
  fromText(text) {
    const { deck, game } = analyzeMahjong(text);
    return game && deck.tiles.map((tile) => tile.kind!);
  },
  smaller: false,
  final: (deck) => deck,
  /** Swaps that bring the failing line's tile, or any tile in play by then, earlier. */
  *variants(deck, line, seed) {
    const game = simulateMahjong(deck);
    const events = game.events.slice(0, line);
    const tileOf = (e: MahjongEvent) => ('claimed' in e ? e.claimed : 'tile' in e ? e.tile : undefined);
    const inPlay = Math.min(deck.length, 1 + Math.max(0, ...events.map((e) => tileOf(e) ?? 0)));
    const failing = events[line - 1];
    const tile = failing && tileOf(failing);
    const random = seededRandom(seed);
    for (let i = 0; i < SWAPS_PER_ROUND; i++) {
      const a = tile !== undefined && i % 2 === 0 ? tile : Math.floor(random() * inPlay);
      const b = Math.floor(random() * inPlay);
      if (deck[a] === deck[b]) continue;
      const swapped = [...deck];
      [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
      yield swapped;
    }
  },
};
