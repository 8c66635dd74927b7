import type { CancellationToken, Connection, TextEdit } from 'vscode-languageserver';
import { selectionEdits } from '../features/format';
import type { AnalysisCache } from './analyses';
import { pause } from './cancellation';
import { DocumentFormattingRequest, DocumentRangeFormattingRequest, LSPErrorCodes, ResponseError } from './lspValues';
import { object, onCheckedRequest, range, textDocument } from './params';
import type { SettingsCache } from './settings';

const formattingParams = object({ textDocument });
const rangeFormattingParams = object({ textDocument, range });

/**
 * Format Document: one edit replacing the text by its canonical form, none when it already is.
 * Format Selection: edits only inside the selected lines (a ⑨ pile only when all of it is selected).
 */
export function registerFormatting(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  // Formatting the largest deck takes a while: it can be cancelled before and after, and edits
  // for a text that changed meanwhile are not sent.
  const formatted = async (uri: string, token: CancellationToken) => {
    const pileCardsPerLine = (await settings.get())['format.pileCardsPerLine'];
    await pause(token);
    const entry = analyses.forUri(uri);
    if (!entry) return undefined;
    const { document, version } = entry;
    const text = document.getText();
    const result = { text, end: document.positionAt(text.length), deck: entry.deck.format({ pileCardsPerLine }) };
    await pause(token);
    if (document.version !== version) {
      throw new ResponseError(LSPErrorCodes.ContentModified, 'The document changed while it was being formatted.');
    }
    return result;
  };
  onCheckedRequest(connection, DocumentFormattingRequest.type, formattingParams, async (params, token) => {
    const document = await formatted(params.textDocument.uri, token);
    if (!document || document.deck.text === document.text) return [] as TextEdit[];
    return [{ range: { start: { line: 0, character: 0 }, end: document.end }, newText: document.deck.text }];
  });
  onCheckedRequest(connection, DocumentRangeFormattingRequest.type, rangeFormattingParams, async (params, token) => {
    const document = await formatted(params.textDocument.uri, token);
    if (!document) return [];
    const { start, end } = params.range;
    // A selection ending at the start of a line does not take that line.
    const last = end.line > start.line && end.character === 0 ? end.line - 1 : end.line;
    return selectionEdits(document.text, document.deck, start.line, last);
  });
}
