/** The VS Code side: starts the language server and wires commands and the Output channel. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import {
  SIMULATED_NOTIFICATION, SIMULATE_REQUEST, type SimulateParams, type SimulationReport,
} from '../../server/src/lsp/protocol';
import { DECK_LANGUAGES, deckForCommand } from './deckDocuments';
import { featureMiddleware } from './featureSettings';
import { registerNewDeckCommands } from './newDeck';
import { registerReplay } from './replay/replayPanel';
import { registerSelectionStatus } from './selectionStatus';


/** What the extension hands to its tests: the Output channel's text, which VS Code cannot read back. */
export interface DeckSimulatorApi {
  outputText(): string;
  /** How long activate() took: reported by the e2e run. */
  activationMs: number;
  /** Settles once the language server has started (activation does not wait for it). */
  ready: Promise<void>;
}

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): DeckSimulatorApi {
  const started = Date.now();
  const output = vscode.window.createOutputChannel('Deck Simulator');
  let outputText = '';
  const show = (report: SimulationReport) => {
    outputText = report.header + '\n' + (report.transcript ?? '');
    output.replace(outputText);
    output.show(true);
  };

  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DECK_LANGUAGES.map((language) => ({ language })),
    synchronize: { configurationSection: 'deckSim' },
    middleware: featureMiddleware,
  };
  client = new LanguageClient('deckSim', 'Deck Simulator Language Server', serverOptions, clientOptions);
  context.subscriptions.push(
    output,
    client.onNotification(SIMULATED_NOTIFICATION, (report: SimulationReport) => show(report)),
    // The code lens passes the document's URI as a string.
    vscode.commands.registerCommand('deckSim.simulate', async (uri?: vscode.Uri | string) => {
      const document = await deckForCommand(uri, 'simulate');
      if (!document || !client) return undefined;
      const params: SimulateParams = { uri: client.code2ProtocolConverter.asUri(document.uri) };
      const report = await client.sendRequest<SimulationReport | null>(SIMULATE_REQUEST, params);
      if (report) show(report);
      return report ?? undefined;
    }),
    vscode.commands.registerCommand('deckSim.showOutput', () => output.show()),
    ...registerNewDeckCommands(client),
    ...registerSelectionStatus(client),
  );
  registerReplay(context, client);
  // VS Code need not wait for the server: requests sent meanwhile wait for it themselves.
  const ready = client.start().catch((error: unknown) => {
    output.appendLine(`The Deck Simulator language server could not start: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  });
  return { outputText: () => outputText, activationMs: Date.now() - started, ready };
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
