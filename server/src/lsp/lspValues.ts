/**
 * The values the handlers take from vscode-languageserver, imported in this one module: a bundle
 * copies a CommonJS library's exports into each module that imports values from it (a few
 * milliseconds of start-up each time). Types are imported from the library directly.
 */
export {
  CodeActionKind, CodeLensRefreshRequest, CompletionItemKind, DiagnosticSeverity, DocumentHighlightKind, ErrorCodes,
  FoldingRangeKind, InlayHintKind, LSPErrorCodes, MarkupKind, RAL, ResponseError, SymbolKind, TextDocumentSyncKind,
  TextDocuments, WorkDoneProgress,
} from 'vscode-languageserver';
// The standard requests the server answers, registered with their params checked (params.ts).
export {
  CodeActionRequest, CodeLensRequest, CompletionRequest, DocumentFormattingRequest, DocumentHighlightRequest,
  DocumentRangeFormattingRequest, DocumentSymbolRequest, FoldingRangeRequest, HoverRequest, InlayHintRequest,
  PrepareRenameRequest, ReferencesRequest, RenameRequest,
} from 'vscode-languageserver';
