/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  api, closeEditorsDiscarding, diagnosticLines, eventually, fixture, fixtureText, hoverMarkdown, hoversAt, hoverText,
  quickFixes,
} from './vscodeHelpers';

describe('Mahjong decks in VS Code', () => {
  before(async () => {
    await api();
  });

  // A test that fails halfway leaves its deck edited: reverted, so the next test starts clean.
  afterEach(() => closeEditorsDiscarding());

  it('recognises .mjdeck files', async () => {
    const document = await vscode.workspace.openTextDocument(fixture('sample.mjdeck'));
    assert.equal(document.languageId, 'mjdeck');
  });

  it('shows every problem of a broken deck at its place', async () => {
    const uri = fixture('broken.mjdeck');
    await vscode.window.showTextDocument(uri);
    const lines = await eventually('diagnostics', () => {
      const d = diagnosticLines(uri);
      return d.length > 0 ? d : undefined;
    });
    assert.deepEqual(lines, [
      "2:0-2:2 Error unknown-tile deck-sim: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?",
      "4:0-4:2 Warning lowercase-tile deck-sim: Tile names are uppercase: '3p' is read as 3P.",
      '148:0-148:0 Error missing-tiles deck-sim: Missing: E ×1.',
    ]);
  });

  it('a quick fix replaces the unknown tile', async () => {
    const uri = fixture('broken.mjdeck');
    const editor = await vscode.window.showTextDocument(uri);
    await eventually('diagnostics', () => (vscode.languages.getDiagnostics(uri).length > 0 ? true : undefined));
    const actions = await quickFixes(uri, new vscode.Range(2, 0, 2, 2));
    assert.deepEqual(actions.map((a) => a.title), ['Change to 5M', 'Change to 5P', 'Change to 5S']);
    assert.ok(await vscode.workspace.applyEdit(actions[1].edit!));
    assert.equal(editor.document.lineAt(2).text, '5P');
  });

  it('hovers say who gets a tile and what becomes of it', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(uri);
    const hovers = await hoversAt(uri, new vscode.Position(53, 0));
    assert.equal(hoverText(hovers), '**Z** — Red Dragon · tile 54 of 148\n\n'
      + '- drawn by C on turn 2 · transcript line 55\n- discarded by C · transcript line 58\n'
      + "- ponged by A from C's discard · transcript line 59\n\n"
      + "C's hand then: `3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N Z` · no melds · winning distance 4\n\n"
      + '**Why C discarded it** · transcript line 58: every choice leaves distance 4 or 5; '
      + '5P, 6P, 6S, E, N and Z leave 4; '
      + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).\n\n'
      + '| discard | 3M | 4M | 5M | 7M | 9M | 5P | 6P | 3S | 6S | E | N | **Z** |\n'
      + '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
      + '| distance left | 5 | 5 | 5 | 5 | 5 | 4 | 4 | 5 | 4 | 4 | 4 | **4** |\n\n'
      + "Then the rules checked:\n- A's pong Z Z Z: distance 3 → 2, taken");
  });

  it('Simulate Deck writes the header and the judge transcript to the Output channel', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(uri);
    const expected = await fixtureText('sample.transcript');
    await vscode.commands.executeCommand('deckSim.simulate');
    const header = `sample.mjdeck: A wins by RON after ${expected.split('\n').length - 1} events`;
    assert.equal((await api()).outputText(), `${header}\n${expected}`);
  });

  it('saving simulates the deck', async () => {
    const extension = await api();
    // Another deck's transcript first, so the one saving writes is seen to arrive.
    await vscode.window.showTextDocument(fixture('sample.cirnodeck'));
    await vscode.commands.executeCommand('deckSim.simulate');
    const editor = await vscode.window.showTextDocument(fixture('sample.mjdeck'));
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '# saved\n'));
    await editor.document.save();
    const expected = await fixtureText('sample.transcript');
    const text = await eventually('the transcript after saving', () => {
      const output = extension.outputText();
      return output.startsWith('sample.mjdeck') ? output : undefined;
    });
    assert.equal(text.slice(text.indexOf('\n') + 1), expected);
    // Leave the fixture as it was.
    await editor.edit((e) => e.delete(new vscode.Range(0, 0, 1, 0)));
    await editor.document.save();
  });

  it('hover pictures can be turned off', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.window.showTextDocument(uri);
    const at = new vscode.Position(53, 0);
    const withPictures = hoverMarkdown(await hoversAt(uri, at));
    assert.match(withPictures, /^!\[Z\]\(data:image\/svg\+xml;base64,/);
    const settings = vscode.workspace.getConfiguration('deckSim');
    await settings.update('hover.pictures', false, vscode.ConfigurationTarget.Global);
    try {
      // The server hears of the change through didChangeConfiguration: ask until it has.
      let markdown = '';
      for (let i = 0; i < 50; i++) {
        markdown = hoverMarkdown(await hoversAt(uri, at));
        if (!markdown.includes('data:image')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(markdown.startsWith('**Z** — Red Dragon'), true, markdown.slice(0, 80));
    } finally {
      await settings.update('hover.pictures', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});

describe('activation', () => {
  it('starts the language server: once `ready` settles it runs, and the status bar says nothing of it', async () => {
    assert.deepEqual((await api()).server(), { state: 'running', statusBar: '', notice: undefined });
  });
});
