/**
 * The game registry: the one place that knows which games exist. Everything else (the CLI,
 * the language server's features) finds a game here by id, language id or file name.
 */
import type * as CirnoEngine from './cirno';
import { LIMITS as CIRNO_LIMITS } from './cirno/limits';
import type { DeckGame } from './game';
import type * as MahjongEngine from './mahjong';
import type * as MahjongCatalogue from './mahjong/catalogue';
import type * as CirnoCatalogue from './cirno/catalogue';
import type * as MahjongDeckMaker from './mahjong/deckMaker';
import type * as CirnoDeckMaker from './cirno/deckMaker';

type CirnoAnalysis = CirnoEngine.CirnoAnalysis;
type MahjongAnalysis = MahjongEngine.MahjongAnalysis;

/** The module loader of both builds (tsc's CommonJS, esbuild's bundles); core has no Node types to declare it. */
declare function require(id: string): unknown;

// Each engine loads when its game is first used, so a process that meets one game (`deck-sim
// simulate x.mjdeck`, a server with only ⑨ documents) never loads the other, and naming the
// games (usage text, file endings) loads neither.
let mahjongEngine: typeof MahjongEngine | undefined;
let cirnoEngine: typeof CirnoEngine | undefined;
const mahjong = () => (mahjongEngine ??= require('./mahjong') as typeof MahjongEngine);
const cirno = () => (cirnoEngine ??= require('./cirno') as typeof CirnoEngine);
// The catalogues (rule branches, likely mistakes and their variant engines) load only when a
// test set is measured.
const mahjongCatalogue = () => (require('./mahjong/catalogue') as typeof MahjongCatalogue).MAHJONG_CATALOGUE;
const cirnoCatalogue = () => (require('./cirno/catalogue') as typeof CirnoCatalogue).CIRNO_CATALOGUE;
// The generators of new decks load only for `stress` and the audit's search.
const mahjongDeckMaker = () => (require('./mahjong/deckMaker') as typeof MahjongDeckMaker).MAHJONG_DECK_MAKER;
const cirnoDeckMaker = () => (require('./cirno/deckMaker') as typeof CirnoDeckMaker).CIRNO_DECK_MAKER;

const utf8 = new TextEncoder();

/** Seeds of new decks: the generators read them as unsigned 32-bit integers. */
export const SEED_LIMITS = { min: 0, max: 0xffff_ffff } as const;

/** Mahjong: what the engine says of each tile and of the table after every event. */
export interface MahjongRules extends DeckGame<MahjongAnalysis> {
  readonly fates: typeof MahjongEngine.tileFates;
  readonly snapshots: typeof MahjongEngine.mahjongSnapshots;
  newDeckText(seed: number, header?: string): string;
}

/** ⑨: what the engine says of each card, and the bounds of n, m and k. */
export interface CirnoRules extends DeckGame<CirnoAnalysis> {
  readonly fates: typeof CirnoEngine.cirnoCardFate;
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
  analyze: (...args) => mahjong().analyzeMahjong(...args),
  transcript: (analysis) => analysis.game && mahjong().renderMahjongTranscript(analysis.game.events),
  // A Mahjong transcript is at most a few KB: one chunk.
  writeTranscript(analysis: MahjongAnalysis, write: (bytes: Uint8Array) => void) {
    if (!analysis.game) return false;
    write(utf8.encode(mahjong().renderMahjongTranscript(analysis.game.events)));
    return true;
  },
  judgeInput: (analysis) => (analysis.game ? mahjong().mahjongJudgeInput(analysis.deck) : undefined),
  catalogue: mahjongCatalogue,
  deckMaker: mahjongDeckMaker,
  fates: (...args) => mahjong().tileFates(...args),
  snapshots: (...args) => mahjong().mahjongSnapshots(...args),
  newDeckText(seed: number, header?: string) {
    return mahjong().mahjongDeckText(mahjong().shuffledMahjongDeck(seed), header);
  },
};

export const CIRNO: CirnoRules = {
  id: 'cirno',
  name: '⑨ (Cirno)',
  languageId: 'cirnodeck',
  extensions: ['.cirnodeck'],
  unit: 'card',
  analyze: (...args) => cirno().analyzeCirno(...args),
  transcript: (analysis) => analysis.game && cirno().renderCirnoTranscript(analysis.game),
  // Some 300,000 lines: written a chunk at a time into one reused array, never as one string.
  writeTranscript(analysis: CirnoAnalysis, write: (bytes: Uint8Array) => void) {
    if (!analysis.game) return false;
    cirno().renderCirnoTranscriptChunks(analysis.game, write, { reuse: true });
    return true;
  },
  judgeInput: (analysis) => (analysis.game ? cirno().cirnoJudgeInput(analysis.deck!) : undefined),
  catalogue: cirnoCatalogue,
  deckMaker: cirnoDeckMaker,
  fates: (...args) => cirno().cirnoCardFate(...args),
  limits: CIRNO_LIMITS,
  newDeckText: (...args) => cirno().randomCirnoDeckText(...args),
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
