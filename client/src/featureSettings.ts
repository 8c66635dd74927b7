/**
 * Each editor feature can be turned off in the settings. The server answers every LSP client
 * alike; VS Code's settings are applied here, between VS Code and the server.
 */
import * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';

function enabled(setting: string): boolean {
  return vscode.workspace.getConfiguration('deckSim').get<boolean>(setting, true);
}

export const featureMiddleware: Middleware = {
  provideCompletionItem: (document, position, context, token, next) =>
    enabled('completion.enabled') ? next(document, position, context, token) : [],
  provideInlayHints: (document, range, token, next) =>
    enabled('inlayHints.enabled') ? next(document, range, token) : [],
  provideCodeLenses: (document, token, next) =>
    enabled('codeLens.enabled') ? next(document, token) : [],
};
