import { InlayHintKind, type Connection } from 'vscode-languageserver/node';
import { cirnoInlayHints } from '../features/cirnoInlayHints';
import { mahjongInlayHints } from '../features/inlayHints';
import type { AnalysisCache } from './analyses';

export function registerInlayHints(
  connection: Connection, analyses: AnalysisCache,
): void {
  connection.languages.inlayHint.on(({ textDocument, range }) => {
    const entry = analyses.forUri(textDocument.uri);
    if (!entry) return [];
    const { analysis } = entry;
    const hints = analysis.language === 'mjdeck'
      ? mahjongInlayHints(analysis.mahjong, range.start.line, range.end.line)
      : cirnoInlayHints(analysis.cirno, range.start.line, range.end.line);
    return hints.map((hint) => ({ position: hint.position, label: hint.label, tooltip: hint.tooltip, kind: InlayHintKind.Parameter, paddingLeft: true }));
  });
}
