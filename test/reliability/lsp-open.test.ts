/** Issue 15, defect 8: diagnostics on didOpen come at once, not after the typing pause. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Hover } from 'vscode-languageserver-protocol';
import { conformanceCase, sharedSkip } from '../helpers';
import { LspSession, diagnosticLine } from '../lsp/lspClient';

describe('opening a deck', () => {
  test('publishes its diagnostics at once, even with a ten-minute typing pause', async () => {
    const lsp = new LspSession();
    try {
      await lsp.initialize({}, { diagnosticsDelayMs: 600_000 });
      for (const [uri, version] of [['file:///decks/open-1.mjdeck', 1], ['file:///decks/open-7.mjdeck', 7]] as const) {
        await lsp.open(uri, 'mjdeck', '5Q\n', version);
        const published = await lsp.diagnosticsFor(uri, version);
        assert.deepEqual(published.diagnostics.map(diagnosticLine).slice(0, 1),
          ["0:0-0:2 1 unknown-tile deck-sim: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?"]);
      }
    } finally {
      await lsp.close();
    }
  });
});

/** Issue 20, item 9: a didOpen again (no didClose) used to keep the analysis of the old text's game. */
describe('opening a document again without closing it', { skip: sharedSkip }, () => {
  const cirno = conformanceCase('cirno', 'sample-1').input;
  const hoverAt = async (lsp: LspSession, uri: string) => {
    const hover = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 1, character: 0 } }) as Hover | null;
    return (hover?.contents as { value: string } | undefined)?.value.split('\n')[0];
  };

  for (const version of [2, 1]) {
    test(`with another language id, at version ${version}: the new game's analysis`, async () => {
      const lsp = new LspSession();
      const uri = `file:///decks/reopened-${version}.deck`;
      try {
        await lsp.initialize({}, { diagnosticsDelayMs: 0 });
        await lsp.open(uri, 'mjdeck', cirno, 1);
        const asMahjong = await lsp.diagnosticsFor(uri, 1);
        assert.deepEqual(asMahjong.diagnostics.map(diagnosticLine).slice(0, 1),
          ["0:0-0:1 1 unknown-tile deck-sim: Unknown tile '2'. Did you mean 2M, 2P, 2S?"]);
        assert.equal(await hoverAt(lsp, uri), '**JoesSR** is not a tile · tile 2 of 148');
        await lsp.open(uri, 'cirnodeck', cirno, version);
        assert.equal(await hoverAt(lsp, uri), '**JoesSR** — player 1 of 2');
        if (version !== 1) assert.deepEqual((await lsp.diagnosticsFor(uri, version)).diagnostics, []);
      } finally {
        await lsp.close();
      }
    });
  }

  test('with the same language id and version but another text: the new text', async () => {
    const lsp = new LspSession();
    const uri = 'file:///decks/reopened.cirnodeck';
    try {
      await lsp.initialize({}, { diagnosticsDelayMs: 0 });
      await lsp.open(uri, 'cirnodeck', cirno, 1);
      assert.equal(await hoverAt(lsp, uri), '**JoesSR** — player 1 of 2');
      await lsp.open(uri, 'cirnodeck', cirno.replace('JoesSR', 'Renamed'), 1);
      assert.equal(await hoverAt(lsp, uri), '**Renamed** — player 1 of 2');
    } finally {
      await lsp.close();
    }
  });
});
