/**
 * A client that says nothing about pictures at start (Neovim, Helix): every answer is text, with
 * the facts the pictures show (tile names, the hand) in words, and no `data:` link to print as
 * base64. VS Code's `pictures: true` is tested with the hovers (mahjong.test.ts, cirno.test.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { readInitializationOptions } from '../../server/src/protocol/initialization';
import type { MahjongReplay } from '../../server/src/protocol/replay';
import { ReplayRequest } from '../../server/src/protocol/requests';
import { repoRoot } from '../helpers';
import { LspSession } from './lspClient';

const example = (name: string) => ({
  uri: `file:///decks/${name}`, text: readFileSync(join(repoRoot, 'examples', name), 'utf8'),
});
const mahjong = example('sample.mjdeck');
const cirno = example('sample.cirnodeck');

describe('a client that draws no pictures (Neovim, Helix)', () => {
  let lsp: LspSession;
  const hover = async (uri: string, line: number, character = 0) => {
    const result = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line, character } }) as Hover;
    return (result.contents as { value: string }).value;
  };

  before(async () => {
    lsp = new LspSession();
    // What a client sends that knows nothing of the option: no initializationOptions at all.
    await lsp.initialize({ workspace: { configuration: true } });
    await lsp.open(mahjong.uri, 'mjdeck', mahjong.text);
    await lsp.open(cirno.uri, 'cirnodeck', cirno.text);
    assert.deepEqual((await lsp.diagnosticsFor(mahjong.uri)).diagnostics, []);
    assert.deepEqual((await lsp.diagnosticsFor(cirno.uri)).diagnostics, []);
  });
  after(() => lsp.close());

  test('a Mahjong hover names the tile and the hand it leaves in words', async () => {
    assert.equal(await hover(mahjong.uri, 54), '**N** — North Wind · tile 53 of 148\n\n'
      + '- drawn by A on turn 1 · transcript line 53\n- ponged by A from the hand · transcript line 65\n\n'
      + "A's hand then: `3M 3M 6M 7M 8M 3P 2S 3S N N` · Z Z Z · winning distance 2");
    assert.equal(await hover(mahjong.uri, 52), '**4M** — 4 of Characters · tile 51 of 148\n\n'
      + "- dealt to C (the 13th tile of C's starting hand) · transcript line 51\n- still in C's hand at the end");
  });

  test('a ⑨ hover shows the Why table with the cards named, the chosen one in bold', async () => {
    assert.equal(await hover(cirno.uri, 6), '**A9** — adds 9 to p · pile card 1 of 25\n\n'
      + '**Why Cirno played it** · transcript line 8: at p = 74, the card giving the largest p that does not lose '
      + '(ties: C, A, B, D, E). Next: Reimu plays next.\n\n'
      + '| card | PASS | **A9** | B1 |\n| --- | ---: | ---: | ---: |\n'
      + '| p after | 74 | **83** | 73 |\n| loses | no | **no** | no |\n\n'
      + '- drawn by Cirno in round 1, turn 1\n- played by Cirno in round 1, turn 7: p 74 → 83 · transcript line 8');
    assert.match(await hover(cirno.uri, 4),
      /^\*\*Reimu\*\* — player 2 of 3 · 6 plays · lost round 1\n\nFinal hand: A99 A99 A99\n/);
  });

  test('the setting deckSim.hover.pictures does not turn pictures on in a client that draws none', async () => {
    lsp.settings = { hover: { pictures: true } };
    await lsp.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    assert.doesNotMatch(await hover(mahjong.uri, 54), /data:|!\[/);
  });

  test('the replay carries no pictures, the tiles by name', async () => {
    const replay = await lsp.connection.sendRequest(ReplayRequest.method,
      { textDocument: { uri: mahjong.uri } }) as MahjongReplay;
    assert.deepEqual(replay.pictures, {});
    assert.equal(replay.tiles[52], 'N');
    assert.doesNotMatch(JSON.stringify(replay), /data:/);
  });

  test('completion items carry no pictures', async () => {
    for (const [uri, line] of [[mahjong.uri, 0], [cirno.uri, 6]] as const) {
      const items = await lsp.connection.sendRequest('textDocument/completion',
        { textDocument: { uri }, position: { line, character: 0 } });
      assert.doesNotMatch(JSON.stringify(items), /data:|!\[/);
    }
  });
});

describe('initializationOptions', () => {
  test('pictures only when a client says true; a mistyped option is its default', () => {
    assert.deepEqual(readInitializationOptions(undefined), { pictures: false });
    assert.deepEqual(readInitializationOptions({ pictures: true, diagnosticsDelayMs: 0 }),
      { pictures: true, diagnosticsDelayMs: 0 });
    assert.deepEqual(readInitializationOptions({ pictures: 'yes', diagnosticsDelayMs: -1 }), { pictures: false });
    assert.deepEqual(readInitializationOptions([true]), { pictures: false });
  });

  test('a client that says it draws pictures gets them in hovers and the replay', async () => {
    const lsp = new LspSession();
    try {
      await lsp.initialize({}, { pictures: true });
      await lsp.open(mahjong.uri, 'mjdeck', mahjong.text);
      const result = await lsp.connection.sendRequest('textDocument/hover',
        { textDocument: { uri: mahjong.uri }, position: { line: 54, character: 0 } }) as Hover;
      assert.match((result.contents as { value: string }).value, /^!\[N\]\(data:image\/svg\+xml;base64,/);
      const replay = await lsp.connection.sendRequest(ReplayRequest.method,
        { textDocument: { uri: mahjong.uri } }) as MahjongReplay;
      assert.match(replay.pictures.N.uri, /^data:image\/svg\+xml;base64,/);
    } finally {
      lsp.close();
    }
  });
});
