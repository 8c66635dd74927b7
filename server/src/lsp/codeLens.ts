import type { CodeLens, Connection } from 'vscode-languageserver';
import { COMMANDS } from '../protocol/commands';
import type { AnalysisCache } from './analyses';
import { CodeLensRequest } from './lspValues';
import { object, onCheckedRequest, textDocument } from './params';
import type { SettingsCache } from './settings';

const codeLensParams = object({ textDocument });

/** One lens on the first line: the outcome; clicking it runs Simulate Deck (a client command). */
export function registerCodeLens(connection: Connection, analyses: AnalysisCache, settings: SettingsCache): void {
  onCheckedRequest(connection, CodeLensRequest.type, codeLensParams, async (params): Promise<CodeLens[]> => {
    if (!(await settings.get())['codeLens.enabled']) return [];
    const { uri } = params.textDocument;
    const entry = analyses.forUri(uri);
    if (!entry) return [];
    return [{
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      command: { title: entry.deck.lensTitle(), command: COMMANDS.simulate, arguments: [uri] },
    }];
  });
}
