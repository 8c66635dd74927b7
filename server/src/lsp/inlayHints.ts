import type { Connection, InlayHint } from 'vscode-languageserver';
import { InlayHintKind, InlayHintRequest } from './library';
import type { AnalysisCache } from './analyses';
import { object, onCheckedRequest, range, textDocument } from './params';
import type { SettingsCache } from './settings';

const inlayHintParams = object({ textDocument, range });

export function registerInlayHints(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  onCheckedRequest(connection, InlayHintRequest.type, inlayHintParams, async (params): Promise<InlayHint[]> => {
    if (!(await settings.get())['inlayHints.enabled']) return [];
    const entry = analyses.forUri(params.textDocument.uri);
    if (!entry) return [];
    return entry.deck.inlayHints(params.range.start.line, params.range.end.line).map((hint) => ({
      position: hint.position,
      label: hint.label,
      tooltip: hint.tooltip,
      kind: InlayHintKind.Parameter,
      paddingLeft: true,
    }));
  });
}
