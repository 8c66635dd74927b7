/**
 * The game registry: the one place that knows which games exist. Everything else (the CLI,
 * the language server's features) finds a game here by id, language id or file name.
 */
import {
  CIRNO_LIMITS, analyzeCirno, cirnoCardFate, cirnoJudgeInput, randomCirnoDeckText, renderCirnoTranscript,
  renderCirnoTranscriptChunks, type CirnoAnalysis,
} from './cirno';
import type { DeckGame } from './game';
import {
  analyzeMahjong, mahjongDeckText, mahjongJudgeInput, mahjongSnapshots, renderMahjongTranscript, shuffledMahjongDeck,
  tileFates, type MahjongAnalysis,
} from './mahjong';

const utf8 = new TextEncoder();

/** Seeds of new decks: the generators read them as unsigned 32-bit integers. */
export const SEED_LIMITS = { min: 0, max: 0xffff_ffff } as const;

/** Mahjong: what the engine says of each tile and of the table after every event. */
export interface MahjongRules extends DeckGame<MahjongAnalysis> {
  readonly fates: typeof tileFates;
  readonly snapshots: typeof mahjongSnapshots;
  newDeckText(seed: number, header?: string): string;
}

/** ⑨: what the engine says of each card, and the bounds of n, m and k. */
export interface CirnoRules extends DeckGame<CirnoAnalysis> {
  readonly fates: typeof cirnoCardFate;
  readonly limits: typeof CIRNO_LIMITS;
  newDeckText(seed: number, players: number, rounds: number, cards: number, header?: string): string;
}

export const MAHJONG: MahjongRules = {
  id: 'mahjong',
  name: 'Mahjong',
  languageId: 'mjdeck',
  // `.in` files are the Mahjong judge's input.
  extensions: ['.mjdeck', '.in'],
  unit: 'tile',
  analyze: analyzeMahjong,
  transcript: (analysis: MahjongAnalysis) => analysis.game && renderMahjongTranscript(analysis.game.events),
  // A Mahjong transcript is at most a few KB: one chunk.
  writeTranscript(analysis: MahjongAnalysis, write: (bytes: Uint8Array) => void) {
    if (!analysis.game) return false;
    write(utf8.encode(renderMahjongTranscript(analysis.game.events)));
    return true;
  },
  judgeInput: (analysis: MahjongAnalysis) => (analysis.game ? mahjongJudgeInput(analysis.deck) : undefined),
  fates: tileFates,
  snapshots: mahjongSnapshots,
  newDeckText: (seed: number, header?: string) => mahjongDeckText(shuffledMahjongDeck(seed), header),
};

export const CIRNO: CirnoRules = {
  id: 'cirno',
  name: '⑨ (Cirno)',
  languageId: 'cirnodeck',
  extensions: ['.cirnodeck'],
  unit: 'card',
  analyze: analyzeCirno,
  transcript: (analysis: CirnoAnalysis) => analysis.game && renderCirnoTranscript(analysis.game),
  // Some 300,000 lines: written a chunk at a time into one reused array, never as one string.
  writeTranscript(analysis: CirnoAnalysis, write: (bytes: Uint8Array) => void) {
    if (!analysis.game) return false;
    renderCirnoTranscriptChunks(analysis.game, write, { reuse: true });
    return true;
  },
  judgeInput: (analysis: CirnoAnalysis) => (analysis.game ? cirnoJudgeInput(analysis.deck!) : undefined),
  fates: cirnoCardFate,
  limits: CIRNO_LIMITS,
  newDeckText: randomCirnoDeckText,
};

/** Every game, by id. Adding a game is one line here (and its core and features folders). */
export const GAMES = { mahjong: MAHJONG, cirno: CIRNO } as const;

export type GameId = keyof typeof GAMES;
export type AnyGame = (typeof GAMES)[GameId];

export const GAME_IDS = Object.keys(GAMES) as GameId[];

export function isGameId(id: string): id is GameId {
  return Object.hasOwn(GAMES, id);
}

/** The game whose deck files have this language id. */
export function gameForLanguage(languageId: string): AnyGame | undefined {
  return Object.values(GAMES).find((game) => game.languageId === languageId);
}

/** The game of a file by its name (or URI): by its ending, case aside. */
export function gameForPath(path: string): AnyGame | undefined {
  const lower = path.toLowerCase();
  return Object.values(GAMES).find((game) => game.extensions.some((ending) => lower.endsWith(ending)));
}
