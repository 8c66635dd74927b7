import type { Connection } from 'vscode-languageserver/node';
import { newCirnoDeck, newMahjongDeck } from '../features/newDeck';
import { selectionSummary, type SelectionSummary } from '../features/selection';
import type { AnalysisCache } from './analyses';
import {
  NEW_DECK_REQUEST, SELECTION_SUMMARY_REQUEST, type NewDeckParams, type SelectionSummaryParams,
} from './protocol';

/** Requests behind the client's commands and status bar: new decks and selection figures. */
export function registerEditorRequests(
  connection: Connection, analyses: AnalysisCache,
): void {
  connection.onRequest(NEW_DECK_REQUEST, (params: NewDeckParams): { text: string } | null => {
    if (params.language === 'mjdeck') return { text: newMahjongDeck(params.seed) };
    const { players = 3, rounds = 2, cards = 60 } = params;
    return { text: newCirnoDeck(params.seed, players, rounds, cards) };
  });

  connection.onRequest(SELECTION_SUMMARY_REQUEST, ({ uri, ranges }: SelectionSummaryParams): SelectionSummary | null => {
    const entry = analyses.forUri(uri);
    if (!entry) return null;
    const lines = new Set<number>();
    for (const range of ranges) {
      // A selection ending at column 0 does not take in that line.
      const last = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
      for (let line = range.start.line; line <= last; line++) lines.add(line);
    }
    return selectionSummary(entry.analysis, lines);
  });
}
