/** The deck languages, behind one interface for the CLI and the server. */
import { analyzeCirno, renderCirnoTranscript, type CirnoAnalysis } from './cirno';
import type { Problem } from './common/problem';
import { analyzeMahjong, renderMahjongTranscript, type MahjongAnalysis } from './mahjong';

export const LANGUAGE_IDS = ['mjdeck', 'cirnodeck'] as const;
export type DeckLanguageId = (typeof LANGUAGE_IDS)[number];

export type DeckAnalysis =
  | { language: 'mjdeck'; problems: Problem[]; mahjong: MahjongAnalysis }
  | { language: 'cirnodeck'; problems: Problem[]; cirno: CirnoAnalysis };

export function isLanguageId(id: string): id is DeckLanguageId {
  return (LANGUAGE_IDS as readonly string[]).includes(id);
}

/** The language of a file by its name: `.in` files are the Mahjong judge's input. */
export function languageForPath(path: string): DeckLanguageId | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.mjdeck') || lower.endsWith('.in')) return 'mjdeck';
  if (lower.endsWith('.cirnodeck')) return 'cirnodeck';
  return undefined;
}

export function analyzeDeck(language: DeckLanguageId, text: string): DeckAnalysis {
  if (language === 'mjdeck') {
    const mahjong = analyzeMahjong(text);
    return { language, problems: mahjong.problems, mahjong };
  }
  const cirno = analyzeCirno(text);
  return { language, problems: cirno.problems, cirno };
}

/** The judge's transcript of a valid deck; undefined when the deck has errors. */
export function transcriptOf(analysis: DeckAnalysis): string | undefined {
  if (analysis.language === 'mjdeck') {
    const game = analysis.mahjong.game;
    return game && renderMahjongTranscript(game.events);
  }
  const game = analysis.cirno.game;
  return game && renderCirnoTranscript(game);
}
