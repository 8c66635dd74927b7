/**
 * The one module of the CLI that reaches the games: through core's registry (formats are its
 * language ids) and the features' game services. It names no game.
 */
import type { Problem } from '../core/problem';
import { likelyMistakes } from '../core/catalogue/likely';
import type { Mistake } from '../core/catalogue/types';
import type { DeckGame } from '../core/deckGame';
import {
  JUDGE_INPUT_ENDING, allGames, gameForLanguage, gameForPath, gameForText, gameIds, isGameId, type GameId,
} from '../core/gameRegistry';
import type { AnalyzedDeck } from '../features/gameService';

/** A language id of the registry: the value of `--format`. */
export type DeckFormat = string;
export type DeckAnalysis = AnalyzedDeck;

// Read from the registry when asked, not when this module loads: a game may be registered later.

/** The formats: `mjdeck`, `cirnodeck`. */
export function formatIds(): DeckFormat[] {
  return allGames().map((game) => game.languageId);
}

/** The formats, as a usage message lists them: `mjdeck or cirnodeck`. */
export function formatList(): string {
  return formatIds().join(' or ');
}

/** File name endings of decks, for folders given on the command line: each game's and the judge input's. */
export function deckExtensions(): string[] {
  return [...allGames().flatMap((game) => game.extensions), JUDGE_INPUT_ENDING];
}

/** Each format with the file endings that say it: `mjdeck (.mjdeck)`. */
export function formatEndings(): string[] {
  return allGames().map((game) => `${game.languageId} (${game.extensions.join(', ')})`);
}

export { gameIds, isGameId, type GameId };

export function isFormat(name: string): name is DeckFormat {
  return gameForLanguage(name) !== undefined;
}

/** The format a file name says; undefined when it says none (a judge's `.in`, any other ending). */
export function formatOfPath(path: string): DeckFormat | undefined {
  return gameForPath(path)?.languageId;
}

/** The format of the one game that recognises a text by its first word; undefined when none or two do. */
export function formatOfText(text: string): DeckFormat | undefined {
  return gameForText(text)?.languageId;
}

/** A deck as a batch needs it, straight from core: its problems and its transcript. */
export interface SimulatedDeck {
  problems: readonly Problem[];
  /** The judge's transcript; undefined when the deck has errors. */
  transcript(): string | undefined;
  /** The transcript in UTF-8 chunks, each done with when `write` returns; false when the deck has errors. */
  writeTranscript(write: (bytes: Uint8Array) => void): boolean;
}

export function simulate(format: DeckFormat, text: string): SimulatedDeck {
  // Methods compare their parameters both ways, so any game is a DeckGame of some analysis.
  const game: DeckGame = gameForLanguage(format)!;
  const analysis = game.analyze(text);
  return {
    problems: analysis.problems,
    transcript: () => game.transcript(analysis),
    writeTranscript: (write) => game.writeTranscript(analysis, write),
  };
}

/** The game of a format, for the audit's core. */
export function deckGame(format: DeckFormat): DeckGame {
  return gameForLanguage(format)!;
}

/** The catalogue's mistakes whose transcript of the deck is `output` as the judge compares (none on errors). */
export function likelyMistakesOf(format: DeckFormat, text: string, output: string): Mistake[] {
  const game = deckGame(format);
  return likelyMistakes(game, game.analyze(text), output);
}

/** Everything the features say of a deck: its judge input, line reports and explanations. */
export function analyze(format: DeckFormat, text: string): DeckAnalysis {
  // Loaded on first use: simulate and check, the commands run by the thousand, never need the
  // features (hovers, pictures, replays), and loading them would slow every start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { serviceForDocument } = require('../features/serviceRegistry') as typeof import('../features/serviceRegistry');
  return serviceForDocument(format, '', text)!.analyze(text);
}
