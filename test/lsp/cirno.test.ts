import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, CodeLens, CompletionList, Hover, InlayHint } from 'vscode-languageserver-protocol';
import { analyzeCirno } from '../../server/src/core/cirno';
import { NewDeckRequest, SelectionSummaryRequest, SimulateRequest } from '../../server/src/protocol/requests';
import { conformanceCase, pictures, sharedSkip, stripPictures } from '../helpers';
import { LspSession, diagnosticLine } from './lspClient';

const sample = conformanceCase('cirno', 'sample-2');
const uri = 'file:///decks/sample-2.cirnodeck';

describe('the language server over stdio (Cirno)', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  const hover = async (line: number, character: number, at = uri) => {
    const result = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri: at }, position: { line, character } }) as Hover;
    const { kind, value } = result.contents as { kind: string; value: string };
    return { kind, value: stripPictures(value) };
  };

  before(async () => {
    lsp = new LspSession();
    await lsp.initialize({}, { pictures: true });
    await lsp.open(uri, 'cirnodeck', sample.input);
    assert.deepEqual((await lsp.diagnosticsFor(uri)).diagnostics, []);
  });
  after(() => lsp.close());

  test('a broken deck: exact diagnostics and quick fixes', async () => {
    const broken = 'file:///decks/broken.cirnodeck';
    await lsp.open(broken, 'cirnodeck', sample.input.replace('A19', 'A3').replace('C2 PASS', 'c2 PASS'));
    const { diagnostics } = await lsp.diagnosticsFor(broken);
    assert.deepEqual(diagnostics.map(diagnosticLine), [
      "1:9-1:11 1 unknown-card deck-sim: Unknown card 'A3'. Did you mean A1, A2, A5?",
      "4:6-4:8 2 lowercase-card deck-sim: Card names are uppercase: 'c2' is read as C2.",
    ]);
    const actions = await lsp.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: broken }, range: { start: { line: 4, character: 7 },
        end: { line: 4, character: 7 } }, context: { diagnostics: [] },
    }) as CodeAction[];
    assert.deepEqual(actions.map((a) => [a.title, a.isPreferred, a.edit?.changes?.[broken]]), [
      ['Change to C2', true,
        [{ range: { start: { line: 4, character: 6 }, end: { line: 4, character: 8 } }, newText: 'C2' }]],
    ]);
    assert.deepEqual(await hover(4, 0, broken), {
      kind: 'markdown',
      value: "**A9** — adds 9 to p · pile card 1 of 25\n\n"
        + "No simulation: 1 error, the first at line 2: Unknown card 'A3'. Did you mean A1, A2, A5?",
    });
  });

  test('hover on a pile card: who draws it, when it is played', async () => {
    assert.deepEqual(await hover(4, 0), {
      kind: 'markdown',
      value: '**A9** — adds 9 to p · pile card 1 of 25\n\n'
        + '**Why Cirno played it** · transcript line 8: at p = 74, the card giving the largest p that does not lose '
        + '(ties: C, A, B, D, E). Next: Reimu plays next.\n\n| card | PASS | A9 | B1 |\n| --- | ---: | ---: | ---: |\n'
        + '| p after | 74 | **83** | 73 |\n| loses | no | **no** | no |\n\n'
        + '- drawn by Cirno in round 1, turn 1\n- played by Cirno in round 1, turn 7: p 74 → 83 · transcript line 8',
    });
    assert.equal((await hover(4, 70) as { value: string }).value,
      "**A99** — adds 99 to p · pile card 19 of 25\n\n"
        + "- drawn by Reimu in round 1, turn 17, as one of three new cards after losing\n"
        + "- still in Reimu's hand at the end");
  });

  test('hover pictures: the hand the card left, and a player\'s final hand', async () => {
    const card = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 4, character: 0 } }) as Hover;
    assert.deepEqual(pictures((card.contents as { value: string }).value).map((p) => [p.alt,
      /aria-label="([^"]+)"/.exec(p.svg)?.[1]]), [['PASS', 'PASS'], ['A9', 'A9'], ['B1', 'B1']]);
    const player = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 1, character: 0 } }) as Hover;
    const [hand] = pictures((player.contents as { value: string }).value);
    assert.deepEqual([...hand.svg.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]), ['A99', 'A99', 'A99']);
  });

  test('hover on a starting card, a player, the header', async () => {
    assert.equal((await hover(2, 7) as { value: string }).value,
      "**TURN** — escape card: the direction reverses · Reimu's starting card 1 of 3\n\n"
        + '**Why Reimu played it** · transcript line 15: at p = 41, every normal card loses, so an escape card '
        + '(PASS, then TURN, then DOUBLE). Next: TURN reverses the direction: Cirno plays next.\n\n'
        + '| card | TURN | A99 | A99 |\n| --- | ---: | ---: | ---: |\n'
        + '| p after | **41** | 140 | 140 |\n| loses | **no** | yes | yes |\n\n'
        + '- played by Reimu in round 1, turn 14: p 41 → 41 · transcript line 15');
    assert.equal((await hover(1, 2) as { value: string }).value, [
      '**Cirno** — player 1 of 3 · 6 plays · never lost', 'Final hand: A99 A99 A99',
      '- round 1: A19 (p 0 → 19) · transcript line 2\n- round 1: A9 (p 19 → 28) · transcript line 5\n'
        + '- round 1: A9 (p 74 → 83) · transcript line 8\n- round 1: A1 (p 83 → 84) · transcript line 11\n'
        + '- round 1: B1 (p 42 → 41) · transcript line 14\n- round 1: PASS (p 41 → 41) · transcript line 16',
    ].join('\n\n'));
    assert.equal((await hover(0, 4) as { value: string }).value,
      '**k = 25** — cards in the draw pile (1 to 300,000)\n\n23 of 25 pile cards used; 2 never drawn');
    assert.equal((await hover(0, 2) as { value: string }).value,
      '**m = 2** — rounds (1 to 100)\n\n2 of 2 rounds played · 21 transcript lines');
  });

  test('simulate returns the judge transcript', async () => {
    const report = await lsp.request(SimulateRequest, { textDocument: { uri } });
    assert.deepEqual(report,
      { uri, header: 'sample-2.cirnodeck: 2 rounds played, 23 of 25 pile cards drawn', transcript: sample.expected });
  });

  test('inlay hints name who draws each pile card', async () => {
    const hints = await lsp.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri }, range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } },
    }) as InlayHint[];
    assert.equal(hints.length, 23);
    assert.deepEqual(hints.slice(0, 3).map((h) => [h.position.character, h.label]),
      [[2, '→Cirno'], [5, '→Reimu'], [8, '→Marisa']]);
  });

  test('completion offers cards in a hand or the pile, none on a name', async () => {
    const items = (await lsp.connection.sendRequest('textDocument/completion', {
      textDocument: { uri }, position: { line: 4, character: 1 },
    }) as CompletionList).items;
    assert.deepEqual(items.slice(0, 3).map((i) => [i.label, i.detail]),
      [['A1', 'adds 1 to p'], ['A2', 'adds 2 to p'], ['A5', 'adds 5 to p']]);
    const onName = await lsp.connection.sendRequest('textDocument/completion', {
      textDocument: { uri }, position: { line: 1, character: 2 },
    }) as CompletionList;
    assert.deepEqual(onName.items, []);
  });

  test('code lens, selection figures and new decks', async () => {
    const lenses = await lsp.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } }) as CodeLens[];
    assert.equal(lenses[0].command?.title, '2 rounds · 21 lines · 23 of 25 cards drawn');
    const selection = await lsp.request(SelectionSummaryRequest, {
      textDocument: { uri }, ranges: [{ start: { line: 1, character: 0 }, end: { line: 2, character: 3 } }],
    });
    assert.equal(selection?.text, '6 cards · A9×2 A19×1 B1×1 C2×1 TURN×1');
    const params = { game: 'cirno', seed: 7, players: 4, rounds: 3, cards: 120 };
    const deck = await lsp.request(NewDeckRequest, params);
    const again = await lsp.request(NewDeckRequest, params);
    assert.equal(deck.languageId, 'cirnodeck');
    assert.equal(deck.text, again.text);
    const analysis = analyzeCirno(deck.text);
    assert.deepEqual(analysis.problems, []);
    assert.equal(analysis.deck?.players.length, 4);
  });
});
