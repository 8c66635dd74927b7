/**
 * The toy third game (test/toyGame.ts), registered at run time through the registry the shipped
 * games use, driven through the language server (in this process), the CLI and the audit. If this
 * needs a change outside test/ beyond the registry, a seam is unfinished.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import {
  StreamMessageReader as ClientReader, StreamMessageWriter as ClientWriter, createProtocolConnection,
  type DocumentSymbol, type Hover, type ProtocolConnection, type PublishDiagnosticsParams,
} from 'vscode-languageserver-protocol/node';
import {
  ProposedFeatures, StreamMessageReader, StreamMessageWriter, createConnection,
} from 'vscode-languageserver/node';
import { auditDecks } from '../../server/src/core/catalogue/audit';
import { gameForPath } from '../../server/src/core/gameRegistry';
import { startServer } from '../../server/src/lsp/startServer';
import {
  NewDeckGamesRequest, NewDeckRequest, ReplayFramesRequest, ReplayRequest, ReplayTargetRequest, type RequestType,
} from '../../server/src/protocol/requests';
import { cli, tempDir } from '../cli/harness';
import { diagnosticLine } from '../lsp/lspClient';
import { SUM_RACE, registerSumRace } from '../toyGame';

registerSumRace();

const DECK = '# a race to 10\ntarget 10\nplayers A B\ncards 3 5 2 7 1\n';
const TRANSCRIPT = 'A DRAW 3 SUM 3\nB DRAW 5 SUM 5\nA DRAW 2 SUM 5\nB DRAW 7 SUM 12\nB WINS\n';
const BAD = 'target 10\nplayers A B\ncards 3 x 12\n';
const URI = 'file:///race.sumdeck';
const BAD_URI = 'file:///bad.sumdeck';

/** The language server on in-memory streams, so that it sees the game this process registered. */
function inProcessServer(): {
  client: ProtocolConnection; diagnostics: Map<string, PublishDiagnosticsParams>; waiters: (() => void)[];
} {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const reader = new StreamMessageReader(toServer);
  startServer(createConnection(ProposedFeatures.all, reader, new StreamMessageWriter(toClient)));
  const client = createProtocolConnection(new ClientReader(toClient), new ClientWriter(toServer));
  const diagnostics = new Map<string, PublishDiagnosticsParams>();
  const waiters: (() => void)[] = [];
  client.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    diagnostics.set(params.uri, params);
    waiters.splice(0).forEach((wake) => wake());
  });
  client.listen();
  return { client, diagnostics, waiters };
}

describe('a toy third game registered at run time', () => {
  const server = inProcessServer();
  const { client } = server;

  async function diagnosticsOf(uri: string): Promise<string[]> {
    while (!server.diagnostics.has(uri)) await new Promise<void>((wake) => server.waiters.push(wake));
    return server.diagnostics.get(uri)!.diagnostics.map(diagnosticLine);
  }

  const request = <P, R>(type: RequestType<P, R>, params: P) => client.sendRequest(type.method, params) as Promise<R>;
  const at = (line: number, character: number) => ({ textDocument: { uri: URI }, position: { line, character } });

  before(async () => {
    await client.sendRequest('initialize', {
      processId: null, rootUri: null, capabilities: {}, workspaceFolders: null,
      initializationOptions: { diagnosticsDelayMs: 0 },
    });
    await client.sendNotification('initialized', {});
    for (const [uri, text] of [[URI, DECK], [BAD_URI, BAD]]) {
      const textDocument = { uri, languageId: 'sumdeck', version: 1, text };
      await client.sendNotification('textDocument/didOpen', { textDocument });
    }
  });

  after(async () => {
    await client.sendRequest('shutdown');
    client.dispose();
  });

  test('the registry knows it by its file ending', () => {
    assert.equal(gameForPath('x/RACE.SUMDECK'), SUM_RACE);
  });

  test('diagnostics: each bad card with its range, none for a good deck', async () => {
    assert.deepEqual(await diagnosticsOf(BAD_URI), [
      "2:8-2:9 1 bad-card deck-sim: A card is a whole number from 1 to 9, not 'x'.",
      "2:10-2:12 1 bad-card deck-sim: A card is a whole number from 1 to 9, not '12'.",
    ]);
    assert.deepEqual(await diagnosticsOf(URI), []);
  });

  test('hover on a card says who drew it', async () => {
    const hover = await client.sendRequest('textDocument/hover', at(3, 12)) as Hover;
    assert.deepEqual(hover.contents, { kind: 'markdown', value: 'Card **7**: drawn by B, whose sum becomes 12' });
    const never = await client.sendRequest('textDocument/hover', at(3, 14)) as Hover;
    assert.deepEqual(never.contents, { kind: 'markdown', value: 'Card **1**: never drawn' });
  });

  test('the outline has its three sections, the cards under theirs', async () => {
    const symbols = await client.sendRequest('textDocument/documentSymbol', at(0, 0)) as DocumentSymbol[];
    const names = (list: DocumentSymbol[] = []): unknown[] => list.map((s) => (
      s.children?.length ? [s.name, names(s.children)] : s.name));
    assert.deepEqual(names(symbols), ['target', ['players', ['A', 'B']], ['cards', ['3', '5', '2', '7', '1']]]);
    assert.deepEqual(symbols[2].children![3].range, { start: at(3, 12).position, end: at(3, 13).position });
  });

  test('the replay: a frame per draw, paged, and the cursor leads to its draw', async () => {
    const replay = await request(ReplayRequest, { textDocument: { uri: URI } });
    // The toy's kind is no kind of the protocol: no client draws it (a shipped game adds its kind and renderer).
    assert.equal(replay?.kind as string, 'sumrace');
    assert.equal(replay?.kind !== 'unavailable' && replay?.title, 'race.sumdeck: B wins after 4 draws');
    assert.equal(replay?.kind !== 'unavailable' && replay?.stepCount, 4);
    const page = await request(ReplayFramesRequest, { textDocument: { uri: URI }, version: 1, from: 2, count: 5 });
    assert.deepEqual(page?.frames.map((f) => f.caption), ['A DRAW 2 SUM 5', 'B DRAW 7 SUM 12']);
    const target = await request(ReplayTargetRequest, { ...at(3, 10), version: 1 });
    assert.deepEqual(target, { step: 2, focus: 2 });
    const bad = await request(ReplayRequest, { textDocument: { uri: BAD_URI } });
    assert.equal(bad?.kind, 'unavailable');
  });

  test('New Deck lists it with its options and bounds, and makes its decks', async () => {
    const games = await request(NewDeckGamesRequest, null);
    assert.deepEqual(games.map((g) => g.game), ['mahjong', 'cirno', 'sumrace']);
    assert.deepEqual(games[2], {
      game: 'sumrace', name: 'Sum race', languageId: 'sumdeck',
      options: { players: { prompt: 'Players', min: 1, max: 4, default: 2 } },
    });
    const made = await request(NewDeckRequest, { game: 'sumrace', seed: 7, players: 3 });
    assert.equal(made.languageId, 'sumdeck');
    assert.match(made.text, /^target \d+\nplayers A B C\ncards( \d)+\n$/);
    await assert.rejects(request(NewDeckRequest, { game: 'sumrace', seed: 7, players: 5 }), /params\.players .*4/);
  });
});

