/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  api, closeEditorsDiscarding, diagnosticLines, eventually, fixture, fixtureText, hoversAt, hoverText, quickFixes,
} from './vscodeHelpers';

describe('Cirno decks in VS Code', () => {
  before(async () => {
    await api();
  });

  // A test that fails halfway leaves its deck edited: reverted, so the next suite starts clean.
  afterEach(() => closeEditorsDiscarding());

  it('recognises .cirnodeck files and finds no problem in the sample', async () => {
    const uri = fixture('sample.cirnodeck');
    const editor = await vscode.window.showTextDocument(uri);
    assert.equal(editor.document.languageId, 'cirnodeck');
    // A lowercase card appears as a warning, then goes away with the quick fix.
    await editor.edit((e) => e.replace(new vscode.Range(4, 0, 4, 2), 'a9'));
    const lines = await eventually('the lowercase warning', () => {
      const d = diagnosticLines(uri);
      return d.length > 0 ? d : undefined;
    });
    assert.deepEqual(lines, ["4:0-4:2 Warning lowercase-card deck-sim: Card names are uppercase: 'a9' is read as A9."]);
    const actions = await quickFixes(uri, new vscode.Range(4, 0, 4, 0));
    assert.deepEqual(actions.map((a) => a.title), ['Change to A9']);
    assert.ok(await vscode.workspace.applyEdit(actions[0].edit!));
    assert.equal(editor.document.lineAt(4).text.slice(0, 3), 'A9 ');
    await eventually('no problems', () => (diagnosticLines(uri).length === 0 ? true : undefined));
  });

  it('hovers follow a pile card', async () => {
    const uri = fixture('sample.cirnodeck');
    await vscode.window.showTextDocument(uri);
    const hovers = await hoversAt(uri, new vscode.Position(4, 0));
    assert.equal(hoverText(hovers), '**A9** — adds 9 to p · pile card 1 of 25\n\n'
      + '**Why Cirno played it** · transcript line 8: at p = 74, the card giving the largest p that does not lose '
      + '(ties: C, A, B, D, E). Next: Reimu plays next.\n\n| card | PASS | A9 | B1 |\n| --- | ---: | ---: | ---: |\n'
      + '| p after | 74 | **83** | 73 |\n| loses | no | **no** | no |\n\n'
      + '- drawn by Cirno in round 1, turn 1\n'
      + '- played by Cirno in round 1, turn 7: p 74 → 83 · transcript line 8');
  });

  it('Simulate Deck prints the judge transcript', async () => {
    await vscode.window.showTextDocument(fixture('sample.cirnodeck'));
    await vscode.commands.executeCommand('deckSim.simulate');
    const expected = await fixtureText('sample-cirno.transcript');
    const header = 'sample.cirnodeck: 2 rounds played, 23 of 25 pile cards drawn';
    assert.equal((await api()).outputText(), `${header}\n${expected}`);
  });
});
