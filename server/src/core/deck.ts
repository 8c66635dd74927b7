/**
 * The CLI's view of the games by language id, over the registry in games.ts: a deck's
 * language, its analysis and its transcript, without naming any game.
 */
import type { Problem } from './common/problem';
import type { DeckGame } from './game';
import { GAMES, gameForLanguage, gameForPath } from './games';

/** A language id of a game's deck files: `mjdeck`, `cirnodeck`. */
export type DeckLanguageId = string;
export const LANGUAGE_IDS = Object.values(GAMES).map((game) => game.languageId);

/** A deck's analysis with the game that made it. */
export interface DeckAnalysis {
  language: DeckLanguageId;
  problems: readonly Problem[];
  transcript(): string | undefined;
}

export function isLanguageId(id: string): id is DeckLanguageId {
  return gameForLanguage(id) !== undefined;
}

/** The language of a file by its name: `.in` files are the Mahjong judge's input. */
export function languageForPath(path: string): DeckLanguageId | undefined {
  return gameForPath(path)?.languageId;
}

export function analyzeDeck(language: DeckLanguageId, text: string): DeckAnalysis {
  // Methods compare their parameters both ways, so any game is a DeckGame of some analysis.
  const game: DeckGame = gameForLanguage(language)!;
  const analysis = game.analyze(text);
  return { language, problems: analysis.problems, transcript: () => game.transcript(analysis) };
}

/** The judge's transcript of a valid deck; undefined when the deck has errors. */
export function transcriptOf(analysis: DeckAnalysis): string | undefined {
  return analysis.transcript();
}
