/**
 * New ⑨ decks for `stress` and the audit, as parts the shrinker can drop: games of every size,
 * each card mix, DOUBLE-heavy and negative-p games (only decks that play to the end are kept);
 * and the smaller games the shrinker tries.
 */
import { seededRandom } from '../seededRandom';
import type { DeckMaker } from '../deckMaker';
import { CIRNO_CARDS, type CirnoCardName } from './cards';
import { analyzeCirno } from './index';
import { LIMITS as CIRNO_LIMITS } from './limits';

type Random = () => number;

export interface CirnoParts {
  rounds: number;
  players: { name: string; hand: CirnoCardName[] }[];
  pile: CirnoCardName[];
}

function cirnoText(parts: CirnoParts, header: readonly string[] = []): string {
  const lines = header.map((line) => `# ${line}`);
  lines.push(`${parts.players.length} ${parts.rounds} ${parts.pile.length}`);
  for (const player of parts.players) lines.push([player.name, ...player.hand].join(' '));
  for (let i = 0; i < parts.pile.length; i += 20) lines.push(parts.pile.slice(i, i + 20).join(' '));
  return lines.join('\n') + '\n';
}

/** Whether the deck is a whole game: the pile lasts and |p| stays under 10,000. */
function playsThrough(parts: CirnoParts): boolean {
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

const CIRNO_GENERATORS = MIXES.map(({ name, weights }) => ({
  name,
  make(random: Random): CirnoParts {
    for (let attempt = 0; attempt < 50; attempt++) {
      const parts = make(random, attempt < 25 ? weights : MIXES[0].weights);
      if (playsThrough(parts)) return parts;
    }
    return { rounds: 1, players: [{ name: 'P1', hand: ['PASS', 'PASS', 'PASS'] }], pile: ['A1', 'A1', 'A1', 'A1'] };
  },
}));

/** Cards its game draws, or undefined when the deck no longer plays through. */
function cardsDrawn(parts: CirnoParts): number | undefined {
  return analyzeCirno(cirnoText(parts)).game?.cardsDrawn;
}

/** What a ⑨ deck costs to read: its rounds, hands and the pile cards its game draws. */
function readCost(parts: CirnoParts, drawn: number): number {
  return parts.rounds + 3 * parts.players.length + drawn;
}

/** The round that transcript line `line` belongs to. */
function roundOfLine(parts: CirnoParts, line: number): number {
  const game = analyzeCirno(cirnoText(parts)).game!;
  let round = 1;
  for (const event of game.events) {
    if (!('line' in event)) continue;
    if (event.line > line) break;
    round = event.round;
  }
  return round;
}

export const CIRNO_DECK_MAKER: DeckMaker<CirnoParts> = {
  generators: CIRNO_GENERATORS.map((g) => g.name),
  generate: (generator, seed) => CIRNO_GENERATORS[generator].make(seededRandom(seed)),
  text: cirnoText,
  fromText(text) {
    const { deck, game } = analyzeCirno(text);
    if (!game || !deck) return undefined;
    const pile: CirnoCardName[] = [];
    for (let i = 0; i < deck.pile.length; i++) pile.push(CIRNO_CARDS[deck.pile.kind(i)]);
    const players = deck.players.map((player) => ({ name: player.name, hand: player.hand.map((card) => card.card!) }));
    return { rounds: deck.m!.value!, players, pile };
  },
  smaller: true,
  /**
   * Fewer rounds (up to the failing one), fewer players, fewer pile cards among those drawn.
   * The pile keeps its undrawn tail while searching, so a variant that needs more cards still plays.
   */
  *variants(deck, line) {
    const drawn = cardsDrawn(deck)!;
    const candidates = function* (): Generator<CirnoParts> {
      if (deck.rounds > 1) yield { ...deck, rounds: roundOfLine(deck, line) };
      for (let i = 0; i < deck.players.length && deck.players.length > 1; i++) {
        yield { ...deck, players: deck.players.filter((_, j) => j !== i) };
      }
      for (let chunk = Math.floor(drawn / 2); chunk >= 1; chunk = Math.floor(chunk / 2)) {
        for (let at = 0; at + chunk <= drawn && at < 16 * chunk; at += chunk) {
          yield { ...deck, pile: [...deck.pile.slice(0, at), ...deck.pile.slice(at + chunk)] };
        }
      }
    };
    for (const candidate of candidates()) {
      const used = cardsDrawn(candidate);
      if (used !== undefined && readCost(candidate, used) < readCost(deck, drawn)) yield candidate;
    }
  },
  /** The pile cut to the cards the game draws. */
  final(deck) {
    return { ...deck, pile: deck.pile.slice(0, Math.max(1, cardsDrawn(deck)!)) };
  },
};
