import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeLens, CompletionList, InlayHint } from 'vscode-languageserver-protocol';
import { analyzeMahjong } from '../../server/src/core/mahjong';
import { conformanceCase, sharedSkip } from '../helpers';
import { NewDeckRequest, SelectionSummaryRequest } from '../../server/src/protocol/requests';
import { LspSession } from './lspClient';

const official = conformanceCase('mahjong', 'official-01');
const tiles = official.input.trimEnd().split('\n');

describe('editor features over stdio (Mahjong)', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
  });
  after(() => lsp.close());

  test('completion offers the kinds still short, with how many are left', async () => {
    const uri = 'file:///decks/short.mjdeck';
    // Of the four 5P, one line is emptied and one becomes a fifth E.
    const lines = [...tiles];
    const fivePs = lines.flatMap((t, i) => (t === '5P' ? [i] : []));
    lines[fivePs[0]] = '';
    lines[fivePs[1]] = 'E';
    await lsp.open(uri, 'mjdeck', lines.join('\n') + '\n');
    const empty = await lsp.connection.sendRequest('textDocument/completion', {
      textDocument: { uri }, position: { line: fivePs[0], character: 0 },
    }) as CompletionList;
    assert.deepEqual(empty.items.map((i) => [i.label, i.detail, i.sortText]), [['5P', '2 left', '000']]);
    assert.deepEqual(empty.items[0].textEdit,
      { range: { start: { line: fivePs[0], character: 0 }, end: { line: fivePs[0], character: 0 } }, newText: '5P' });
    // On the line holding the surplus E, that E does not count: 5P is still 2 short.
    const onE = await lsp.connection.sendRequest('textDocument/completion', {
      textDocument: { uri }, position: { line: fivePs[1], character: 1 },
    }) as CompletionList;
    assert.deepEqual(onE.items.map((i) => [i.label, i.detail]), [['5P', '2 left']]);
    assert.deepEqual((onE.items[0].textEdit as { range: unknown }).range,
      { start: { line: fivePs[1], character: 0 }, end: { line: fivePs[1], character: 1 } });
  });

  test('completion ranks like the quick fixes', async () => {
    const uri = 'file:///decks/few.mjdeck';
    await lsp.open(uri, 'mjdeck', '5\n');
    const list = await lsp.connection.sendRequest('textDocument/completion', {
      textDocument: { uri }, position: { line: 0, character: 1 },
    }) as CompletionList;
    assert.deepEqual(list.items.slice(0, 4).map((i) => `${i.label} ${i.detail}`),
      ['5M 4 left', '5P 4 left', '5S 4 left', 'E 4 left']);
  });

  test('inlay hints say who gets each tile', async () => {
    const uri = 'file:///decks/hints.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const hints = await lsp.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri }, range: { start: { line: 50, character: 0 }, end: { line: 56, character: 0 } },
    }) as InlayHint[];
    assert.deepEqual(hints.map((h) => [h.position.line, h.position.character, h.label]), [
      [50, 2, ' → C (deal)'], [51, 2, ' → D (deal)'], [52, 1, ' → A'], [53, 1, ' → C'], [54, 1, ' → C'], [55, 2,
        ' → C'], [56, 6, ' → C'],
    ]);
    const last = await lsp.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri }, range: { start: { line: 147, character: 0 }, end: { line: 147, character: 0 } },
    }) as InlayHint[];
    assert.deepEqual(last.map((h) => h.label), [' — not drawn']);
  });

  test('the code lens shows the outcome and runs Simulate Deck', async () => {
    const uri = 'file:///decks/lens.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const lenses = await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } }) as CodeLens[];
    const game = analyzeMahjong(official.input).game!;
    assert.deepEqual(lenses, [{
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      command: { title: `A wins by RON · ${game.events.length} events · ${game.tilesDrawn} tiles drawn`,
        command: 'deckSim.simulate', arguments: [uri] },
    }]);
    const broken = 'file:///decks/broken-lens.mjdeck';
    await lsp.open(broken, 'mjdeck', 'XX\n');
    const brokenLens = await lsp.connection.sendRequest('textDocument/codeLens',
      { textDocument: { uri: broken } }) as CodeLens[];
    assert.equal(brokenLens[0].command?.title, '2 errors · fix them to simulate');
  });

  test('a settings change has a client that can refresh ask for hints and lenses again', async () => {
    const session = new LspSession();
    try {
      await session.initialize({ workspace: { inlayHint: { refreshSupport: true },
        codeLens: { refreshSupport: true } } });
      await session.connection.sendNotification('workspace/didChangeConfiguration',
        { settings: { deckSim: { inlayHints: { enabled: false } } } });
      const asked = await session.until('both refresh requests', () => {
        const methods = session.notifications.map((n) => n.method).sort();
        return methods.length === 2 ? methods : undefined;
      });
      assert.deepEqual(asked, ['workspace/codeLens/refresh', 'workspace/inlayHint/refresh']);
    } finally {
      await session.close();
    }
  });

  test('a new deck from a seed is valid and always the same', async () => {
    const first = await lsp.request(NewDeckRequest, { game: 'mahjong', seed: 42 });
    const again = await lsp.request(NewDeckRequest, { game: 'mahjong', seed: 42 });
    const other = await lsp.request(NewDeckRequest, { game: 'mahjong', seed: 43 });
    assert.equal(first.languageId, 'mjdeck');
    assert.equal(first.text, again.text);
    assert.notEqual(first.text, other.text);
    assert.equal(first.text.split('\n')[0], '# seed 42: a shuffled deck from Deck Simulator: New Shuffled Deck');
    assert.deepEqual(analyzeMahjong(first.text).problems, []);
  });

  test('selection figures count the tiles per kind', async () => {
    const uri = 'file:///decks/selection.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const summary = await lsp.request(SelectionSummaryRequest, {
      textDocument: { uri }, ranges: [{ start: { line: 0, character: 0 }, end: { line: 4, character: 0 } },
        { start: { line: 12, character: 1 }, end: { line: 12, character: 1 } }],
    });
    // Lines 1-4 and 13: 8M Z E 9P and Z.
    assert.deepEqual(summary, { text: '5 tiles · Z×2 8M×1 9P×1 E×1', tooltip: 'Z: 2\n8M: 1\n9P: 1\nE: 1' });
  });
});

