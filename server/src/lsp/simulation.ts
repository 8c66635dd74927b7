import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fileName } from '../features/replay';
import { SimulateRequest, SimulatedNotification, type SimulationReport } from '../protocol/requests';
import type { AnalysisCache } from './analyses';
import { pause } from './cancellation';
import { guarded } from './guard';
import { object, onCheckedRequest, textDocument } from './params';
import type { SettingsCache } from './settings';

function simulationReport(uri: string, analyses: AnalysisCache): SimulationReport | undefined {
  const entry = analyses.forUri(uri);
  if (!entry) return undefined;
  return { uri, header: `${fileName(uri)}: ${entry.deck.outcome()}`, transcript: entry.deck.transcript() };
}

/** Simulation on request (the command) and on save, when `deckSim.simulateOnSave` is on. */
export function registerSimulation(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache, settings: SettingsCache,
): void {
  onCheckedRequest(connection, SimulateRequest, object({ textDocument }), async (params, token) => {
    await pause(token);
    const report: SimulationReport | null = simulationReport(params.textDocument.uri, analyses) ?? null;
    await pause(token);
    return report;
  });

  documents.onDidSave(({ document }) => guarded(connection, `simulating ${document.uri} on save`, async () => {
    if (!(await settings.get()).simulateOnSave) return;
    const report = simulationReport(document.uri, analyses);
    if (report) await connection.sendNotification(SimulatedNotification.method, report);
  }));
}
