import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { outcomeLensTitle } from '../features/codeLens';
import type { AnalysisCache } from './analyses';

/** One lens on the first line: the outcome; clicking it runs Simulate Deck (a client command). */
export const SIMULATE_COMMAND = 'deckSim.simulate';

export function registerCodeLens(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache,
): void {
  connection.onCodeLens(({ textDocument }) => {
    const document = documents.get(textDocument.uri);
    const entry = document && analyses.get(document);
    if (!entry) return [];
    return [{
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      command: { title: outcomeLensTitle(entry.analysis), command: SIMULATE_COMMAND, arguments: [textDocument.uri] },
    }];
  });
}
