/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, fixture, inlayHints } from './vscodeHelpers';

function label(hint: vscode.InlayHint): string {
  return typeof hint.label === 'string' ? hint.label : hint.label.map((part) => part.value).join('');
}

describe('completion, inlay hints, code lens, new decks and selection figures', () => {
  before(async () => {
    await api();
  });

  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('completion offers the missing tile with how many are left', async () => {
    const editor = await vscode.window.showTextDocument(fixture('broken.mjdeck'));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(2, 0));
    const items = list.items.map((i) => `${typeof i.label === 'string' ? i.label : i.label.label} ${i.detail}`);
    assert.deepEqual(items, ['E 1 left']);
  });

  it('inlay hints say who gets each tile', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(uri);
    const hints = await inlayHints(uri, new vscode.Range(0, 0, 4, 0));
    assert.deepEqual(hints.map(label), [' → A (deal)', ' → B (deal)', ' → C (deal)', ' → D (deal)']);
  });

  it('inlay hints can be turned off', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(uri);
    const settings = vscode.workspace.getConfiguration('deckSim');
    await settings.update('inlayHints.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const hints = await inlayHints(uri, new vscode.Range(0, 0, 4, 0));
      assert.deepEqual(hints.map(label), []);
    } finally {
      await settings.update('inlayHints.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('the code lens shows the outcome and runs Simulate Deck', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.equal(lenses.length, 1);
    assert.match(lenses[0].command!.title, /^A wins by RON · \d+ events · \d+ tiles drawn$/);
    assert.equal(lenses[0].command!.command, 'deckSim.simulate');
    await vscode.commands.executeCommand(lenses[0].command!.command, ...(lenses[0].command!.arguments ?? []));
    assert.match((await api()).outputText(), /^sample\.mjdeck: A wins by RON after \d+ events\nA IN 8M\n/);
  });

  it('New Shuffled Deck opens the same valid deck for the same seed', async () => {
    const first = await vscode.commands.executeCommand<vscode.TextDocument>('deckSim.newDeck', 'mahjong', 42);
    const second = await vscode.commands.executeCommand<vscode.TextDocument>('deckSim.newDeck', 'mahjong', 42);
    assert.equal(first.languageId, 'mjdeck');
    assert.equal(first.isUntitled, true);
    assert.equal(first.getText(), second.getText());
    assert.equal(first.lineCount, 150);
    const cirno = await vscode.commands.executeCommand<vscode.TextDocument>(
      'deckSim.newDeck', 'cirno', 7, { players: 4, rounds: 3, cards: 120 },
    );
    assert.equal(cirno.languageId, 'cirnodeck');
    assert.equal(cirno.lineAt(1).text, '4 3 120');
    // Untitled decks are dirty: revert them so closing asks nothing.
    for (const document of [first, second, cirno]) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('the status bar counts the selected tiles', async () => {
    const document = fixture('sample.mjdeck');
    const lines = new vscode.Selection(0, 0, 4, 0);
    let status: { text: string } | undefined;
    for (let i = 0; i < 100 && !status; i++) {
      // An editor an earlier test opened can come to the front late: select the lines in ours again.
      const active = vscode.window.activeTextEditor;
      if (active?.document.uri.toString() !== document.toString() || !active.selection.isEqual(lines)) {
        (await vscode.window.showTextDocument(document)).selection = lines;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await vscode.commands.executeCommand<{ text: string } | undefined>('deckSim.selectionStatus');
    }
    assert.equal(status?.text, '4 tiles · 8M×1 9P×1 E×1 Z×1');
  });
});
