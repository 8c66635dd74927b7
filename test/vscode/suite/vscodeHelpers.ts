/// <reference types="mocha" />
import * as vscode from 'vscode';
import type { DeckSimulatorApi } from '../../../client/src/node/extension';
import { stripPictures } from '../../markdown';

export const EXTENSION_ID = 'deck-simulator.deck-simulator';

export function fixture(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the suite runs with test/vscode/fixtures (or a copy) as its workspace folder');
  return vscode.Uri.joinPath(folder.uri, name);
}

export async function fixtureText(name: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(fixture(name)));
}

export async function api(): Promise<DeckSimulatorApi> {
  const extension = vscode.extensions.getExtension<DeckSimulatorApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not installed`);
  const deckApi = await extension.activate();
  await deckApi.ready;
  return deckApi;
}

/** Polls until `value()` is defined: VS Code reports diagnostics and activation asynchronously. */
export async function eventually<T>(
  what: string, value: () => T | undefined | Promise<T | undefined>, ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await value();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function diagnosticLines(uri: vscode.Uri): string[] {
  return vscode.languages.getDiagnostics(uri).map((d) => {
    const { start, end } = d.range;
    const where = `${start.line}:${start.character}-${end.line}:${end.character}`;
    return `${where} ${vscode.DiagnosticSeverity[d.severity]} ${String(d.code)} ${d.source}: ${d.message}`;
  });
}

/** The hovers VS Code shows at a position. */
export function hoversAt(uri: vscode.Uri, position: vscode.Position): Thenable<vscode.Hover[]> {
  return vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
}

/** The inlay hints VS Code shows in a range. */
export function inlayHints(uri: vscode.Uri, range: vscode.Range): Thenable<vscode.InlayHint[]> {
  return vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', uri, range);
}

/** The Markdown of hovers, as VS Code received it. */
export function hoverMarkdown(hovers: vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n---\n');
}

/** The words of hovers, without their pictures (checked on their own). */
export function hoverText(hovers: vscode.Hover[]): string {
  return stripPictures(hoverMarkdown(hovers));
}
