import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  MAX_UINTEGER, ParamsError, array, checkParams, integer, object, optional, range, string, textDocument, type Check,
} from './params';

const version = integer(-MAX_UINTEGER - 1, MAX_UINTEGER);
/** More changes in one notification than any editor sends. */
const MAX_CHANGES = 100_000;

const didOpen = object({ textDocument: object({ uri: string, languageId: string, version, text: string }) });
const didChange = object({
  textDocument: object({ uri: string, version }),
  contentChanges: array(object({ text: string, range: optional(range) }), MAX_CHANGES),
});
const didClose = object({ textDocument });
// TextDocumentSaveReason: Manual, AfterDelay, FocusOut.
const willSave = object({ textDocument, reason: integer(1, 3) as Check<1 | 2 | 3> });
const didSave = object({ textDocument, text: optional(string) });

/**
 * Feeds the document notifications to `documents` once their params are checked. A
 * notification cannot be answered, so a malformed one is logged and dropped: it would
 * otherwise leave a document without text for every later request.
 */
export function listenToDocuments(connection: Connection, documents: TextDocuments<TextDocument>): void {
  const guard = <T>(method: string, check: Check<T>, handler: (params: T) => void) => (params: unknown) => {
    try {
      handler(check(params, 'params'));
    } catch (error) {
      if (!(error instanceof ParamsError)) throw error;
      connection.console.error(`deck-sim: ignored ${method}: ${error.message}`);
    }
  };
  const checkedConnection: Parameters<TextDocuments<TextDocument>['listen']>[0] = {
    onDidOpenTextDocument: (handler) => connection.onDidOpenTextDocument(
      guard('textDocument/didOpen', didOpen, handler),
    ),
    onDidChangeTextDocument: (handler) => connection.onDidChangeTextDocument(
      guard('textDocument/didChange', didChange, handler),
    ),
    onDidCloseTextDocument: (handler) => connection.onDidCloseTextDocument(
      guard('textDocument/didClose', didClose, handler),
    ),
    onWillSaveTextDocument: (handler) => connection.onWillSaveTextDocument(
      guard('textDocument/willSave', willSave, handler),
    ),
    onWillSaveTextDocumentWaitUntil: (handler) => connection.onWillSaveTextDocumentWaitUntil(
      (params, token) => handler(checkParams(willSave, params), token),
    ),
    onDidSaveTextDocument: (handler) => connection.onDidSaveTextDocument(
      guard('textDocument/didSave', didSave, handler),
    ),
  };
  documents.listen(checkedConnection);
}
