import type { Connection, WorkspaceEdit } from 'vscode-languageserver';
import { LSPErrorCodes, PrepareRenameRequest, RenameRequest, ResponseError } from './lspValues';
import type { AnalysisCache } from './analyses';
import { object, onCheckedRequest, position, string, textDocument } from './params';

const prepareParams = object({ textDocument, position });
const renameParams = object({ textDocument, position, newName: string });

/** Renaming a ⑨ player; a refused name is answered with the reason, for the editor to show. */
export function registerRename(connection: Connection, analyses: AnalysisCache): void {
  onCheckedRequest(connection, PrepareRenameRequest.type, prepareParams, (params) => (
    analyses.forUri(params.textDocument.uri)?.deck.renameTarget(params.position) ?? null));

  onCheckedRequest(connection, RenameRequest.type, renameParams, (params): WorkspaceEdit | null => {
    const { uri } = params.textDocument;
    const entry = analyses.forUri(uri);
    if (!entry) return null;
    const result = entry.deck.rename(params.position, params.newName);
    if ('error' in result) throw new ResponseError(LSPErrorCodes.RequestFailed, result.error);
    return { changes: { [uri]: result.edits } };
  });
}
