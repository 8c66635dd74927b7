import type { CompletionList, Connection } from 'vscode-languageserver';
import { CompletionItemKind, CompletionRequest } from './lspValues';
import { inDocument, type AnalysisCache } from './analyses';
import { object, onCheckedRequest, position, textDocument } from './params';
import type { SettingsCache } from './settings';

const completionParams = object({ textDocument, position });
const NONE: CompletionList = { isIncomplete: false, items: [] };

export function registerCompletion(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  onCheckedRequest(connection, CompletionRequest.type, completionParams, async (params): Promise<CompletionList> => {
    if (!(await settings.get())['completion.enabled']) return NONE;
    const entry = analyses.forUri(params.textDocument.uri);
    // A position past the end (a stale request) would make an edit the editor cannot apply.
    if (!entry || !inDocument(entry.document, params.position)) return NONE;
    return {
      isIncomplete: false,
      items: entry.deck.completions(params.position).map((item) => ({
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
