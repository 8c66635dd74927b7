import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { DocumentHighlight, DocumentSymbol, FoldingRange, Location } from 'vscode-languageserver-protocol';
import { conformanceCase, sharedSkip } from '../helpers';
import { LspSession } from './lspClient';

const sample2 = conformanceCase('cirno', 'sample-2');
const official = conformanceCase('mahjong', 'official-01');

describe('outline, folding, highlights and references over stdio', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
  });
  after(() => lsp.close());

  test('are announced', async () => {
    const session = new LspSession();
    try {
      const { capabilities } = await session.initialize() as { capabilities: Record<string, unknown> };
      assert.deepEqual(
        [capabilities.documentSymbolProvider, capabilities.foldingRangeProvider, capabilities.documentHighlightProvider,
          capabilities.referencesProvider],
        [{ label: 'Deck' }, true, true, true],
      );
    } finally {
      await session.close();
    }
  });

  test('a ⑨ deck: the outline as LSP symbols, and its folds', async () => {
    const uri = 'file:///decks/outline.cirnodeck';
    await lsp.open(uri, 'cirnodeck', `# one\n# two\n${sample2.input}`);
    const symbols = await lsp.connection.sendRequest('textDocument/documentSymbol',
      { textDocument: { uri } }) as DocumentSymbol[];
    assert.deepEqual(symbols.map((s) => [s.name, s.kind, s.children?.map((c) => [c.name, c.kind, c.detail])]), [
      ['Header', 14, undefined],
      ['Players', 3, [['Cirno', 19, 'A9 A19 B1'], ['Reimu', 19, 'TURN A9 C2'], ['Marisa', 19, 'DOUBLE D2 D2']]],
      ['Pile', 3, [['Round 1', 18, 'pile cards 1–19'], ['Round 2', 18, 'pile cards 20–23'],
        ['Never drawn', 18, 'pile cards 24–25']]],
    ]);
    const folds = await lsp.connection.sendRequest('textDocument/foldingRange',
      { textDocument: { uri } }) as FoldingRange[];
    assert.deepEqual(folds, [{ startLine: 0, endLine: 1, kind: 'comment' }, { startLine: 3, endLine: 5 }]);
  });

  test('a Mahjong deck: highlights and references of a tile kind', async () => {
    const uri = 'file:///decks/outline.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const position = { line: 53, character: 0 };
    const lines = [1, 12, 32, 53];
    const highlights = await lsp.connection.sendRequest('textDocument/documentHighlight', {
      textDocument: { uri }, position,
    }) as DocumentHighlight[];
    assert.deepEqual(highlights, lines.map((line) => ({
      range: { start: { line, character: 0 }, end: { line, character: 1 } }, kind: 1,
    })));
    const references = await lsp.connection.sendRequest('textDocument/references', {
      textDocument: { uri }, position, context: { includeDeclaration: true },
    }) as Location[];
    assert.deepEqual(references.map((r) => r.range.start.line), lines);
    assert.ok(references.every((r) => r.uri === uri));
  });
});

describe('rename over stdio', { skip: sharedSkip }, () => {
  test('prepareRename, rename, and a refused name with its reason', async () => {
    const lsp = new LspSession();
    try {
      const { capabilities } = await lsp.initialize() as { capabilities: Record<string, unknown> };
      assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
      const uri = 'file:///decks/rename.cirnodeck';
      await lsp.open(uri, 'cirnodeck', sample2.input);
      const position = { line: 2, character: 1 };
      const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 5 } };
      assert.deepEqual(await lsp.connection.sendRequest('textDocument/prepareRename',
        { textDocument: { uri }, position }),
        { range, placeholder: 'Reimu' });
      assert.equal(await lsp.connection.sendRequest('textDocument/prepareRename', {
        textDocument: { uri }, position: { line: 4, character: 0 },
      }), null);
      assert.deepEqual(await lsp.connection.sendRequest('textDocument/rename',
        { textDocument: { uri }, position, newName: 'Sakuya' }),
        { changes: { [uri]: [{ range, newText: 'Sakuya' }] } });
      await assert.rejects(
        lsp.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position, newName: 'Cirno' }),
        { code: -32803, message: '"Cirno" is already the name of the player on line 2.' },
      );
      // Issue 20, item 12: a name with an invisible character, and a 1 MB name.
      await assert.rejects(
        lsp.connection.sendRequest('textDocument/rename', { textDocument: { uri }, position, newName: 'Sa\u202Ekuya' }),
        { code: -32803, message: 'A player name cannot hold \\u202E, a character no one can see: "Sa\\u202Ekuya".' },
      );
      await assert.rejects(
        lsp.connection.sendRequest('textDocument/rename',
          { textDocument: { uri }, position, newName: 'x'.repeat(1 << 20) }),
        { code: -32803, message: 'A player name is at most 256 characters long, not 1048576.' },
      );
    } finally {
      await lsp.close();
    }
  });
});

