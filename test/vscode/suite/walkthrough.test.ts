/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulationReport } from '../../../server/src/protocol/requests';
import { EXTENSION_ID, api, fixtureText } from './vscodeHelpers';

async function bundledSample(): Promise<string> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
  const uri = vscode.Uri.joinPath(extension.extensionUri, 'examples', 'sample.mjdeck');
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** Read afresh each time (a narrowed `vscode.window.activeTextEditor` would stay narrowed). */
function activeEditor(): vscode.TextEditor | undefined {
  return vscode.window.activeTextEditor;
}

/** The Getting Started walkthrough's steps, run as its links run them: with the walkthrough in front. */
describe('the Getting Started walkthrough', () => {
  before(async () => {
    await api();
  });

  afterEach(async () => {
    for (const document of vscode.workspace.textDocuments.filter((d) => d.isUntitled && d.languageId === 'mjdeck')) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Open Sample Deck opens the bundled sample untitled beside the walkthrough, on tile 54 (Z)', async () => {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
    assert.equal(activeEditor(), undefined, 'the walkthrough is in front');
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('deckSim.openSample');
    assert.equal(document.uri.scheme, 'untitled');
    assert.equal(document.languageId, 'mjdeck');
    assert.equal(document.getText(), await bundledSample());
    // The editor showing it (VS Code may tell the extension host it is the active one a moment later).
    const shown = () => vscode.window.visibleTextEditors.find((visible) => visible.document === document);
    const editor = shown();
    assert.equal(editor?.viewColumn, vscode.ViewColumn.Two, 'beside the walkthrough');
    // Two comment lines, then tile 54 on line 56 (0-based 55).
    assert.deepEqual([editor?.selection.active.line, document.lineAt(55).text], [55, 'Z']);
    // Again: the same document, not a second one; the hover step's link shows it with a hover.
    assert.equal(await vscode.commands.executeCommand('deckSim.openSample'), document);
    assert.equal(await vscode.commands.executeCommand('deckSim.openSample', 'hover'), document);
    assert.equal(shown()?.selection.active.line, 55);
  });

  it('Simulate Deck, clicked in the walkthrough, simulates the sample beside it', async () => {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#gettingStarted`, false);
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('deckSim.openSample');
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    const front = vscode.window.tabGroups.activeTabGroup;
    assert.deepEqual([front.viewColumn, front.activeTab?.input], [vscode.ViewColumn.One, undefined], 'the walkthrough');
    // With the walkthrough in front there may be no active text editor (when the workbench has told the
    // extension host): the command then takes the deck in view.
    const report = await vscode.commands.executeCommand<SimulationReport | undefined>('deckSim.simulate');
    assert.equal(report?.uri, document.uri.toString());
    // The sample is official case 01 with two comment lines: the same transcript.
    assert.equal(report?.transcript, await fixtureText('sample.transcript'));
  });
});
