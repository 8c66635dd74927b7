/**
 * Issue 20, item 7: `$/cancelRequest` was never honoured. Long requests pause where a cancel
 * can be read, and a cancelled one is answered RequestCancelled (-32800).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { sharedSkip } from '../helpers';
import { LspSession } from '../lsp/lspClient';

const uri = 'file:///decks/cancel.cirnodeck';
/** A 2-player ⑨ deck of 50 rounds: 1,126 replay steps. */
const deck = serviceFor('cirno').newDeck(1, { players: 2, rounds: 50, cards: 5000 });
const lineCount = deck.split('\n').length;

describe('a cancelled long request is answered RequestCancelled', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
    await lsp.open(uri, 'cirnodeck', deck, 1);
    await lsp.diagnosticsFor(uri, 1);
  });
  after(() => lsp.close());

  const textDocument = { uri };
  const whole = { start: { line: 0, character: 0 }, end: { line: lineCount, character: 0 } };
  const options = { tabSize: 2, insertSpaces: true };
  const requests: [string, unknown][] = [
    ['textDocument/inlayHint', { textDocument, range: whole }],
    ['textDocument/formatting', { textDocument, options }],
    ['textDocument/rangeFormatting', { textDocument, range: whole, options }],
    ['textDocument/documentSymbol', { textDocument }],
    ['textDocument/foldingRange', { textDocument }],
    ['deckSim/simulate', { textDocument }],
    ['deckSim/replay', { textDocument }],
    ['deckSim/replayFrames', { textDocument, version: 1, from: 1000, count: 100 }],
  ];
  for (const [method, params] of requests) {
    test(method, async () => {
      assert.deepEqual((await lsp.requestThenCancel(method, params)).error,
        { code: -32800, message: 'The request was cancelled.' });
      // Not cancelled, the same request is answered.
      const answer = await lsp.rawRequest(method, params);
      assert.equal(answer.error, undefined);
      assert.notEqual(answer.result, null);
    });
  }

  test('nothing on stderr', () => assert.equal(lsp.stderr, ''));
});