describe('settings the server reads through workspace/configuration', { skip: sharedSkip }, () => {
  test('turning completion, hints, lenses and hover pictures off changes the answers', async () => {
    const session = new LspSession();
    try {
      session.settings = { completion: { enabled: false }, inlayHints: { enabled: false },
        codeLens: { enabled: false }, hover: { pictures: false } };
      // A client that draws pictures (as VS Code does): the setting alone turns them off.
      await session.initialize({ workspace: { configuration: true } }, { pictures: true });
      const uri = 'file:///decks/settings.mjdeck';
      await session.open(uri, 'mjdeck', official.input);
      const textDocument = { uri };
      const completion = await session.connection.sendRequest('textDocument/completion',
        { textDocument, position: { line: 3, character: 0 } });
      assert.deepEqual(completion, { isIncomplete: false, items: [] });
      const wholeDeck = { start: { line: 0, character: 0 }, end: { line: 147, character: 0 } };
      assert.deepEqual(await session.connection.sendRequest('textDocument/inlayHint',
        { textDocument, range: wholeDeck }), []);
      assert.deepEqual(await session.connection.sendRequest('textDocument/codeLens', { textDocument }), []);
      const hover = await session.connection.sendRequest('textDocument/hover',
        { textDocument, position: { line: 0, character: 0 } }) as { contents: { value: string } };
      assert.ok(hover.contents.value.startsWith('**8M** — 8 of Characters'), hover.contents.value);

      // After a change the server asks again.
      session.settings = {};
      await session.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      const again = await session.connection.sendRequest('textDocument/completion',
        { textDocument, position: { line: 3, character: 0 } }) as CompletionList;
      assert.deepEqual(again.items.map((i) => i.label), ['9P']);
      const lenses = await session.connection.sendRequest('textDocument/codeLens', { textDocument }) as CodeLens[];
      assert.equal(lenses.length, 1);
    } finally {
      await session.close();
    }
  });
});
