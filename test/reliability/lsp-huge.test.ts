/**
 * Issue 27, items 11 and 12: a line of many words and a document of many lines get answers
 * bounded by a cap, not by the input: a diagnostic naming a few words and a count, no quick fix
 * past 10,000 words (one edit below), an outline of at most 10,000 symbols.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, DocumentSymbol } from 'vscode-languageserver-protocol';
import { diagnosticLine, LspSession } from '../lsp/lspClient';

const LINE = 'file:///decks/one-line.mjdeck';
const SHORT = 'file:///decks/short-line.mjdeck';
const LINES = 'file:///decks/many-lines.mjdeck';
/** Generous: a loaded machine may take its time over a megabyte. */
const PATIENT_MS = 120_000;

/** `words` words alternating 1M and 9P, on one line. */
const oneLine = (words: number) => Array.from({ length: words }, (_, i) => (i % 2 === 0 ? '1M' : '9P')).join(' ');

describe('huge lines and documents get bounded answers', () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
  });
  after(() => lsp.close());

  const diagnostics = (uri: string) => lsp.diagnosticsFor(uri, 1, PATIENT_MS);
  const codeActions = (uri: string, line: number, character: number) => lsp.connection.sendRequest(
    'textDocument/codeAction', {
      textDocument: { uri }, range: { start: { line, character }, end: { line, character } },
      context: { diagnostics: [] },
    }) as Promise<CodeAction[]>;

  test('a 1 MB line of 349,525 words: three named and a count; no quick fix', async () => {
    const words = 349_525;
    await lsp.open(LINE, 'mjdeck', oneLine(words) + '\n');
    const published = await diagnostics(LINE);
    assert.equal(diagnosticLine(published.diagnostics[0]), `0:3-0:${words * 3 - 1} 1 extra-tokens deck-sim: `
      + "One tile per line: '9P', '1M', '9P' and 349,521 more after '1M' are not read.");
    assert.deepEqual(await codeActions(LINE, 0, 5), []);
  });

  test('a line of 200 words: one quick fix, one edit', async () => {
    await lsp.open(SHORT, 'mjdeck', oneLine(200) + '\n');
    await diagnostics(SHORT);
    const actions = await codeActions(SHORT, 0, 5);
    assert.deepEqual(actions.map((action) => [action.title, action.edit?.changes?.[SHORT].length]),
      [['Put each tile on its own line', 1]]);
    const [edit] = actions[0].edit!.changes![SHORT];
    assert.deepEqual(edit.range, { start: { line: 0, character: 2 }, end: { line: 0, character: 599 } });
    assert.equal(edit.newText, '\n' + Array.from({ length: 199 }, (_, i) => (i % 2 === 0 ? '9P' : '1M')).join('\n'));
  });

  test('an outline of 300,000 tile lines: its sections, then the first entries in order, 10,000 in all', async () => {
    await lsp.open(LINES, 'mjdeck', '1M\n'.repeat(300_000));
    await diagnostics(LINES);
    const symbols = await lsp.connection.sendRequest('textDocument/documentSymbol',
      { textDocument: { uri: LINES } }) as DocumentSymbol[];
    const count = (list: DocumentSymbol[]): number => list.reduce((sum, s) => sum + 1 + count(s.children ?? []), 0);
    assert.equal(count(symbols), 10_000);
    assert.deepEqual(symbols.map((s) => [s.name, s.detail, s.children?.length]),
      [['Deal', '52 tiles', 4], ['Wall', '299948 tiles', 10_000 - 2 - 4 - 52]]);
    assert.deepEqual(symbols[0].children!.map((hand) => hand.children!.length), [13, 13, 13, 13]);
  });
});
