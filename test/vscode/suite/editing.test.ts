/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, closeEditorsDiscarding, fixture } from './vscodeHelpers';

const where = (r: vscode.Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

/** Runs Format Document as VS Code does (the edits applied); returns how many edits there were. */
async function formatDocument(document: vscode.TextDocument): Promise<number> {
  const edits = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>(
    'vscode.executeFormatDocumentProvider', document.uri, { tabSize: 2, insertSpaces: true }) ?? [];
  if (edits.length === 0) return 0;
  const edit = new vscode.WorkspaceEdit();
  edit.set(document.uri, edits);
  assert.ok(await vscode.workspace.applyEdit(edit));
  return edits.length;
}

async function untitled(language: string, content: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument({ language, content });
}

describe('Format Document and rename', () => {
  before(async () => {
    await api();
  });

  // Each test's untitled deck gone before the next opens one (which may get the same Untitled-N name).
  afterEach(() => closeEditorsDiscarding());

  it('formats a Mahjong deck: tiles uppercase, spaces trimmed, comments kept; twice changes nothing', async () => {
    const document = await untitled('mjdeck', '# the top  \n8m  \n Z   # red dragon   \n\t5p\nDOUBLE\n');
    assert.ok(await formatDocument(document) > 0);
    assert.equal(document.getText(), '# the top\n8M\nZ # red dragon\n5P\nDOUBLE\n');
    assert.equal(await formatDocument(document), 0);
  });

  it('formats a ⑨ deck: the header on one line, players in columns, the pile 20 cards a line', async () => {
    const pile = 'A9 B9 C2 PASS PASS A9 A1 A99 A99 A99 a99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99';
    const document = await untitled('cirnodeck',
      `3   2 25  \nCirno A9 A19 B1\nReimu TURN a9 C2\nMarisa DOUBLE D2 D2\n${pile}\n`);
    await formatDocument(document);
    const cards = pile.toUpperCase().split(' ');
    assert.equal(document.getText(), [
      '3 2 25',
      'Cirno  A9     A19 B1',
      'Reimu  TURN   A9  C2',
      'Marisa DOUBLE D2  D2',
      cards.slice(0, 20).join(' '),
      cards.slice(20).join(' '),
      '',
    ].join('\n'));
    assert.equal(await formatDocument(document), 0);
  });

  it('formats a selection: only the selected lines of a Mahjong deck change', async () => {
    const document = await untitled('mjdeck', '8m  \nz\n5p # five  \ne\n');
    assert.equal(document.getText(), '8m  \nz\n5p # five  \ne\n', 'the new document, not an earlier one');
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>(
      'vscode.executeFormatRangeProvider', document.uri, new vscode.Range(1, 0, 2, 3),
      { tabSize: 2, insertSpaces: true }) ?? [];
    const edit = new vscode.WorkspaceEdit();
    edit.set(document.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(document.getText(), '8m  \nZ\n5P # five\ne\n');
  });

  it('renames a ⑨ player where the name stands, and says why a clash or a bad name is refused', async () => {
    const uri = fixture('sample.cirnodeck');
    await vscode.workspace.openTextDocument(uri);
    const reimu = new vscode.Position(2, 2);
    const target = await vscode.commands.executeCommand<{ range: vscode.Range; placeholder: string }>(
      'vscode.prepareRename', uri, reimu);
    assert.deepEqual([where(target.range), target.placeholder], ['2:0-2:5', 'Reimu']);
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
      'vscode.executeDocumentRenameProvider', uri, reimu, 'Sakuya');
    assert.deepEqual(edit.entries().map(([u, edits]) => [u.toString(), edits.map((e) => [where(e.range), e.newText])]),
      [[uri.toString(), [['2:0-2:5', 'Sakuya']]]]);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', uri, reimu, 'Cirno')),
      /"Cirno" is already the name of the player on line 2\./);
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', uri, reimu, 'Two words')),
      /A player name is one word: "Two words" holds white space\./);
    // A pile card has no name to rename.
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand('vscode.prepareRename', uri, new vscode.Position(4, 0))));
  });
});
