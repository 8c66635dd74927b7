/** The desktop (Node) entry: runs the language server as a Node process, and adds the solution judge. */
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateWithClient, clientOptions, type DeckSimulatorApi } from './activate';
import { registerJudge } from './judge/registerJudge';
import { ServerErrorHandler } from './serverStatus';

export type { DeckSimulatorApi } from './activate';

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): DeckSimulatorApi & { serverPid(): number | undefined } {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] },
    },
  };
  const errorHandler = new ServerErrorHandler();
  const options = clientOptions(errorHandler);
  const started = new LanguageClient('deckSim', 'Deck Simulator Language Server', serverOptions, options);
  client = started;
  const api = activateWithClient(context, started, errorHandler);
  registerJudge(context, path.join(context.extensionPath, 'dist', 'cli.js'));
  // For the integration suite, which kills the server to see the client's answer.
  return { ...api, serverPid: () => started.serverProcess?.pid };
}

export async function deactivate(): Promise<void> {
  await client?.stop().catch(() => undefined); // a server that never came up has nothing to stop
  client = undefined;
}
