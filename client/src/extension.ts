/** The desktop (Node) entry: runs the language server as a Node process, and adds the solution judge. */
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateWithClient, clientOptions, type ExtensionApi } from './activate';
import { registerJudge } from './judge/registerJudge';
import { ServerErrorHandler } from './serverStatus';

/** The desktop build's API for its tests. */
export interface DeckSimulatorApi extends ExtensionApi {
  /** The server process, which the integration suite kills to see the client's answer. */
  serverPid(): number | undefined;
}

let client: LanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): DeckSimulatorApi {
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
  return { ...api, serverPid: () => started.serverProcess?.pid };
}

export async function deactivate(): Promise<void> {
  await client?.stop().catch(() => undefined); // a server that never came up has nothing to stop
  client = undefined;
}
