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

/**
 * The quick fixes VS Code offers in a range, once it offers any. VS Code cancels a code action
 * request when the document or the set of code action providers changes while it runs (an
 * extension activating, early in a run) and then answers none: an empty answer is asked again.
 */
export function quickFixes(uri: vscode.Uri, range: vscode.Range, ms = 15_000): Promise<vscode.CodeAction[]> {
  return eventually('a quick fix', async () => {
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value);
    return actions.length > 0 ? actions : undefined;
  }, ms);
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

/**
 * Closes every editor, reverting each dirty document first (an untitled deck is dirty: closing it
 * would ask), and returns once the extension host says so: each reverted untitled document
 * closed, each file's document back to its saved text, no editor left in the editor area. Each
 * step waits for its state, under one limit for all. A closed untitled document's name
 * (Untitled-N) goes to the next one VS Code opens, so a test that started before the extension
 * host dropped the old document could be handed the old text.
 */
export async function closeEditorsDiscarding(ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  const left = () => Math.max(0, deadline - Date.now());
  const dirty = vscode.workspace.textDocuments.filter((d) => d.isDirty && !d.isClosed);
  for (const document of dirty) {
    await vscode.window.showTextDocument(document);
    // The command reverts the active editor: make sure it is this document's, not an earlier one's.
    await eventually(`${document.uri.toString()} in the active editor`,
      () => (vscode.window.activeTextEditor?.document === document ? true : undefined), left());
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  const open = () => [
    // A file's document may stay open in the extension host after its editor closed: reverted is enough.
    ...dirty.filter((d) => !d.isClosed && (d.isUntitled || d.isDirty)).map((d) => `${d.uri.toString()} still open`),
    // The Output panel's editors have no column: they are not the editor area's.
    ...vscode.window.visibleTextEditors.filter((e) => e.viewColumn !== undefined)
      .map((e) => `an editor of ${e.document.uri.toString()}`),
  ];
  await eventually('the reverted documents closed or saved as they were, and no editor visible',
    () => (open().length === 0 ? true : undefined), left()).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${open().join(', ')}`);
  });
}