describe('the toy game through the CLI and the audit', () => {
  const dir = tempDir();
  before(() => {
    writeFileSync(join(dir, 'race.sumdeck'), DECK);
    writeFileSync(join(dir, 'bad.sumdeck'), BAD);
    writeFileSync(join(dir, 'dry.sumdeck'), 'target 50\nplayers A\ncards 1 2\n');
  });

  test('deck-sim simulate prints its transcript', async () => {
    assert.deepEqual(await cli(['simulate', join(dir, 'race.sumdeck')]), { status: 0, stdout: TRANSCRIPT, stderr: '' });
  });

  test('deck-sim check reports each problem with its place', async () => {
    const file = join(dir, 'bad.sumdeck');
    assert.deepEqual(await cli(['check', file]), {
      status: 1,
      stdout: '',
      stderr: `${file}:3:9: error: A card is a whole number from 1 to 9, not 'x'.\n`
        + `${file}:3:11: error: A card is a whole number from 1 to 9, not '12'.\n`
        + '1 deck checked, 2 errors in 1 deck\n',
    });
  });

  test('the audit measures its rules and mistakes, and augment adds the deck that catches the mistake', async () => {
    const decks = ['race', 'dry'].map((name) => ({ name, text: readFileSync(join(dir, `${name}.sumdeck`), 'utf8') }));
    const report = await auditDecks(SUM_RACE, decks);
    assert.deepEqual(report.rules.map((r) => [r.id, r.decks]), [
      ['target-reached', ['race']], ['cards-run-out', ['dry']],
    ]);
    assert.deepEqual(report.mistakes.map((m) => [m.id, m.killedBy]), [['must-exceed', []]]);

    const out = join(dir, 'more');
    const inputs = [join(dir, 'race.sumdeck'), join(dir, 'dry.sumdeck')];
    const result = await cli(['audit', '--json', '--augment', out, ...inputs]);
    assert.equal(result.status, 0, result.stderr);
    const json = JSON.parse(result.stdout);
    const added = join(out, 'audit-01-must-exceed.in');
    assert.equal(json.augment.before, 'rules 2/2 exercised · mistakes 0/1 caught');
    assert.equal(json.summary, 'rules 2/2 exercised · mistakes 1/1 caught');
    assert.deepEqual(json.mutants[0].first, { deck: added, line: 2, expected: 'A WINS', mistaken: 'NO WINNER' });
    const expected = SUM_RACE.transcript(SUM_RACE.analyze(readFileSync(added, 'utf8')));
    assert.equal(readFileSync(join(out, 'audit-01-must-exceed.ans'), 'utf8'), expected);
  });
});
