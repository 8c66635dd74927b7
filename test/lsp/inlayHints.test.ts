/**
 * Issue 20, item 10: a whole-document inlay hint request (Neovim sends one) on the largest ⑨
 * deck used to answer some 270,000 hints, 43 MB of JSON, in seconds. An answer now holds the
 * first MAX_INLAY_HINTS hints of its range, in document order.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InlayHint } from 'vscode-languageserver-protocol';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { MAX_INLAY_HINTS } from '../../server/src/lsp/inlayHints';
import { validLargestDeck } from '../../scripts/largestCirnoDeck';
import { sharedSkip } from '../helpers';
import { LspSession } from './lspClient';

describe('inlay hints on the largest ⑨ deck', { skip: sharedSkip }, () => {
  const { text } = validLargestDeck();
  const lineCount = text.split('\n').length;
  const deck = serviceFor('cirno').analyze(text);
  const uri = 'file:///decks/largest.cirnodeck';
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
    await lsp.open(uri, 'cirnodeck', text);
  });
  after(() => lsp.close());

  /** The hints the service gives for lines `from` to `to`, the first `limit`, as the server sends them. */
  const expected = (from: number, to: number, limit: number): InlayHint[] => deck.inlayHints(from, to, limit)
    .map(({ position, label, tooltip }) => ({ position, label, tooltip, kind: 2, paddingLeft: true }));
  const request = (startLine: number, endLine: number) => lsp.connection.sendRequest('textDocument/inlayHint', {
    textDocument: { uri }, range: { start: { line: startLine, character: 0 }, end: { line: endLine, character: 0 } },
  }) as Promise<InlayHint[]>;

  test('the deck has far more hints than an answer holds', () => {
    assert.ok(deck.inlayHints(0, lineCount).length > 20 * MAX_INLAY_HINTS);
  });

  test('the whole document: the first hints, in order', async () => {
    const hints = await request(0, lineCount);
    assert.equal(hints.length, MAX_INLAY_HINTS);
    assert.deepEqual(hints, expected(0, lineCount, MAX_INLAY_HINTS));
    assert.deepEqual(hints[0], { position: { line: 31, character: 2 }, label: '→Player1', kind: 2, paddingLeft: true,
      tooltip: 'Pile card 1: drawn by Player1 in round 1, turn 1' });
  });

  test('from line 10,000 to the end: the first hints from there', async () => {
    const hints = await request(10_000, lineCount);
    assert.equal(hints.length, MAX_INLAY_HINTS);
    assert.equal(hints[0].position.line, 10_000);
    assert.deepEqual(hints, expected(10_000, lineCount, MAX_INLAY_HINTS));
  });

  test('a screen: every hint', async () => {
    const hints = await request(5000, 5040);
    assert.deepEqual(hints, expected(5000, 5040, Infinity));
    assert.ok(hints.length > 400 && hints.length < MAX_INLAY_HINTS);
  });
});
