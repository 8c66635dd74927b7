/**
 * What the extension does with its language client, whatever runs the server: the Output
 * channel, the commands, the status bar items and the replay. Nothing here needs Node: the
 * desktop entry (node/extension.ts) and the browser entry (browser/extension.ts) share it and
 * differ only in how they make the client.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { COMMANDS } from '../../server/src/protocol/commands';
import { SimulateRequest, SimulatedNotification, type SimulationReport } from '../../server/src/protocol/requests';
import type { InitializationOptions } from '../../server/src/protocol/initialization';
import { SETTINGS_SECTION } from '../../server/src/protocol/settings';
import { DECK_LANGUAGES, deckForCommand } from './deckDocuments';
import { errorText } from './errorText';
import { registerNewDeckCommand } from './newDeck';
import { registerReplay } from './replay/replayPanel';
import { registerSample } from './sample';
import { registerSelectionStatus } from './selectionStatus';
import { registerTestSets } from './testSets/registerTestSets';
import type { ReferenceAuditor } from './testSets/referenceRun';
import { ServerErrorHandler, registerServerStatus, type ServerStatus } from './serverStatus';
import { onNotification, sendRequest } from './requests';

/** What the extension hands to its tests in any build: what VS Code cannot read back. */
export interface ExtensionApi {
  /** The Output channel's text. */
  outputText(): string;
  /** Settles once the language server has started (activation does not wait for it). */
  ready: Promise<void>;
  /** The language server's state, the status bar's word on it, and the last notice given. */
  server(): ServerStatus;
}

/**
 * Options for any build's client: the server hears `deckSim.*` changes and owns its settings;
 * VS Code draws `data:` images in hovers, so it asks for pictures.
 */
function clientOptions(errorHandler: ServerErrorHandler): LanguageClientOptions {
  const initializationOptions: InitializationOptions = { pictures: true };
  return {
    documentSelector: DECK_LANGUAGES.map((language) => ({ language })),
    synchronize: { configurationSection: SETTINGS_SECTION },
    initializationOptions,
    errorHandler,
  };
}

/** Makes one build's language client from the shared options: only how the server runs differs. */
export type ClientFactory<C extends BaseLanguageClient> =
  (id: string, name: string, options: LanguageClientOptions) => C;

let running: BaseLanguageClient | undefined;

/** `auditor`: the reference's mutants for Audit Test Set, which only the desktop build can run. */
export function activateWithClient<C extends BaseLanguageClient>(
  context: vscode.ExtensionContext, createClient: ClientFactory<C>, auditor?: ReferenceAuditor,
): { api: ExtensionApi; client: C } {
  const errorHandler = new ServerErrorHandler();
  const client = createClient('deckSim', 'Deck Simulator Language Server', clientOptions(errorHandler));
  running = client;
  const output = vscode.window.createOutputChannel('Deck Simulator');
  let outputText = '';
  const show = (report: SimulationReport) => {
    outputText = report.header + '\n' + (report.transcript ?? '');
    output.replace(outputText);
    output.show(true);
  };
  const serverStatus = registerServerStatus(client, errorHandler);
  context.subscriptions.push(
    output,
    ...serverStatus.disposables,
    onNotification(client, SimulatedNotification, show),
    // The code lens passes the document's URI as a string.
    vscode.commands.registerCommand(COMMANDS.simulate, async (uri?: vscode.Uri | string) => {
      const document = await deckForCommand(uri, 'simulate');
      if (!document) return undefined;
      const textDocument = client.code2ProtocolConverter.asTextDocumentIdentifier(document);
      const report = await sendRequest(client, SimulateRequest, { textDocument });
      if (report) show(report);
      return report ?? undefined;
    }),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show()),
    registerNewDeckCommand(client),
    ...registerSelectionStatus(client),
    registerSample(context.extensionUri),
  );
  registerReplay(context, client);
  registerTestSets(context, client, auditor);
  // VS Code need not wait for the server: requests sent meanwhile wait for it themselves.
  const ready = client.start().catch((error: unknown) => {
    output.appendLine(`The Deck Simulator language server could not start: ${errorText(error)}`);
    throw error;
  });
  return { api: { outputText: () => outputText, ready, server: serverStatus.status }, client };
}

/** Both entries' `deactivate`. */
export async function stopClient(): Promise<void> {
  await running?.stop().catch(() => undefined); // a server that never came up has nothing to stop
  running = undefined;
}
