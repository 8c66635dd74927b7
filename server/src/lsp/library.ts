/**
 * The values the handlers take from vscode-languageserver, imported in this one module: a bundle
 * copies a CommonJS library's exports into each module that imports values from it (a few
 * milliseconds of start-up each time). Types are imported from the library directly.
 */
export {
  CodeActionKind, CodeLensRefreshRequest, CompletionItemKind, DiagnosticSeverity, DocumentHighlightKind, ErrorCodes,
  FoldingRangeKind, InlayHintKind, LSPErrorCodes, MarkupKind, ResponseError, SymbolKind, TextDocumentSyncKind,
  TextDocuments, WorkDoneProgress,
} from 'vscode-languageserver';
