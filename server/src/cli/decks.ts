/**
 * The one module of the CLI that talks to the deck languages of core: which format a file
 * is, its analysis and its transcript. When core's game registry lands, only this file changes.
 */
import {
  analyzeDeck, isLanguageId, languageForPath, transcriptOf, type DeckAnalysis, type DeckLanguageId,
} from '../core/deck';

export type DeckFormat = DeckLanguageId;
export type { DeckAnalysis };

export const FORMATS = 'mjdeck or cirnodeck';

export function isFormat(name: string): name is DeckFormat {
  return isLanguageId(name);
}

/** The format a file name says (`.in` is the Mahjong judge's input); undefined when it says none. */
export function formatOfPath(path: string): DeckFormat | undefined {
  return languageForPath(path);
}

export function analyze(format: DeckFormat, text: string): DeckAnalysis {
  return analyzeDeck(format, text);
}

/** The judge's transcript of a valid deck; undefined when the deck has errors. */
export function referenceTranscript(analysis: DeckAnalysis): string | undefined {
  return transcriptOf(analysis);
}