describe('formatting over stdio', () => {
  test('the ⑨ pile is wrapped at the deckSim.format.pileCardsPerLine the client sets', async () => {
    const lsp = new LspSession();
    try {
      lsp.settings = { format: { pileCardsPerLine: 2 } };
      await lsp.initialize({ workspace: { configuration: true } });
      const uri = 'file:///decks/format.cirnodeck';
      await lsp.open(uri, 'cirnodeck', '1 1 5\nA A1 A2 A5\nA9 A9 A9 A9 A9\n');
      const options = { tabSize: 2, insertSpaces: true };
      const edits = await lsp.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options });
      assert.deepEqual(edits, [
        { range: { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } },
          newText: '1 1 5\nA A1 A2 A5\nA9 A9\nA9 A9\nA9\n' },
      ]);
    } finally {
      await lsp.close();
    }
  });

  test('Format Selection edits only the selected lines; a bad range is refused', async () => {
    const lsp = new LspSession();
    try {
      const { capabilities } = await lsp.initialize() as { capabilities: Record<string, unknown> };
      assert.equal(capabilities.documentRangeFormattingProvider, true);
      const uri = 'file:///decks/selection.mjdeck';
      await lsp.open(uri, 'mjdeck', '8m  \nz\ne\n');
      const options = { tabSize: 2, insertSpaces: true };
      // Lines 1 and 2, selected down to the start of line 3: line 3 is not taken.
      const range = { start: { line: 1, character: 0 }, end: { line: 3, character: 0 } };
      assert.deepEqual(await lsp.connection.sendRequest('textDocument/rangeFormatting',
        { textDocument: { uri }, range, options }), [
        { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, newText: 'Z' },
        { range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, newText: 'E' },
      ]);
      await assert.rejects(lsp.connection.sendRequest('textDocument/rangeFormatting',
        { textDocument: { uri }, range: { start: { line: -1, character: 0 }, end: null }, options }),
      { code: -32602, message: 'params.range.start.line must be an integer from 0 to 2147483647, not -1' });
    } finally {
      await lsp.close();
    }
  });

  test('one edit to the canonical form, none when the deck is already in it', { skip: sharedSkip }, async () => {
    const lsp = new LspSession();
    try {
      const { capabilities } = await lsp.initialize() as { capabilities: Record<string, unknown> };
      assert.equal(capabilities.documentFormattingProvider, true);
      const uri = 'file:///decks/format.mjdeck';
      await lsp.open(uri, 'mjdeck', '8m  \r\nZ\r\n');
      const options = { tabSize: 2, insertSpaces: true };
      assert.deepEqual(await lsp.connection.sendRequest('textDocument/formatting', { textDocument: { uri }, options }),
        [
        { range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } }, newText: '8M\r\nZ\r\n' },
      ]);
      const clean = 'file:///decks/formatted.mjdeck';
      await lsp.open(clean, 'mjdeck', official.input);
      assert.deepEqual(await lsp.connection.sendRequest('textDocument/formatting',
        { textDocument: { uri: clean }, options }), []);
    } finally {
      await lsp.close();
    }
  });
});
