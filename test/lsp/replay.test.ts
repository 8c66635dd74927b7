import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CirnoReplay, MahjongReplay } from '../../server/src/protocol/replay';
import { ReplayFramesRequest, ReplayRequest, ReplayTargetRequest } from '../../server/src/protocol/requests';
import { conformanceCase, sharedSkip } from '../helpers';
import { LspSession } from './lspClient';

const official = conformanceCase('mahjong', 'official-01');
const cirno = conformanceCase('cirno', 'sample-1');

describe('the replay requests over stdio', { skip: sharedSkip }, () => {
  let lsp: LspSession;
  before(async () => {
    lsp = new LspSession();
    await lsp.initialize({}, { pictures: true });
  });
  after(() => lsp.close());

  test('deckSim/replay: a Mahjong deck, whole, with its line targets', async () => {
    const uri = 'file:///decks/replay.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input, 3);
    const replay = await lsp.request(ReplayRequest, { textDocument: { uri } }) as MahjongReplay;
    const lines = official.expected.trimEnd().split('\n');
    assert.equal(replay.kind, 'mahjong');
    assert.equal(replay.uri, uri);
    assert.equal(replay.version, 3);
    assert.equal(replay.title, `replay.mjdeck: A wins by RON after ${lines.length} events`);
    assert.equal(replay.stepCount, lines.length);
    assert.deepEqual(replay.frames.map((f) => f.caption), lines);
    assert.deepEqual(replay.lineTargets![53], { step: 54, focus: 53 });
    assert.ok(replay.pictures['8M'].uri.startsWith('data:image/svg+xml;base64,'));

    const page = await lsp.request(ReplayFramesRequest,
      { textDocument: { uri }, version: 3, from: 50, count: 3 });
    assert.deepEqual(page, { version: 3, from: 50, frames: replay.frames.slice(50, 53) });
    const target = await lsp.request(ReplayTargetRequest,
      { textDocument: { uri }, version: 3, position: { line: 53, character: 0 } });
    assert.deepEqual(target, { step: 54, focus: 53 });
    // A version the document no longer has gets no answer.
    assert.equal(await lsp.request(ReplayFramesRequest,
      { textDocument: { uri }, version: 2, from: 0, count: 3 }), null);
    assert.equal(await lsp.request(ReplayTargetRequest,
      { textDocument: { uri }, version: 2, position: { line: 0, character: 0 } }), null);
  });

  test('an edit that breaks the deck: no replay, and why', async () => {
    const uri = 'file:///decks/replay-edit.mjdeck';
    await lsp.open(uri, 'mjdeck', official.input, 1);
    assert.equal((await lsp.request(ReplayRequest, { textDocument: { uri } }))?.kind, 'mahjong');
    await lsp.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1 } }, text: '5Q' }],
    });
    const broken = (await lsp.request(ReplayRequest, { textDocument: { uri } }))!;
    assert.equal(broken.kind, 'unavailable');
    assert.equal(broken.version, 2);
    assert.match((broken as { reason: string }).reason, /^2 errors, the first at line 3: Unknown tile '5Q'/);
  });

  test('deckSim/replay: a ⑨ deck, with targets by position', async () => {
    const uri = 'file:///decks/replay.cirnodeck';
    await lsp.open(uri, 'cirnodeck', cirno.input, 1);
    const replay = await lsp.request(ReplayRequest, { textDocument: { uri } }) as CirnoReplay;
    assert.equal(replay.kind, 'cirno');
    assert.equal(replay.lineTargets, undefined);
    assert.deepEqual(replay.players, ['JoesSR', 'Cirno']);
    assert.equal(replay.frames[1].caption, 'JoesSR used A99,now p=99.');
    const target = await lsp.request(ReplayTargetRequest,
      { textDocument: { uri }, version: 1, position: { line: 3, character: 1 } });
    assert.deepEqual(target, { step: 2, focus: 6 });
  });

  test('an unknown document gets null', async () => {
    assert.equal(await lsp.request(ReplayRequest,
      { textDocument: { uri: 'file:///decks/nowhere.mjdeck' } }), null);
  });
});
