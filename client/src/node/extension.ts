/** The desktop (Node) entry: runs the language server as a Node process, and adds the solution judge. */
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateWithClient, stopClient, type ExtensionApi } from '../activate';
import { cliReferenceAuditor } from '../judge/referenceAuditor';
import { registerJudge } from '../judge/registerJudge';

/** The desktop build's API for its tests. */
export interface DeckSimulatorApi extends ExtensionApi {
  /** The server process, which the integration suite kills to see the client's answer. */
  serverPid(): number | undefined;
}

export function activate(context: vscode.ExtensionContext): DeckSimulatorApi {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6009', '--enable-source-maps'] },
    },
  };
  const cliPath = path.join(context.extensionPath, 'dist', 'cli.js');
  const { api, client } = activateWithClient(context, (id, name, options) =>
    new LanguageClient(id, name, serverOptions, options), cliReferenceAuditor(cliPath));
  registerJudge(context, cliPath);
  return { ...api, serverPid: () => client.serverProcess?.pid };
}

export const deactivate = stopClient;
