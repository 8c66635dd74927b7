/**
 * What every game offers the rest of the project: its names, the files it reads, and its
 * engine from text to problems and the judge's transcript. Each game adds its own queries
 * (fates, snapshots, limits) beside these; the registry in gameRegistry.ts lists the games.
 */
import type { GameCatalogue } from './catalogue/types';
import type { Problem } from './problem';
import type { DeckMaker } from './deckMaker';

/** What any game's analysis of a deck text holds. */
export interface GameAnalysis {
  /** Every problem, in document order. */
  readonly problems: readonly Problem[];
}

export interface DeckGame<A extends GameAnalysis = GameAnalysis> {
  /** The game's id, used by requests and the CLI: `mahjong`, `cirno`. */
  readonly id: string;
  /** How people call the game: `Mahjong`, `⑨ (Cirno)`. */
  readonly name: string;
  /** The editors' language id of its deck files: `mjdeck`, `cirnodeck`. */
  readonly languageId: string;
  /** File name endings, lower case, with the dot: `.mjdeck`. */
  readonly extensions: readonly string[];
  /** What one deck entry is called: `tile`, `card`. */
  readonly unit: string;
  /**
   * Whether a text looks like this game's deck or judge input, by its first word (a tile, a
   * number): how a file whose ending names no game (a judge's `.in`) is read as the right one.
   * Two games never claim one text. Cheap: it reads the first word only.
   */
  recognizes(text: string): boolean;
  /** Parses, validates and, when the deck has no error, plays the text. Never throws. */
  analyze(text: string): A;
  /** The judge's transcript of a valid deck; undefined when the deck has errors. */
  transcript(analysis: A): string | undefined;
  /**
   * Writes the transcript of a valid deck as UTF-8 chunks of whole lines, in order; a chunk may
   * be overwritten once `write` returns (write it out synchronously). False when the deck has errors.
   */
  writeTranscript(analysis: A, write: (bytes: Uint8Array) => void): boolean;
  /** The judge's input of a valid deck, exactly as a solution reads it; undefined when the deck has errors. */
  judgeInput(analysis: A): string | undefined;
  /** The game's rule branches and likely mistakes, for measuring a test set (loaded on first use). */
  catalogue(): GameCatalogue<A>;
  /** The game's generators of new decks and its shrinker's variants (loaded on first use). */
  deckMaker(): DeckMaker<unknown>;
}
