import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { OLDER_ANALYSIS_NOTE } from '../../server/src/lsp/hover';
import { conformanceCase, sharedSkip, stripPictures } from '../helpers';
import { LspSession } from './lspClient';

const sample = conformanceCase('cirno', 'sample-2');
const uri = 'file:///decks/pending.cirnodeck';

/** The hover on the first pile card of sample 2, A9. */
const PILE_CARD_HOVER = '**A9** — adds 9 to p · pile card 1 of 25\n\n'
  + '**Why Cirno played it** · transcript line 8: at p = 74, the card giving the largest p that does not lose '
  + '(ties: C, A, B, D, E). Next: Reimu plays next.\n\n| card | PASS | A9 | B1 |\n| --- | ---: | ---: | ---: |\n'
  + '| p after | 74 | **83** | 73 |\n| loses | no | **no** | no |\n\n'
  + '- drawn by Cirno in round 1, turn 1\n- played by Cirno in round 1, turn 7: p 74 → 83 · transcript line 8';

const CIRNO_HOVER = [
  '**Cirno** — player 1 of 3 · 6 plays · never lost', 'Final hand: A99 A99 A99',
  '- round 1: A19 (p 0 → 19) · transcript line 2\n- round 1: A9 (p 19 → 28) · transcript line 5\n'
    + '- round 1: A9 (p 74 → 83) · transcript line 8\n- round 1: A1 (p 83 → 84) · transcript line 11\n'
    + '- round 1: B1 (p 42 → 41) · transcript line 14\n- round 1: PASS (p 41 → 41) · transcript line 16',
].join('\n\n');

/**
 * Hovers while a newer version waits for its analysis: a diagnostics pause of an hour stands
 * in for a long re-analysis, so what is answered does not depend on timing.
 */
describe('hovers while the deck waits to be analysed again', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  const hover = async (line: number, character: number) => {
    const result = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line, character } }) as Hover | null;
    return result && stripPictures((result.contents as { value: string }).value);
  };

  before(async () => {
    lsp = new LspSession();
    await lsp.initialize({}, { diagnosticsDelayMs: 3_600_000, pictures: true });
    // On open, diagnostics come at once, whatever the pause.
    await lsp.open(uri, 'cirnodeck', sample.input);
    assert.deepEqual((await lsp.diagnosticsFor(uri, 1)).diagnostics, []);
  });
  after(() => lsp.close());

  test('an unchanged line is answered from the last analysis, moved with the lines above it, and says so', async () => {
    assert.equal(await hover(4, 0), PILE_CARD_HOVER);
    await lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# a new first line\n' },
        // A comment after Cirno's hand, now on line 2: the line is edited, the game is the same.
        { range: { start: { line: 2, character: 15 }, end: { line: 2, character: 15 } }, text: ' # first' },
      ],
    });
    assert.equal(await hover(5, 0), `${PILE_CARD_HOVER}\n\n---\n\n${OLDER_ANALYSIS_NOTE}`);
    // An edited line waits for the analysis of the current text, which then answers everywhere.
    assert.equal(await hover(2, 2), CIRNO_HOVER);
    assert.equal(await hover(5, 0), PILE_CARD_HOVER);
    assert.equal(await hover(0, 2), null);
  });
});
