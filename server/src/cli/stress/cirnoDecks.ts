/**
 * Cirno decks for the stress test, as parts the shrinker can drop: games of every size, each
 * card mix, DOUBLE-heavy and negative-p games. Only decks that play to the end are kept.
 */
import { analyzeCirno, CIRNO_CARDS, CIRNO_LIMITS, type CirnoCardName } from '../../core/cirno';
import { seededRandom } from '../../core/common/random';

type Random = () => number;

export interface CirnoParts {
  rounds: number;
  players: { name: string; hand: CirnoCardName[] }[];
  pile: CirnoCardName[];
}

export function cirnoText(parts: CirnoParts, header: readonly string[] = []): string {
  const lines = header.map((line) => `# ${line}`);
  lines.push(`${parts.players.length} ${parts.rounds} ${parts.pile.length}`);
  for (const player of parts.players) lines.push([player.name, ...player.hand].join(' '));
  for (let i = 0; i < parts.pile.length; i += 20) lines.push(parts.pile.slice(i, i + 20).join(' '));
  return lines.join('\n') + '\n';
}

/** Whether the deck is a whole game: the pile lasts and |p| stays under 10,000. */
export function playsThrough(parts: CirnoParts): boolean {
  return analyzeCirno(cirnoText(parts)).game !== undefined;
}

// Relative weights in CIRNO_CARDS order: A1 A2 A5 A9 A19 A49 A99 B1 B9 B19 C2 D2 E0 E49 E99 PASS TURN DOUBLE.
const MIXES: { name: string; weights: number[] }[] = [
  { name: 'even', weights: new Array(CIRNO_CARDS.length).fill(1) },
  { name: 'raising', weights: [3, 3, 3, 3, 3, 3, 3, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1] },
  { name: 'double-heavy', weights: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 8] },
  { name: 'negative-p', weights: [1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1] },
  { name: 'escape-poor', weights: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0] },
];

function weighted(random: Random, weights: readonly number[]): CirnoCardName {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = random() * total;
  for (let kind = 0; kind < weights.length; kind++) if ((x -= weights[kind]) < 0) return CIRNO_CARDS[kind];
  return CIRNO_CARDS[CIRNO_CARDS.length - 1];
}

/** Mostly small games (fast to run, easy to read), sometimes large ones. */
function size(random: Random, limit: number): number {
  return 1 + Math.floor(random() ** 3 * limit);
}

function make(random: Random, weights: readonly number[]): CirnoParts {
  const n = size(random, CIRNO_LIMITS.n);
  const rounds = size(random, CIRNO_LIMITS.m);
  const card = () => weighted(random, weights);
  const players = Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, hand: [card(), card(), card()] }));
  // Long enough for most games; a pile that runs out makes the deck be drawn again.
  const k = Math.min(CIRNO_LIMITS.k, 40 * rounds * Math.max(2, n) + 20);
  return { rounds, players, pile: Array.from({ length: k }, card) };
}

export const CIRNO_GENERATORS = MIXES.map(({ name, weights }) => ({
  name,
  make(random: Random): CirnoParts {
    for (let attempt = 0; attempt < 50; attempt++) {
      const parts = make(random, attempt < 25 ? weights : MIXES[0].weights);
      if (playsThrough(parts)) return parts;
    }
    return { rounds: 1, players: [{ name: 'P1', hand: ['PASS', 'PASS', 'PASS'] }], pile: ['A1', 'A1', 'A1', 'A1'] };
  },
}));

export function cirnoDeck(generator: number, seed: number): CirnoParts {
  return CIRNO_GENERATORS[generator].make(seededRandom(seed));
}
