import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Hover } from 'vscode-languageserver-protocol';
import { SimulateRequest } from '../../server/src/protocol/requests';
import { conformanceCase, pictures, sharedSkip, stripPictures } from '../helpers';
import { LspSession, diagnosticLine } from './lspClient';

const official = conformanceCase('mahjong', 'official-01');
const tiles = official.input.trimEnd().split('\n');

describe('the language server over stdio (Mahjong)', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize({}, { pictures: true });
  });
  after(() => lsp.close());

  test('announces hovers, quick fixes and incremental sync', async () => {
    const session = new LspSession();
    try {
      const result = await session.initialize() as { capabilities: Record<string, unknown> };
      assert.equal(result.capabilities.hoverProvider, true);
      assert.deepEqual(result.capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
      assert.deepEqual(result.capabilities.textDocumentSync,
        { openClose: true, change: 2, save: { includeText: false } });
    } finally {
      await session.close();
    }
  });

  test('a broken deck gets exact diagnostics', async () => {
    const broken = [...tiles];
    broken[2] = '5Q';
    broken[4] = tiles[4].toLowerCase();
    const uri = 'file:///decks/broken.mjdeck';
    await lsp.open(uri, 'mjdeck', broken.join('\n') + '\n');
    const { diagnostics } = await lsp.diagnosticsFor(uri);
    assert.deepEqual(diagnostics.map(diagnosticLine), [
      "2:0-2:2 1 unknown-tile deck-sim: Unknown tile '5Q'. Did you mean 5M, 5P, 5S?",
      `4:0-4:${tiles[4].length} 2 lowercase-tile deck-sim: `
        + `Tile names are uppercase: '${tiles[4].toLowerCase()}' is read as ${tiles[4]}.`,
      `148:0-148:0 1 missing-tiles deck-sim: Missing: ${tiles[2]} ×1.`,
    ]);
  });

  test('quick fixes carry their edits', async () => {
    const uri = 'file:///decks/fixes.mjdeck';
    const broken = [...tiles];
    broken[2] = '5Q';
    await lsp.open(uri, 'mjdeck', broken.join('\n') + '\n');
    await lsp.diagnosticsFor(uri);
    const range = { start: { line: 2, character: 1 }, end: { line: 2, character: 1 } };
    const actions = await lsp.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range, context: { diagnostics: [] },
    }) as CodeAction[];
    assert.deepEqual(actions.map((a) => [a.title, a.kind, a.isPreferred, a.edit?.changes?.[uri]]),
      ['5M', '5P', '5S'].map((name, i) => [
      `Change to ${name}`, 'quickfix', i === 0,
      [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } }, newText: name }],
    ]));
    assert.equal(actions[0].diagnostics?.[0].code, 'unknown-tile');
  });

  test('typing: the latest text wins', async () => {
    const uri = 'file:///decks/typing.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    assert.deepEqual((await lsp.diagnosticsFor(uri, 1)).diagnostics, []);
    for (let version = 2; version <= 6; version++) {
      await lsp.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: tiles[0].length } },
          text: version % 2 ? tiles[0] : 'XX' }],
      });
    }
    const last = await lsp.diagnosticsFor(uri, 6);
    assert.deepEqual(last.diagnostics.map((d) => d.message)[0],
      "Unknown tile 'XX'.  Tiles are 1M-9M, 1P-9P, 1S-9S, E S W N B F Z, DOUBLE, REVERSE and PASS.".replace('.  ',
        '. '));
  });

  test('hover says who gets a tile and what becomes of it', async () => {
    const uri = 'file:///decks/hover.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const hoverAt = async (line: number) => {
      const hover = await lsp.connection.sendRequest('textDocument/hover',
        { textDocument: { uri }, position: { line, character: 0 } }) as Hover;
      const { kind, value } = hover.contents as { kind: string; value: string };
      return { contents: { kind, value: stripPictures(value) } };
    };
    // Line 11 (index 10) is C's DOUBLE, dealt and thrown at once.
    const hover = await hoverAt(10);
    assert.deepEqual(hover?.contents, {
      kind: 'markdown',
      value: '**DOUBLE** — Double: discarded at once, its owner draws again · tile 11 of 148\n\n'
        + "- dealt to C (the 3rd tile of C's starting hand) · transcript line 11\n"
        + "- discarded by C · transcript line 56\n"
        + "- lies in C's discards at the end\n\n"
        + "C's hand then: `3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E Z DOUBLE` · no melds · winning distance 4\n\n"
        + '**Why C discarded it** · transcript line 56\n\n'
        + 'Special tiles go first, PASS before REVERSE before DOUBLE; C held DOUBLE. C draws again.',
    });
    // Tile 54: drawn by C, kept past its DOUBLE, then discarded and ponged by A.
    const ponged = await hoverAt(53);
    assert.deepEqual(ponged?.contents, {
      kind: 'markdown',
      value: '**Z** — Red Dragon · tile 54 of 148\n\n- drawn by C on turn 2 · transcript line 55\n'
        + '- discarded by C · transcript line 58\n'
        + "- ponged by A from C's discard · transcript line 59\n\n"
        + "C's hand then: `3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N Z` · no melds · winning distance 4\n\n"
        + '**Why C discarded it** · transcript line 58: every choice leaves distance 4 or 5; '
        + '5P, 6P, 6S, E, N and Z leave 4; '
        + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).\n\n'
        + '| discard | 3M | 4M | 5M | 7M | 9M | 5P | 6P | 3S | 6S | E | N | **Z** |\n'
        + '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
        + '| distance left | 5 | 5 | 5 | 5 | 5 | 4 | 4 | 5 | 4 | 4 | 4 | **4** |\n\n'
        + "Then the rules checked:\n- A's pong Z Z Z: distance 3 → 2, taken",
    });
    const never = await hoverAt(147);
    assert.match((never?.contents as { value: string }).value,
      new RegExp(String.raw`^\*\*[^*]+\*\* — .* · tile 148 of 148\n\n`
        + String.raw`- never drawn: the game ended first \(\d+ of 148 tiles left the wall\)$`));
  });

  test('hover pictures: the tile, and the hand it leaves', async () => {
    const uri = 'file:///decks/pictures.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const hover = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 53, character: 0 } }) as Hover;
    const value = (hover.contents as { value: string }).value;
    assert.ok(value.startsWith('![Z](data:image/svg+xml;base64,'));
    const [tile, hand] = pictures(value);
    assert.equal(tile.alt, 'Z');
    assert.match(tile.svg, /^<svg [^>]*viewBox="0 0 60 80"[^>]*aria-label="Z"/);
    assert.equal(hand.alt, "C's hand");
    // The 14 tiles of C's hand, in order, each a nested picture.
    assert.deepEqual([...hand.svg.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]),
      ['3M', '4M', '5M', '7M', '9M', '5P', '5P', '6P', '3S', '3S', '6S', 'E', 'N', 'Z']);
    assert.doesNotMatch(hand.svg, /href|url\(http/);
  });

  test('hover on an invalid deck says why there is no simulation', async () => {
    const uri = 'file:///decks/short.mjdeck';
    await lsp.open(uri, 'mjdeck', '1M\n2M\n');
    const hover = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 1, character: 1 } }) as Hover;
    assert.equal(stripPictures((hover.contents as { value: string }).value).split('\n\n')[1].slice(0, 66),
      'No simulation: 1 error, the first at line 3: The deck has 2 tiles,');
  });

  test('the simulate request returns the header and the judge transcript', async () => {
    const uri = 'file:///decks/official-01.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    const report = (await lsp.request(SimulateRequest, { textDocument: { uri } }))!;
    assert.equal(report.header,
      `official-01.mjdeck: A wins by RON after ${official.expected.split('\n').length - 1} events`);
    assert.equal(report.transcript, official.expected);
  });

  test('simulating an invalid deck says it was skipped, and why', async () => {
    const uri = 'file:///decks/skipped.mjdeck';
    const broken = [...tiles];
    broken[4] = '5Q';
    broken[9] = 'XX';
    await lsp.open(uri, 'mjdeck', broken.join('\n') + '\n');
    const report = await lsp.request(SimulateRequest, { textDocument: { uri } });
    assert.deepEqual(report, {
      uri,
      header: "skipped.mjdeck: simulation skipped: 3 errors, the first at line 5: Unknown tile '5Q'. Did you mean 5M, "
        + "5P, 5S?",
    });
  });

  test('saving simulates and notifies the client', async () => {
    const uri = 'file:///decks/saved.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input);
    await lsp.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    const note = await lsp.until('the simulated notification',
      () => lsp.notifications.find((n) => n.method === 'deckSim/simulated'));
    assert.deepEqual(note.params,
      { uri, header: `saved.mjdeck: A wins by RON after ${official.expected.split('\n').length - 1} events`,
        transcript: official.expected });
  });

  test('no stack traces on stderr', () => assert.equal(lsp.stderr, ''));
});
