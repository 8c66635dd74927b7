import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FramePages } from '../../client/src/replay/framePages';
import { ReplayModel } from '../../client/src/replay/replayModel';
import type { CirnoFrame, CirnoReplay, ReplayFrame } from '../../server/src/protocol/replay';
import type { ReplayFramesResult } from '../../server/src/protocol/requests';

/** A frame that says its step in its caption; every even step is a decision with a why. */
function frame(step: number): CirnoFrame {
  return {
    caption: `step ${step}`, round: 1, p: step, direction: 1, hands: [[]], losses: [0], pileLeft: 0,
    ...(step % 2 === 0 ? { why: { summary: `why ${step}`, notes: [] } } : {}),
  };
}

/** A server holding `stepCount` frames, logging each request as `from+count`. */
function server(stepCount: number) {
  const asked: string[] = [];
  const fetch = async (from: number, count: number): Promise<ReplayFramesResult | null> => {
    asked.push(`${from}+${count}`);
    const frames: ReplayFrame[] = [];
    for (let s = from; s < Math.min(stepCount, from + count); s++) frames.push(frame(s));
    return { version: 1, from, frames };
  };
  return { asked, fetch };
}

function replay(stepCount: number, pageSize: number, version = 1): CirnoReplay {
  const frames = Array.from({ length: Math.min(pageSize, stepCount) }, (_, s) => frame(s));
  return {
    kind: 'cirno', uri: 'file:///d.cirnodeck', version, title: 't', players: ['A'], stepCount, pageSize,
    pictures: {}, rounds: 1, pileSize: 0, frames,
  };
}

describe('the replay page cache', () => {
  test('page 0 comes with the replay; other pages are asked for once, then kept', async () => {
    const { asked, fetch } = server(100);
    const pages = new FramePages(10, replay(100, 10).frames, fetch, 3);
    await pages.load(5);
    await pages.load(42);
    await pages.load(47);
    assert.deepEqual(asked, ['40+10']);
    assert.equal(pages.get(47)?.caption, 'step 47');
    assert.equal(pages.get(5)?.caption, 'step 5');
  });

  test('keeps only the most recently used pages besides page 0', async () => {
    const { asked, fetch } = server(100);
    const pages = new FramePages(10, replay(100, 10).frames, fetch, 2);
    await pages.load(10);
    await pages.load(20);
    await pages.load(15); // page 1 used again: page 2 is now the oldest
    await pages.load(30);
    assert.deepEqual(asked, ['10+10', '20+10', '30+10']);
    const kept = pages.keptSteps();
    assert.deepEqual([kept[0], kept.at(-1), kept.length], [0, 39, 30]);
    assert.equal(pages.get(25), undefined);
  });

  test('asks again for a page the server had no frames for, or failed on', async () => {
    let calls = 0;
    const pages = new FramePages(10, [], async (from) => {
      calls++;
      if (calls === 1) return null;
      if (calls === 2) throw new Error('server gone');
      return { version: 1, from, frames: [frame(from)] };
    });
    await pages.load(0);
    await pages.load(0);
    await pages.load(0);
    assert.equal(calls, 3);
    assert.equal(pages.get(0)?.caption, 'step 0');
  });
});

describe('the replay panel state', () => {
  function model() {
    const { asked, fetch } = server(25);
    return { asked, model: new ReplayModel(() => fetch) };
  }

  test('shows the step, its caption and frame, loading its page', async () => {
    const { asked, model: m } = model();
    m.reset('file:///d.cirnodeck');
    assert.equal(m.accept(replay(25, 10), ''), true);
    await m.moveTo(99);
    assert.deepEqual(asked, ['20+10']);
    assert.deepEqual(m.state(), {
      uri: 'file:///d.cirnodeck', kind: 'cirno', version: 1, step: 24, stepCount: 25, caption: 'step 24',
      why: 'why 24', focus: undefined, rendered: undefined, note: undefined, stale: false,
    });
    const { type, step, stale } = m.showMessage() as { type: string; step: number; stale: boolean };
    assert.deepEqual({ type, step, stale }, { type: 'show', step: 24, stale: false });
  });

  test('the data message leaves out the frames and the cursor targets', () => {
    const { model: m } = model();
    m.reset('u');
    assert.deepEqual(m.dataMessage(), { type: 'data', data: undefined });
    m.accept({ ...replay(25, 10), lineTargets: [null] }, '');
    const message = m.dataMessage();
    assert.equal(message.type, 'data');
    assert.deepEqual(Object.keys(message.type === 'data' ? message.data! : {}).sort(), [
      'kind', 'pageSize', 'pictures', 'pileSize', 'players', 'rounds', 'stepCount', 'title', 'uri', 'version',
    ]);
  });

  test('an invalid text keeps the last valid replay, marked stale, and the cursor is not followed', async () => {
    const { model: m } = model();
    m.reset('u');
    m.accept(replay(25, 10), '');
    await m.moveTo(m.aim({ step: 3, focus: 7, note: 'drawn by A' }));
    assert.equal(m.state().note, 'drawn by A');
    const changed = m.accept({ kind: 'unavailable', uri: 'u', version: 2, reason: '1 error' }, '');
    assert.equal(changed, false);
    assert.equal(m.current(), undefined);
    assert.deepEqual([m.state().step, m.state().stale, m.state().note, m.state().caption], [
      3, true, 'The deck has errors now (1 error): the replay shows the last valid text.', 'step 3',
    ]);
  });

  test('without any valid replay, says why; a picked step drops the cursor note', async () => {
    const { model: m } = model();
    m.reset('u');
    m.accept(null, 'the language server does not know this document.');
    assert.deepEqual([m.state().note, m.state().stale, m.state().stepCount], [
      'No replay: the language server does not know this document.', false, 0,
    ]);
    m.accept(replay(25, 10), '');
    m.aim({ note: 'never drawn' });
    await m.moveTo(m.pick(4));
    assert.deepEqual([m.state().step, m.state().note], [4, undefined]);
  });

  test('gives the step\'s why summary, and none for a step that is no decision', async () => {
    const { model: m } = model();
    m.reset('u');
    assert.equal(m.state().why, undefined);
    m.accept(replay(25, 10), '');
    await m.moveTo(12);
    assert.equal(m.state().why, 'why 12');
    await m.moveTo(13);
    assert.deepEqual([m.state().caption, m.state().why], ['step 13', undefined]);
  });
});
