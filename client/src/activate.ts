/**
 * What the extension does once it has a language client, whatever runs the server: the
 * Output channel, the commands, the status bar items and the replay. Nothing here needs
 * Node, so a browser entry can share it; the Node entry is extension.ts.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { COMMANDS } from '../../server/src/protocol/commands';
import { SimulateRequest, SimulatedNotification, type SimulationReport } from '../../server/src/protocol/requests';
import { SETTINGS_SECTION } from '../../server/src/protocol/settings';
import { DECK_LANGUAGES, deckForCommand } from './deckDocuments';
import { errorText } from './errorText';
import { registerNewDeckCommands } from './newDeck';
import { registerReplay } from './replay/replayPanel';
import { registerSample } from './sample';
import { registerSelectionStatus } from './selectionStatus';
import { registerServerStatus, type ServerErrorHandler, type ServerStatus } from './serverStatus';

/** What the extension hands to its tests in any build: what VS Code cannot read back. */
export interface ExtensionApi {
  /** The Output channel's text. */
  outputText(): string;
  /** Settles once the language server has started (activation does not wait for it). */
  ready: Promise<void>;
  /** The language server's state, the status bar's word on it, and the last notice given. */
  server(): ServerStatus;
}

/** Options for any build's client: the server hears `deckSim.*` changes and owns its settings. */
export function clientOptions(errorHandler: ServerErrorHandler): LanguageClientOptions {
  return {
    documentSelector: DECK_LANGUAGES.map((language) => ({ language })),
    synchronize: { configurationSection: SETTINGS_SECTION },
    errorHandler,
  };
}

export function activateWithClient(
  context: vscode.ExtensionContext, client: BaseLanguageClient, errorHandler: ServerErrorHandler,
): ExtensionApi {
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
    client.onNotification(SimulatedNotification, show),
    // The code lens passes the document's URI as a string.
    vscode.commands.registerCommand(COMMANDS.simulate, async (uri?: vscode.Uri | string) => {
      const document = await deckForCommand(uri, 'simulate');
      if (!document) return undefined;
      const textDocument = client.code2ProtocolConverter.asTextDocumentIdentifier(document);
      const report = await client.sendRequest(SimulateRequest, { textDocument });
      if (report) show(report);
      return report ?? undefined;
    }),
    vscode.commands.registerCommand(COMMANDS.showOutput, () => output.show()),
    ...registerNewDeckCommands(client),
    ...registerSelectionStatus(client),
    registerSample(context.extensionUri),
  );
  registerReplay(context, client);
  // VS Code need not wait for the server: requests sent meanwhile wait for it themselves.
  const ready = client.start().catch((error: unknown) => {
    output.appendLine(`The Deck Simulator language server could not start: ${errorText(error)}`);
    throw error;
  });
  return { outputText: () => outputText, ready, server: serverStatus.status };
}
