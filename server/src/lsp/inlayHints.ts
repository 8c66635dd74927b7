import { InlayHintKind, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { cirnoInlayHints } from '../features/cirnoInlayHints';
import { mahjongInlayHints } from '../features/inlayHints';
import type { AnalysisCache } from './analyses';

export function registerInlayHints(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache,
): void {
  connection.languages.inlayHint.on(({ textDocument, range }) => {
    const document = documents.get(textDocument.uri);
    const entry = document && analyses.get(document);
    if (!entry) return [];
    const { analysis } = entry;
    const hints = analysis.language === 'mjdeck'
      ? mahjongInlayHints(analysis.mahjong, entry.mahjongFates(), range.start.line, range.end.line)
      : cirnoInlayHints(analysis.cirno, range.start.line, range.end.line);
    return hints.map((hint) => ({ position: hint.position, label: hint.label, tooltip: hint.tooltip, kind: InlayHintKind.Parameter, paddingLeft: true }));
  });
}
