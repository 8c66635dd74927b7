import { CompletionItemKind, type Connection } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { cirnoCompletions } from '../features/cirnoCompletion';
import { mahjongCompletions } from '../features/completion';
import type { AnalysisCache } from './analyses';

function lineText(document: TextDocument, line: number): string {
  return document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } }).replace(/\r?\n$|\r$/, '');
}

export function registerCompletion(
  connection: Connection, analyses: AnalysisCache,
): void {
  connection.onCompletion(({ textDocument, position }) => {
    const entry = analyses.forUri(textDocument.uri);
    if (!entry) return [];
    const { analysis } = entry;
    const items = analysis.language === 'mjdeck'
      ? mahjongCompletions(analysis.mahjong, position)
      : cirnoCompletions(analysis.cirno, lineText(entry.document, position.line), position);
    return {
      isIncomplete: false,
      items: items.map((item) => ({
        label: item.label,
        kind: CompletionItemKind.EnumMember,
        labelDetails: { description: item.detail },
        detail: item.detail,
        documentation: item.documentation,
        sortText: item.sortText,
        filterText: item.label,
        textEdit: { range: item.range, newText: item.label },
      })),
    };
  });
}
