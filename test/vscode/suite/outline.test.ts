/// <reference types="mocha" />
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, fixture } from './vscodeHelpers';

const where = (r: vscode.Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;

/** Symbols as lines (`Kind name | detail | range | selection`), children indented, at most `shown` each. */
function outline(symbols: readonly vscode.DocumentSymbol[], shown = 2, depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${vscode.SymbolKind[s.kind]} ${s.name} | ${s.detail} | ${where(s.range)} | `
      + where(s.selectionRange),
    ...outline(s.children.slice(0, shown), shown, depth + 1),
  ]);
}

/** The outline VS Code shows (it also drives breadcrumbs and Go to Symbol), once the server answers. */
async function symbols(uri: vscode.Uri): Promise<vscode.DocumentSymbol[]> {
  await vscode.workspace.openTextDocument(uri);
  return await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri)
    ?? [];
}

async function folds(uri: vscode.Uri): Promise<[number, number, vscode.FoldingRangeKind | undefined][]> {
  await vscode.workspace.openTextDocument(uri);
  const found = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
  return found.map((f) => [f.start, f.end, f.kind]);
}

describe('the outline, folding, highlights and references', () => {
  before(async () => {
    await api();
  });

  it('outlines a Mahjong deck: the deal per player, the wall per turn, the tiles never drawn', async () => {
    const found = await symbols(fixture('sample.mjdeck'));
    assert.deepEqual(outline(found), [
      'Namespace Deal | 52 tiles | 0:0-51:2 | 0:0-0:0',
      '  Object A | starting hand | 0:0-48:2 | 0:0-0:0',
      '    EnumMember 8M | tile 1 | 0:0-0:2 | 0:0-0:2',
      '    EnumMember 3P | tile 5 | 4:0-4:2 | 4:0-4:2',
      '  Object B | starting hand | 1:0-49:2 | 1:0-1:0',
      '    EnumMember Z | tile 2 | 1:0-1:1 | 1:0-1:1',
      '    EnumMember 9S | tile 6 | 5:0-5:2 | 5:0-5:2',
      'Namespace Wall | 11 drawn | 52:0-62:2 | 52:0-52:0',
      '  Event Turn 1 · A draws N | tile 53 | 52:0-52:1 | 52:0-52:1',
      '  Event Turn 2 · C draws Z | tile 54 | 53:0-53:1 | 53:0-53:1',
      'Namespace Never drawn | 85 tiles | 63:0-147:1 | 63:0-63:0',
      '  EnumMember PASS | tile 64 | 63:0-63:4 | 63:0-63:4',
      '  EnumMember 4P | tile 65 | 64:0-64:2 | 64:0-64:2',
    ]);
    const [deal, wall] = found;
    assert.deepEqual(deal.children.map((hand) => [hand.name, hand.children.length]), [
      ['A', 13], ['B', 13], ['C', 13], ['D', 13],
    ]);
    assert.equal(wall.children.at(-1)?.name, 'Turn 9 · B draws 1S');
  });

  it('outlines a ⑨ deck: the header, the players, the pile per round', async () => {
    assert.deepEqual(outline(await symbols(fixture('sample.cirnodeck')), 3), [
      'Constant Header | 3 players · 2 rounds · 25 cards | 0:0-0:6 | 0:0-0:6',
      'Namespace Players | 3 of 3 | 1:0-3:19 | 1:0-1:0',
      '  Object Cirno | A9 A19 B1 | 1:0-1:15 | 1:0-1:5',
      '  Object Reimu | TURN A9 C2 | 2:0-2:16 | 2:0-2:5',
      '  Object Marisa | DOUBLE D2 D2 | 3:0-3:19 | 3:0-3:6',
      'Namespace Pile | 25 cards | 4:0-4:96 | 4:0-4:0',
      '  Array Round 1 | pile cards 1–19 | 4:0-4:72 | 4:0-4:0',
      '  Array Round 2 | pile cards 20–23 | 4:73-4:88 | 4:73-4:73',
      '  Array Never drawn | pile cards 24–25 | 4:89-4:96 | 4:89-4:89',
    ]);
  });

  it('folds the sections of a Mahjong deck (never a hand: its tiles are every fourth line), ⑨ players', async () => {
    assert.deepEqual(await folds(fixture('sample.mjdeck')), [
      [0, 51, undefined], [52, 62, undefined], [63, 147, undefined],
    ]);
    assert.deepEqual(await folds(fixture('sample.cirnodeck')), [[1, 3, undefined]]);
  });

  it('highlights the copies of a tile, and finds them as references', async () => {
    const uri = fixture('sample.mjdeck');
    await vscode.workspace.openTextDocument(uri);
    const at = new vscode.Position(53, 0); // tile 54, Z
    const highlights = await vscode.commands.executeCommand<vscode.DocumentHighlight[]>(
      'vscode.executeDocumentHighlights', uri, at);
    assert.deepEqual(highlights.map((h) => [where(h.range), h.kind]), [
      ['1:0-1:1', vscode.DocumentHighlightKind.Text], ['12:0-12:1', vscode.DocumentHighlightKind.Text],
      ['32:0-32:1', vscode.DocumentHighlightKind.Text], ['53:0-53:1', vscode.DocumentHighlightKind.Text],
    ]);
    const references = await vscode.commands.executeCommand<vscode.Location[]>(
      'vscode.executeReferenceProvider', uri, at);
    assert.deepEqual(references.map((l) => [l.uri.toString(), where(l.range)]),
      ['1:0-1:1', '12:0-12:1', '32:0-32:1', '53:0-53:1'].map((range) => [uri.toString(), range]));
  });

  it('highlights what a ⑨ pile card\'s drawer draws in that round', async () => {
    const uri = fixture('sample.cirnodeck');
    await vscode.workspace.openTextDocument(uri);
    const highlights = await vscode.commands.executeCommand<vscode.DocumentHighlight[]>(
      'vscode.executeDocumentHighlights', uri, new vscode.Position(4, 0));
    assert.deepEqual(highlights.map((h) => where(h.range)),
      ['4:0-4:2', '4:9-4:13', '4:22-4:24', '4:33-4:36', '4:45-4:48', '4:53-4:56']);
  });
});
