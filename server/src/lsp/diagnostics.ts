import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalysisCache } from './analyses';
import { toDiagnostic } from './convert';
import { guarded } from './guard';

/** Quiet time after the last keystroke before a document is analysed again. */
export const DIAGNOSTICS_DELAY_MS = 150;
/** Binary junk can yield a problem per line; more than this helps nobody and floods the editor. */
export const MAX_DIAGNOSTICS = 1000;

/** Debounced validation per document: only the latest text is analysed and published. */
export function registerDiagnostics(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache,
  delay: () => number = () => DIAGNOSTICS_DELAY_MS,
): void {
  const timers = new Map<string, NodeJS.Timeout>();

  const publish = (uri: string) => {
    timers.delete(uri);
    const document = documents.get(uri);
    if (!document) return;
    const entry = analyses.get(document);
    if (!entry) return;
    const diagnostics = entry.analysis.problems.slice(0, MAX_DIAGNOSTICS).map(toDiagnostic);
    void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
  };

  const schedule = (uri: string, delay: number) => {
    clearTimeout(timers.get(uri));
    timers.set(uri, setTimeout(() => void guarded(connection, `diagnostics of ${uri}`, () => publish(uri)), delay));
  };

  // Opening shows problems at once; typing waits for a pause.
  documents.onDidOpen((e) => schedule(e.document.uri, 0));
  documents.onDidChangeContent((e) => {
    if (e.document.version > 1 || timers.has(e.document.uri)) schedule(e.document.uri, delay());
  });
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    analyses.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });
}
