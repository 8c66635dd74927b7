import type { Connection } from 'vscode-languageserver/node';
import { outcomeLensTitle } from '../features/codeLens';
import type { AnalysisCache } from './analyses';

/** One lens on the first line: the outcome; clicking it runs Simulate Deck (a client command). */
export const SIMULATE_COMMAND = 'deckSim.simulate';

export function registerCodeLens(
  connection: Connection, analyses: AnalysisCache,
): void {
  connection.onCodeLens(({ textDocument }) => {
    const entry = analyses.forUri(textDocument.uri);
    if (!entry) return [];
    return [{
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      command: { title: outcomeLensTitle(entry.analysis), command: SIMULATE_COMMAND, arguments: [textDocument.uri] },
    }];
  });
}
