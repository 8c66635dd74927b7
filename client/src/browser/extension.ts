/**
 * The browser entry (package.json `browser`, dist/browser/client.js), for vscode.dev, github.dev
 * and any web worker extension host: the language server runs in a web worker. Everything but
 * running a solution, which needs Node, is shared with the desktop entry through activate.ts.
 */
import * as vscode from 'vscode';
import {
  BrowserMessageReader, BrowserMessageWriter, LanguageClient, type MessageTransports,
} from 'vscode-languageclient/browser';
import { activateWithClient, stopClient, type ExtensionApi } from '../activate';
import { startServerWorker } from './serverWorker';

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
  let worker: Worker | undefined;
  context.subscriptions.push({ dispose: () => worker?.terminate() });
  // A new worker for each start, so that Restart Server starts a fresh server. The transports
  // are made here: the client's own `instanceof Worker` test fails on the workers that VS Code's
  // extension host makes (its Worker is a wrapper).
  const serverOptions = async (): Promise<MessageTransports> => {
    worker?.terminate();
    worker = await startServerWorker(script);
    return { reader: new BrowserMessageReader(worker), writer: new BrowserMessageWriter(worker) };
  };
  return activateWithClient(context, (id, name, options) => new LanguageClient(id, name, serverOptions, options)).api;
}

export const deactivate = stopClient;
