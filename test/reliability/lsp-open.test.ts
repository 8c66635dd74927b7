/** Issue 15, defect 8: diagnostics on didOpen come at once, not after the typing pause. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
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
