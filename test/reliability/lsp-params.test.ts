/**
 * Issue 15, defects 2, 4 and 8: every request's params are checked at the handler boundary
 * and bounded; a bad one is answered -32602 InvalidParams naming the parameter and its bound,
 * and the server goes on answering.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResponseError, type CompletionList, type Hover } from 'vscode-languageserver-protocol';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCase, sharedSkip } from '../helpers';
import { LspSession } from '../lsp/lspClient';

const mahjong = conformanceCase('mahjong', 'official-01');
const sample1 = conformanceCase('cirno', 'sample-1');
const MJ = 'file:///decks/reliable.mjdeck';
const CIRNO = 'file:///decks/reliable.cirnodeck';

/** A 2-player ⑨ deck of 50 rounds: 1,126 events, so three replay pages. */
const longCirnoDeck = () => serviceFor('cirno').newDeck(1, { players: 2, rounds: 50, cards: 5000 });

describe('hostile params get InvalidParams, and the server answers on', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize();
    await lsp.open(MJ, 'mjdeck', mahjong.input, 1);
    await lsp.open(CIRNO, 'cirnodeck', longCirnoDeck(), 1);
    await lsp.diagnosticsFor(CIRNO);
  });
  after(() => lsp.close());

  /** The server still gives a valid hover. */
  async function stillAnswers(): Promise<void> {
    const hover = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri: MJ }, position: { line: 0, character: 0 } }) as Hover;
    assert.match((hover.contents as { value: string }).value, /^!\[8M\]|^\*\*8M\*\*/);
  }

  async function rejected(method: string, params: unknown): Promise<string> {
    try {
      await lsp.connection.sendRequest(method, params);
    } catch (error) {
      assert.ok(error instanceof ResponseError, String(error));
      assert.equal(error.code, -32602, error.message);
      await stillAnswers();
      return error.message;
    }
    assert.fail(`${method} answered ${JSON.stringify(params)}`);
  }

  const mj = { uri: MJ };
  const cases: [string, string, unknown, string][] = [
    // vscode-jsonrpc itself refuses null params for a request that takes them by name.
    ['a null hover', 'textDocument/hover', null,
      'Request textDocument/hover defines parameters by name but received parameters by position'],
    ['an array for params', 'textDocument/codeLens', [1, 2],
      'Request textDocument/codeLens defines parameters by name but received parameters by position'],
    ['a string for params', 'deckSim/simulate', 'x', 'params must be an object, not string "x"'],
    ['a null for params', 'deckSim/replay', null, 'params must be an object, not null'],
    ['a null position', 'textDocument/hover', { textDocument: mj, position: null },
      'params.position must be an object, not null'],
    ['a negative line', 'textDocument/hover', { textDocument: mj, position: { line: -1, character: 0 } },
      'params.position.line must be an integer from 0 to 2147483647, not -1'],
    ['a fractional column', 'textDocument/completion', { textDocument: mj, position: { line: 0, character: 0.5 } },
      'params.position.character must be an integer from 0 to 2147483647, not 0.5'],
    ['no text document', 'textDocument/completion', { position: { line: 0, character: 0 } },
      'params.textDocument must be an object, not undefined'],
    ['a numeric uri', 'textDocument/codeLens', { textDocument: { uri: 7 } },
      'params.textDocument.uri must be a string, not number 7'],
    ['a null range', 'textDocument/inlayHint', { textDocument: mj, range: null },
      'params.range must be an object, not null'],
    ['a code action without range', 'textDocument/codeAction', { textDocument: mj, context: { diagnostics: [] } },
      'params.range must be an object, not undefined'],
    ['null ranges', 'deckSim/selectionSummary', { textDocument: mj, ranges: null },
      'params.ranges must be an array, not null'],
    ['a selection past the last line', 'deckSim/selectionSummary',
      { textDocument: mj, ranges: [{ start: { line: 0, character: 0 }, end: { line: 1_000_000_000, character: 0 } }] },
      "params.ranges[0].end.line must be an integer from 0 to 148 (the document's last line), not 1000000000"],
    ['too many selections', 'deckSim/selectionSummary',
      { textDocument: mj,
        ranges: Array.from({ length: 1001 },
          () => ({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } })) },
      'params.ranges must hold at most 1000 items, not 1001'],
    ['simulate with the old { uri } params', 'deckSim/simulate', { uri: MJ },
      'params.textDocument must be an object, not undefined'],
    ['an unknown game', 'deckSim/newDeck', { game: 'mjdeck', seed: 1 },
      'params.game must be one of mahjong, cirno, not "mjdeck"'],
    ['a negative seed', 'deckSim/newDeck', { game: 'mahjong', seed: -1 },
      'params.seed must be an integer from 0 to 4294967295, not -1'],
    ['a huge k', 'deckSim/newDeck', { game: 'cirno', seed: 1, cards: 100_000_000 },
      "params.cards must be an integer from 1 to 300000 (the rules' limit), not 100000000"],
    ['a huge n', 'deckSim/newDeck', { game: 'cirno', seed: 1, players: 1_000_000 },
      "params.players must be an integer from 1 to 30 (the rules' limit), not 1000000"],
    ['zero rounds', 'deckSim/newDeck', { game: 'cirno', seed: 1, rounds: 0 },
      "params.rounds must be an integer from 1 to 100 (the rules' limit), not 0"],
    ['a huge page', 'deckSim/replayFrames', { textDocument: { uri: CIRNO }, version: 1, from: 0, count: 1_000_000_000 },
      "params.count must be an integer from 0 to 500 (the replay's page size), not 1000000000"],
    ['a page past the end', 'deckSim/replayFrames',
      { textDocument: { uri: CIRNO }, version: 1, from: 1_000_000, count: 10 },
      'params.from must be an integer from 0 to 1126 (the number of steps), not 1000000'],
    ['a string version', 'deckSim/replayTarget',
      { textDocument: { uri: CIRNO }, version: '1', position: { line: 0, character: 0 } },
      'params.version must be an integer from -2147483648 to 2147483647, not string "1"'],
  ];
  for (const [name, method, params, message] of cases) {
    test(name, async () => assert.equal(await rejected(method, params), message));
  }

  // Issue 20, item 8: the library's typed helpers (onHover and the like) read params.workDoneToken
  // before any handler, and answered -32603 for null params.
  const everyRequest = [
    'textDocument/hover', 'textDocument/completion', 'textDocument/codeAction', 'textDocument/codeLens',
    'textDocument/inlayHint', 'textDocument/documentSymbol', 'textDocument/foldingRange',
    'textDocument/documentHighlight', 'textDocument/references', 'textDocument/prepareRename', 'textDocument/rename',
    'textDocument/formatting', 'textDocument/rangeFormatting', 'textDocument/willSaveWaitUntil', 'deckSim/simulate',
    'deckSim/replay', 'deckSim/replayFrames', 'deckSim/replayTarget', 'deckSim/newDeck', 'deckSim/selectionSummary',
  ];
  for (const method of everyRequest) {
    test(`${method} with params null: InvalidParams`, async () => {
      assert.deepEqual((await lsp.rawRequest(method, null)).error,
        { code: -32602, message: 'params must be an object, not null' });
      await stillAnswers();
    });
  }

  test('initialize with params null: InvalidParams, and a sound initialize after it works', async () => {
    const fresh = new LspSession();
    try {
      assert.deepEqual((await fresh.rawRequest('initialize', null)).error,
        { code: -32602, message: 'params must be an object, not null' });
      assert.deepEqual((await fresh.rawRequest('initialize', { processId: null })).error,
        { code: -32602, message: 'params.capabilities must be an object, not undefined' });
      const result = await fresh.initialize() as { serverInfo: { name: string } };
      assert.equal(result.serverInfo.name, 'deck-sim');
    } finally {
      await fresh.close();
    }
  });

  test('a page within bounds is answered', async () => {
    const page = await lsp.connection.sendRequest('deckSim/replayFrames',
      { textDocument: { uri: CIRNO }, version: 1, from: 0, count: 500 }) as { frames: unknown[] };
    assert.equal(page.frames.length, 500);
  });

  test('a didOpen whose text is null is logged and dropped', async () => {
    const uri = 'file:///decks/null-text.mjdeck';
    await lsp.connection.sendNotification('textDocument/didOpen',
      { textDocument: { uri, languageId: 'mjdeck', version: 1, text: null } });
    const log = await lsp.until('the log line', () => lsp.logs.find((line) => line.includes('didOpen')));
    assert.equal(log, 'deck-sim: ignored textDocument/didOpen: params.textDocument.text must be a string, not null');
    assert.equal(await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 0, character: 0 } }), null);
    await stillAnswers();
  });

  test('completion past the end of the document offers nothing', async () => {
    for (const position of [{ line: 148, character: 5 }, { line: 5000, character: 0 }, { line: 3, character: 40 }]) {
      const list = await lsp.connection.sendRequest('textDocument/completion',
        { textDocument: mj, position }) as CompletionList;
      assert.deepEqual(list, { isIncomplete: false, items: [] }, JSON.stringify(position));
    }
    const cirno = await lsp.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: CIRNO }, position: { line: 1, character: 400 },
    }) as CompletionList;
    assert.deepEqual(cirno.items, []);
  });

  test('a malformed URI is a URI like any other', async () => {
    const uri = 'file:///x/100%.mjdeck';
    await lsp.open(uri, 'mjdeck', mahjong.input);
    const report = await lsp.connection.sendRequest('deckSim/simulate',
      { textDocument: { uri } }) as { header: string; transcript: string };
    assert.equal(report.header, `100%.mjdeck: A wins by RON after ${mahjong.expected.split('\n').length - 1} events`);
    assert.equal(report.transcript, mahjong.expected);
    const replay = await lsp.connection.sendRequest('deckSim/replay', { textDocument: { uri } }) as { title: string };
    assert.equal(replay.title, report.header);
  });

  test('a ⑨ deck with a hostile name simulates', async () => {
    const uri = 'file:///decks/hostile.cirnodeck';
    await lsp.open(uri, 'cirnodeck', sample1.input.replace('JoesSR', '<img/src=x>'));
    const hover = await lsp.connection.sendRequest('textDocument/hover',
      { textDocument: { uri }, position: { line: 1, character: 0 } }) as Hover;
    assert.match((hover.contents as { value: string }).value, /^\*\*\\<img\/src=x\\>\*\* — player 1 of 2/);
  });

  test('nothing on stderr', () => assert.equal(lsp.stderr, ''));
});
