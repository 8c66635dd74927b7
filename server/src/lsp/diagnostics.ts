import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisCache } from './analyses';
import { toDiagnostic } from './convert';
import { guarded } from './guard';

/** Quiet time after the last keystroke before a document is analysed again. */
export const DIAGNOSTICS_DELAY_MS = 150;
/** Binary junk can yield a problem per line; more than this helps nobody and floods the editor. */
export const MAX_DIAGNOSTICS = 1000;

/** Validation per document: at once on open, after a pause in typing on change. */
export function registerDiagnostics(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache,
  delay: () => number = () => DIAGNOSTICS_DELAY_MS,
): void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  // didOpen fires onDidOpen and then onDidChangeContent for the same version.
  const justOpened = new Set<string>();

  const publish = (uri: string) => {
    clearTimeout(timers.get(uri));
    timers.delete(uri);
    const document = documents.get(uri);
    if (!document) return;
    const entry = analyses.get(document);
    if (!entry) return;
    const diagnostics = entry.deck.problems.slice(0, MAX_DIAGNOSTICS).map(toDiagnostic);
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
  };
  const publishGuarded = (uri: string) => guarded(connection, `diagnostics of ${uri}`, () => publish(uri));

  documents.onDidOpen((e) => {
    justOpened.add(e.document.uri);
    void publishGuarded(e.document.uri);
  });
  documents.onDidChangeContent((e) => {
    const { uri } = e.document;
    if (justOpened.delete(uri)) return;
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => void publishGuarded(uri), delay()));
  });
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    justOpened.delete(e.document.uri);
    analyses.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
}
