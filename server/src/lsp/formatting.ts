import type { Connection, TextEdit } from 'vscode-languageserver';
import type { AnalysisCache } from './analyses';
import { checked, object, textDocument } from './params';
import type { SettingsCache } from './settings';

const formattingParams = object({ textDocument });

/** Format Document: one edit replacing the text by its canonical form, none when it already is. */
export function registerFormatting(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  connection.onDocumentFormatting(checked(formattingParams, async (params): Promise<TextEdit[]> => {
    const pileCardsPerLine = (await settings.get())['format.pileCardsPerLine'];
    const entry = analyses.forUri(params.textDocument.uri);
    if (!entry) return [];
    const text = entry.document.getText();
    const formatted = entry.deck.format({ pileCardsPerLine });
    if (formatted === text) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: entry.document.positionAt(text.length) },
      newText: formatted }];
  }));
}
