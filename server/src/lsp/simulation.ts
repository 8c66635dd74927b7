import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { transcriptOf } from '../core/deck';
import { deckOutcome } from '../features/summary';
import type { AnalysisCache } from './analyses';
import { guarded } from './guard';
import type { SettingsCache } from './settings';
import {
  SIMULATED_NOTIFICATION, SIMULATE_REQUEST, type SimulateParams, type SimulationReport,
} from './protocol';

function fileName(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
}

function simulationReport(uri: string, analyses: AnalysisCache): SimulationReport | undefined {
  const entry = analyses.forUri(uri);
  if (!entry) return undefined;
  return {
    uri,
    header: `${fileName(uri)}: ${deckOutcome(entry.analysis)}`,
    transcript: transcriptOf(entry.analysis),
  };
}

/** Simulation on request (the command) and on save, when `deckSim.simulateOnSave` is on. */
export function registerSimulation(
  connection: Connection, documents: TextDocuments<TextDocument>, analyses: AnalysisCache, settings: SettingsCache,
): void {
  connection.onRequest(SIMULATE_REQUEST, ({ uri }: SimulateParams): SimulationReport | null => {
    return simulationReport(uri, analyses) ?? null;
  });

  documents.onDidSave(({ document }) => guarded(connection, `simulating ${document.uri} on save`, async () => {
    if (!(await settings.get()).simulateOnSave) return;
    const report = simulationReport(document.uri, analyses);
    if (report) await connection.sendNotification(SIMULATED_NOTIFICATION, report);
  }));
}
