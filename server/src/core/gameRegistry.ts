/**
 * The game registry: the one place that knows which games exist. Everything else (the CLI,
 * the language server's features) finds a game here by id, language id or file name.
 */
import type * as CirnoEngine from './cirno';
import { LIMITS as CIRNO_LIMITS } from './cirno/limits';
import type { DeckGame } from './deckGame';
import { firstWord } from './deckText';
import { TILE_NAMES } from './mahjong/tiles';
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
  extensions: ['.mjdeck'],
  unit: 'tile',
  // The judge input's first line is a tile (case aside, as the editor reads tiles).
  recognizes: (text) => TILE_NAMES.includes((firstWord(text) ?? '').toUpperCase()),
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
  // The judge input's first line is `n m k`.
  recognizes: (text) => /^\d+$/.test(firstWord(text) ?? ''),
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

/** The games this project ships, by id, with their own queries (fates, snapshots, limits). */
export const GAMES = { mahjong: MAHJONG, cirno: CIRNO } as const;

/** The id of a game this project ships. */
export type BuiltInGameId = keyof typeof GAMES;
/** The id of any registered game: a built-in one, or one registered at run time (the tests' toy game). */
export type GameId = string;

// Every game the CLI and the language server can meet, in the order they were registered. The
// shipped games are registered below, exactly as any other game is; a test registers its own.
const registered = new Map<GameId, DeckGame>();

/**
 * Adds a game: from now on its files are recognised by language id and file ending, and its id is
 * accepted wherever a game is named. Its features register through features/serviceRegistry.ts.
 */
export function registerGame(game: DeckGame): void {
  if (registered.has(game.id)) throw new Error(`a game with id '${game.id}' is already registered`);
  registered.set(game.id, game);
}

for (const game of Object.values(GAMES)) registerGame(game);

/** Every registered game, in registration order. */
export function allGames(): readonly DeckGame[] {
  return [...registered.values()];
}

/** The ids of every registered game, in registration order. */
export function gameIds(): GameId[] {
  return [...registered.keys()];
}

export function isGameId(id: string): boolean {
  return registered.has(id);
}

/** The registered game with this id. */
export function gameById(id: GameId): DeckGame | undefined {
  return registered.get(id);
}

/** The game whose deck files have this language id. */
export function gameForLanguage(languageId: string): DeckGame | undefined {
  return allGames().find((game) => game.languageId === languageId);
}

/**
 * The ending of a judge's input files (`1.in`), which any game's may have: such a file, and any
 * whose ending no game claims, is read as the game that recognises its text.
 */
export const JUDGE_INPUT_ENDING = '.in';

/** The game of a file by its name (or URI): by its ending, case aside; undefined for `.in` and other endings. */
export function gameForPath(path: string): DeckGame | undefined {
  const lower = path.toLowerCase();
  return allGames().find((game) => game.extensions.some((ending) => lower.endsWith(ending)));
}

/** The one game that recognises the text (its first word); undefined when none or more than one does. */
export function gameForText(text: string): DeckGame | undefined {
  const claims = allGames().filter((game) => game.recognizes(text));
  return claims.length === 1 ? claims[0] : undefined;
}

/** The game of a file: by its ending, else by its text. */
export function gameForFile(path: string, text: string): DeckGame | undefined {
  return gameForPath(path) ?? gameForText(text);
}
