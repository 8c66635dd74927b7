/**
 * What the stress test needs of each game: its generators, its deck text, and the smaller or
 * earlier-failing variants the shrinker tries.
 */
import { seededRandom } from '../../core/common/random';
import { analyzeCirno } from '../../core/cirno';
import { TILE_NAMES, simulateMahjong, type MahjongEvent, type TileKind } from '../../core/mahjong';
import { CIRNO, MAHJONG } from '../../core/games';
import type { DeckFormat, GameId } from '../decks';
import { CIRNO_GENERATORS, cirnoDeck, cirnoText, type CirnoParts } from './cirnoDecks';
import { MAHJONG_GENERATORS, mahjongDeck } from './mahjongDecks';

export interface StressGame<Deck> {
  format: DeckFormat;
  extension: string;
  generators: readonly string[];
  generate(generator: number, seed: number): Deck;
  text(deck: Deck, header?: readonly string[]): string;
  /**
   * Variants to try when transcript line `line` is the first to differ. `smaller` says whether
   * they are smaller decks (then an equally early difference is progress) or only rearranged.
   */
  variants(deck: Deck, line: number, seed: number): Iterable<Deck>;
  smaller: boolean;
  /** The deck as written to the counterexample file, once shrinking is done. */
  final(deck: Deck): Deck;
}

const SWAPS_PER_ROUND = 64;

export const MAHJONG_STRESS: StressGame<TileKind[]> = {
  format: MAHJONG.languageId,
  extension: MAHJONG.extensions[0],
  generators: MAHJONG_GENERATORS.map((g) => g.name),
  generate: mahjongDeck,
  text: (deck, header = []) =>
    [...header.map((line) => `# ${line}`), ...deck.map((kind) => TILE_NAMES[kind])].join('\n') + '\n',
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

/** Cards its game draws, or undefined when the deck no longer plays through. */
function cardsDrawn(parts: CirnoParts): number | undefined {
  return analyzeCirno(cirnoText(parts)).game?.cardsDrawn;
}

/** What a Cirno deck costs to read: its rounds, hands and the pile cards its game draws. */
function size(parts: CirnoParts, drawn: number): number {
  return parts.rounds + 3 * parts.players.length + drawn;
}

export const CIRNO_STRESS: StressGame<CirnoParts> = {
  format: CIRNO.languageId,
  extension: CIRNO.extensions[0],
  generators: CIRNO_GENERATORS.map((g) => g.name),
  generate: cirnoDeck,
  text: cirnoText,
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
      if (used !== undefined && size(candidate, used) < size(deck, drawn)) yield candidate;
    }
  },
  /** The pile cut to the cards the game draws. */
  final(deck) {
    return { ...deck, pile: deck.pile.slice(0, Math.max(1, cardsDrawn(deck)!)) };
  },
};

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

/** The stress test of each game of the registry: a game added there does not compile until listed here. */
export const STRESS_GAMES: Readonly<Record<GameId, StressGame<TileKind[]> | StressGame<CirnoParts>>> = {
  mahjong: MAHJONG_STRESS,
  cirno: CIRNO_STRESS,
};
