import type { Connection, TextEdit } from 'vscode-languageserver';
import { selectionEdits } from '../features/format';
import type { AnalysisCache } from './analyses';
import { DocumentFormattingRequest, DocumentRangeFormattingRequest } from './library';
import { object, onCheckedRequest, range, textDocument } from './params';
import type { SettingsCache } from './settings';

const formattingParams = object({ textDocument });
const rangeFormattingParams = object({ textDocument, range });

/**
 * Format Document: one edit replacing the text by its canonical form, none when it already is.
 * Format Selection: edits only inside the selected lines (a ⑨ pile only when all of it is selected).
 */
export function registerFormatting(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  const formatted = async (uri: string) => {
    const pileCardsPerLine = (await settings.get())['format.pileCardsPerLine'];
    const entry = analyses.forUri(uri);
    if (!entry) return undefined;
    const text = entry.document.getText();
    return { text, end: entry.document.positionAt(text.length), deck: entry.deck.format({ pileCardsPerLine }) };
  };
  onCheckedRequest(connection, DocumentFormattingRequest.type, formattingParams, async (params) => {
    const document = await formatted(params.textDocument.uri);
    if (!document || document.deck.text === document.text) return [] as TextEdit[];
    return [{ range: { start: { line: 0, character: 0 }, end: document.end }, newText: document.deck.text }];
  });
  onCheckedRequest(connection, DocumentRangeFormattingRequest.type, rangeFormattingParams, async (params) => {
    const document = await formatted(params.textDocument.uri);
    if (!document) return [];
    const { start, end } = params.range;
    // A selection ending at the start of a line does not take that line.
    const last = end.line > start.line && end.character === 0 ? end.line - 1 : end.line;
    return selectionEdits(document.text, document.deck, start.line, last);
  });
}
