import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomCirnoDeckText } from '../../server/src/core/cirno';
import { cirnoCardSvg } from '../../server/src/features/cirno/cardPictures';
import { cirnoPageSize } from '../../server/src/features/cirno/replay';
import { tileSvg } from '../../server/src/features/mahjong/tilePictures';
import { svgDataUri } from '../../server/src/features/pictures/svg';
import { buildReplay, replayFrames, replayTarget } from '../../server/src/features/replay';
import type { AnalyzedDeck } from '../../server/src/features/gameService';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import type { CirnoFrame, CirnoReplay, MahjongFrame, MahjongReplay } from '../../server/src/protocol/replay';
import { conformanceCase, sharedSkip } from '../helpers';

const official = conformanceCase('mahjong', 'official-01');
const source = { uri: 'file:///decks/official-01.mjdeck', version: 7 };

function mahjongReplay(text = official.input): { analysis: AnalyzedDeck; replay: MahjongReplay } {
  const analysis = serviceFor('mahjong').analyze(text);
  const replay = buildReplay(analysis, source, { pictures: true });
  assert.equal(replay.kind, 'mahjong');
  return { analysis, replay: replay as MahjongReplay };
}

function cirnoReplay(text: string): { analysis: AnalyzedDeck; replay: CirnoReplay } {
  const analysis = serviceFor('cirno').analyze(text);
  const replay = buildReplay(analysis, { uri: 'file:///decks/game.cirnodeck', version: 1 }, { pictures: true });
  assert.equal(replay.kind, 'cirno', replay.kind === 'unavailable' ? replay.reason : '');
  return { analysis, replay: replay as CirnoReplay };
}

describe('the Mahjong replay', { skip: sharedSkip }, () => {
  test('a decision step carries its Why: the sentence, the options weighed and the checks after it', () => {
    const { replay } = mahjongReplay();
    assert.equal(replay.frames[57].caption, 'C OUT Z');
    const distances = [5, 5, 5, 5, 5, 4, 4, 5, 4, 4, 4, 4];
    assert.deepEqual(replay.frames[57].why, {
      summary: 'Discarded by C: every choice leaves distance 4 or 5; 5P, 6P, 6S, E, N and Z leave 4; '
        + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).',
      table: {
        columns: ['Discard', 'Distance after'],
        rows: ['3M', '4M', '5M', '7M', '9M', '5P', '6P', '3S', '6S', 'E', 'N', 'Z']
          .map((name, i) => ({ cells: [name, String(distances[i])], ...(name === 'Z' ? { chosen: true } : {}) })),
        pictureColumn: 0,
      },
      notes: ["A's pong Z Z Z: distance 3 → 2, taken"],
    });
    assert.deepEqual(replay.frames[54].why, { summary: "B's turn is skipped: A discarded PASS.", notes: [] });
    assert.deepEqual(replay.frames[71].why, {
      summary: 'Discarded by C: special tiles go first, PASS before REVERSE before DOUBLE; C held REVERSE. '
        + 'Play turns D → C → B → A: B plays next.',
      notes: [],
    });
    assert.equal(replay.frames[0].why, undefined, 'a deal decides nothing');
  });

  test('one step per transcript line, captioned with exactly that line', () => {
    const { replay } = mahjongReplay();
    const lines = official.expected.trimEnd().split('\n');
    assert.equal(replay.stepCount, lines.length);
    assert.equal(replay.frames.length, replay.stepCount, 'a Mahjong replay comes whole');
    assert.equal(replay.pageSize, replay.stepCount);
    assert.deepEqual(replay.frames.map((f) => f.caption), lines);
    assert.deepEqual(replay.frames.slice(0, 3).map((f) => f.caption), ['A IN 8M', 'B IN Z', 'C IN E']);
    assert.equal(replay.frames[54].caption, 'C IN Z');
    assert.equal(replay.frames.at(-1)!.caption, 'A WIN');
  });

  test('says who the replay is of', () => {
    const { replay } = mahjongReplay();
    assert.equal(replay.uri, source.uri);
    assert.equal(replay.version, 7);
    assert.equal(replay.title, `official-01.mjdeck: A wins by RON after ${replay.stepCount} events`);
    assert.deepEqual(replay.players, ['A', 'B', 'C', 'D']);
    assert.equal(replay.tiles.length, 148);
    assert.deepEqual(replay.tiles.slice(0, 3), ['8M', 'Z', 'E']);
    for (const name of replay.tiles) assert.match(replay.pictures[name].uri, /^data:image\/svg\+xml;base64,/);
    assert.equal(replay.pictures.Z.label, 'Z, Red Dragon');
  });

  test('maps deck lines to the step that deals or draws their tile', () => {
    const { analysis, replay } = mahjongReplay();
    const targets = replay.lineTargets!;
    assert.equal(targets.length, official.input.split('\n').length);
    assert.deepEqual(targets[0], { step: 0, focus: 0 }); // 8M, dealt to A
    assert.deepEqual(targets[2], { step: 2, focus: 2 }); // E, dealt to C
    assert.deepEqual(targets[53], { step: 54, focus: 53 }); // Z, drawn by C on turn 2: line 55
    assert.equal(replay.frames[54].caption, 'C IN Z');
    assert.deepEqual(targets[99],
      { focus: 99, note: `Tile 100 (${replay.tiles[99]}) is never drawn: the game ends first.` });
    assert.equal(targets[148], null, 'the line after the last tile');
    // The request form answers the same.
    assert.deepEqual(replayTarget(analysis, { line: 53, character: 0 }), targets[53]);
  });

  test('comments and blank lines lead nowhere; tile lines keep their targets', () => {
    const text = '# a comment\n\n' + official.input;
    const { replay } = mahjongReplay(text);
    assert.equal(replay.lineTargets![0], null);
    assert.equal(replay.lineTargets![1], null);
    assert.deepEqual(replay.lineTargets![2 + 53], { step: 54, focus: 53 });
  });

  test('every frame accounts for every tile that left the wall', () => {
    const { replay } = mahjongReplay();
    replay.frames.forEach((frame: MahjongFrame, step) => {
      const held = frame.hands.flat().length + frame.melds.flat().reduce((n, m) => n + m.tiles.length,
        0) + frame.discards.flat().length;
      assert.equal(held, 148 - frame.wall, `step ${step}`);
      const all = [...frame.hands.flat(), ...frame.melds.flat().flatMap((m) => m.tiles), ...frame.discards.flat()];
      assert.equal(new Set(all).size, all.length, `step ${step}: no tile twice`);
    });
    const dealt = replay.frames[51];
    assert.deepEqual(dealt.hands.map((h) => h.length), [13, 13, 13, 13]);
    assert.equal(dealt.wall, 96);
  });

  test('a drawn tile is fresh and last in its hand; hands are otherwise sorted', () => {
    const { replay } = mahjongReplay();
    const frame = replay.frames[52]; // the first draw
    assert.match(frame.caption, /^A IN /);
    assert.equal(frame.actor, 0);
    assert.equal(frame.fresh, 52);
    assert.equal(frame.hands[0].at(-1), 52);
    assert.deepEqual(frame.moved, [52]);
    for (const hand of replay.frames[51].hands) {
      const kinds = hand.map((t) => KIND_ORDER.indexOf(replay.tiles[t]));
      assert.deepEqual(kinds, [...kinds].sort((a, b) => a - b),
        `sorted: ${hand.map((t) => replay.tiles[t]).join(' ')}`);
    }
  });

  test('melds name the claimed tile and its giver; the winner is marked', () => {
    const { replay } = mahjongReplay();
    const pong = replay.frames.findIndex((f) => f.caption.includes('PONG'));
    const frame = replay.frames[pong];
    const meld = frame.melds[frame.actor!].at(-1)!;
    assert.equal(meld.type, 'pong');
    assert.ok(meld.tiles.includes(meld.claimed));
    assert.notEqual(meld.from, frame.actor);
    assert.deepEqual(frame.moved, meld.tiles);
    const last = replay.frames.at(-1)!;
    assert.equal(last.winner, 0);
    assert.equal(replay.frames[0].winner, undefined);
  });

  test('pages are slices of the whole', () => {
    const { analysis, replay } = mahjongReplay();
    assert.deepEqual(replayFrames(analysis, 10, 5), replay.frames.slice(10, 15));
    assert.deepEqual(replayFrames(analysis, replay.stepCount - 2, 100), replay.frames.slice(-2));
    assert.deepEqual(replayFrames(analysis, replay.stepCount, 10), []);
  });

  test('a deck with errors has no replay, and says why', () => {
    const lines = official.input.split('\n');
    lines[2] = '5Q';
    const analysis = serviceFor('mahjong').analyze(lines.join('\n'));
    const replay = buildReplay(analysis, source, { pictures: true });
    assert.equal(replay.kind, 'unavailable');
    assert.match((replay as { reason: string }).reason, /^2 errors, the first at line 3: Unknown tile '5Q'/);
    assert.deepEqual(replayFrames(analysis, 0, 10), []);
    assert.equal(replayTarget(analysis, { line: 0, character: 0 }), null);
  });
});

const KIND_ORDER = [
  ...['M', 'P', 'S'].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => `${rank}${suit}`)),
  'E', 'S', 'W', 'N', 'B', 'F', 'Z', 'DOUBLE', 'REVERSE', 'PASS',
];

describe('the ⑨ replay', { skip: sharedSkip }, () => {
  test('plays and losses carry their Why: the rule, each card with the p it gives, who plays next', () => {
    const { replay } = cirnoReplay(conformanceCase('cirno', 'sample-1').input);
    const rows = (cells: string[][],
      chosen?: number) => cells.map((row, i) => ({ cells: row, ...(i === chosen ? { chosen: true } : {}) }));
    const columns = ['Card', 'p after', 'Loses'];
    assert.equal(replay.frames[11].caption, 'Cirno used DOUBLE,now p=89.');
    assert.deepEqual(replay.frames[11].why, {
      summary: 'Played by Cirno at p = 89: every normal card loses, so an escape card (PASS, then TURN, then DOUBLE).',
      table: {
        columns,
        rows: rows([['A19', '108', 'yes'], ['DOUBLE', '89', 'no'], ['A49', '138', 'yes']], 1),
        pictureColumn: 0,
      },
      notes: ['Next: JoesSR plays next, doubled.'],
    });
    assert.equal(replay.frames[15].caption, 'Cirno lost the game.');
    assert.deepEqual(replay.frames[15].why, {
      summary: 'Cirno loses at p = 89 under DOUBLE: every card in hand loses.',
      table: {
        columns, rows: rows([['A19', '108', 'yes'], ['A99', '188', 'yes'], ['A49', '138', 'yes']]), pictureColumn: 0,
      },
      notes: [],
    });
    assert.equal(replay.frames[0].why, undefined, 'a round start decides nothing');
  });

  const sample = conformanceCase('cirno', 'sample-1');

  test('plays, losses and round starts are captioned with their transcript lines', () => {
    const { replay } = cirnoReplay(sample.input);
    const transcript = replay.frames.filter((_, i) => !isDraw(replay.frames[i])).map((f) => f.caption);
    assert.deepEqual(transcript, sample.expected.trimEnd().split('\n'));
    assert.equal(replay.frames.length, replay.stepCount);
    assert.equal(replay.rounds, 1);
    assert.equal(replay.pileSize, 10);
  });

  test('the table after each event: hands, p, the doubled mark, who plays next', () => {
    const { replay } = cirnoReplay(sample.input);
    const [start, play, draw] = replay.frames;
    assert.equal(start.caption, 'Round 1:');
    assert.equal(start.toMove, 0);
    assert.deepEqual(start.hands.map((h) => h.map((c) => c.card)), [['B9', 'A99', 'PASS'], ['C2', 'D2', 'A49']]);
    assert.equal(play.caption, 'JoesSR used A99,now p=99.');
    assert.equal(play.p, 99);
    assert.deepEqual(play.played, { player: 0, card: 'A99', id: 1, doubled: false });
    assert.deepEqual(play.hands[0].map((c) => c.card), ['B9', 'PASS']);
    assert.equal(play.toMove, 1);
    assert.equal(draw.caption, 'JoesSR draws E49 (pile card 1 of 10)');
    assert.equal(draw.drawn, 6);
    assert.deepEqual(draw.hands[0].map((c) => c.card), ['B9', 'E49', 'PASS']);
    assert.equal(draw.pileLeft, 9);
    const doubled = replay.frames.find((f) => f.caption === 'Cirno used DOUBLE,now p=89.')!;
    assert.equal(doubled.doubled, 0, 'DOUBLE marks the next player');
    const lost = replay.frames.find((f) => f.loser !== undefined)!;
    assert.equal(lost.caption, 'Cirno lost the game.');
    assert.equal(lost.dropped!.length, 3);
    assert.deepEqual(lost.losses, [0, 1]);
  });

  test('the cursor on a card leads to its draw, else its play', () => {
    const { analysis, replay } = cirnoReplay(sample.input);
    assert.equal(replay.lineTargets, undefined, 'a line can hold many cards: ask the server');
    // Pile line 3: E49 DOUBLE PASS A19 ...; the first card is drawn by JoesSR at step 2.
    const e49 = replayTarget(analysis, { line: 3, character: 1 })!;
    assert.deepEqual(e49, { step: 2, focus: 6 });
    assert.equal(replay.frames[2].caption, 'JoesSR draws E49 (pile card 1 of 10)');
    // JoesSR's A99 (line 1) is played at step 1.
    assert.deepEqual(replayTarget(analysis, { line: 1, character: 11 }), { step: 1, focus: 1 });
    // The last pile card is drawn by the loser, for a new hand.
    const last = replayTarget(analysis, { line: 3, character: sample.input.split('\n')[3].length - 1 })!;
    assert.equal(replay.frames[last.step!].caption, 'Cirno draws A99 (pile card 10 of 10) for a new hand');
    // Names and the header lead nowhere.
    assert.equal(replayTarget(analysis, { line: 1, character: 0 }), null);
    assert.equal(replayTarget(analysis, { line: 0, character: 0 }), null);
  });

  test('a pile card never drawn, a starting card held to the end', () => {
    // Cirno plays A99; Reimu cannot stay at or under 99 and loses: 4 of the 6 pile cards are drawn.
    const text = '2 1 6\nCirno A99 A1 A1\nReimu A1 A1 A1\nA1 A1 A1 A1 A1 A1\n';
    const { analysis, replay } = cirnoReplay(text);
    assert.deepEqual(replay.frames.filter((f) => f.drawn === undefined).map((f) => f.caption),
      ['Round 1:', 'Cirno used A99,now p=99.', 'Reimu lost the game.']);
    assert.deepEqual(replayTarget(analysis, { line: 3, character: 16 }),
      { focus: 11, note: 'Pile card 6 (A1) is never drawn.' });
    assert.deepEqual(replayTarget(analysis, { line: 1, character: 11 }), {
      step: replay.stepCount - 1, focus: 1, note: "Cirno's A1 is still in her hand at the end.",
    });
    assert.deepEqual(replayTarget(analysis, { line: 2, character: 7 }), { step: 3, focus: 3 },
      "Reimu's A1 is dropped when she loses");
  });

  test('long games come in pages, the same from any checkpoint', () => {
    const text = randomCirnoDeckText(1, 5, 100, 20000);
    const { analysis, replay } = cirnoReplay(text);
    assert.ok(replay.stepCount > 2500, `a long game (${replay.stepCount} steps)`);
    assert.equal(replay.pageSize, cirnoPageSize(5));
    assert.equal(replay.frames.length, replay.pageSize);
    // The whole game in one walk, from a fresh analysis (no checkpoints yet) ...
    const whole = replayFrames(serviceFor('cirno').analyze(text), 0, replay.stepCount) as CirnoFrame[];
    assert.equal(whole.length, replay.stepCount);
    assert.deepEqual(replay.frames, whole.slice(0, replay.pageSize));
    // ... equals pages asked for out of order, across checkpoints (every 1,024 events).
    for (const from of [2040, 1020, 1024, 0, replay.stepCount - 3]) {
      assert.deepEqual(replayFrames(analysis, from, 10), whole.slice(from, from + 10), `from ${from}`);
    }
    // Hands never hold more than three cards, and only cards nobody else holds.
    for (const frame of whole) {
      assert.ok(frame.hands.every((h) => h.length <= 3));
      const ids = frame.hands.flat().map((c) => c.id);
      assert.equal(new Set(ids).size, ids.length);
    }
  });

  test('many players mean smaller pages', () => {
    assert.equal(cirnoPageSize(3), 500);
    assert.equal(cirnoPageSize(30), 133);
  });
});

function isDraw(frame: CirnoFrame): boolean {
  return frame.drawn !== undefined;
}

describe('pictures', () => {
  const tiles = Array.from({ length: 37 }, (_, kind) => tileSvg(kind));
  const cards = ['A1', 'A2', 'A5', 'A9', 'A19', 'A49', 'A99', 'B1', 'B9', 'B19', 'C2', 'D2', 'E0', 'E49', 'E99',
    'PASS', 'TURN', 'DOUBLE'].map(cirnoCardSvg);

  test('are self-contained SVG', () => {
    for (const svg of [...tiles, ...cards]) {
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" /);
      assert.ok(svg.endsWith('</svg>'));
      assert.doesNotMatch(svg,
        /href|url\((?!#)|<script|<image|@import|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i, 'no external reference');
      assert.match(svg, /^[\x20-\x7e]*$/, 'ASCII only');
      assert.equal(svg.split('<').length, svg.split('>').length, 'balanced brackets');
      // Every element opened is closed or self-closing.
      const opened = [...svg.matchAll(/<([a-zA-Z]+)\b[^>]*?(\/?)>/g)].filter((m) => m[2] === '').map((m) => m[1]);
      const closed = [...svg.matchAll(/<\/([a-zA-Z]+)>/g)].map((m) => m[1]);
      assert.deepEqual(opened.sort(), closed.sort());
    }
  });

  test('differ for every tile and card, are named, and are cached', () => {
    assert.equal(new Set(tiles).size, 37);
    assert.equal(new Set(cards).size, 18);
    assert.match(tiles[33], /<title>Z<\/title>/);
    assert.match(tiles[34], /DOUBLE/);
    assert.match(tiles[35], /REVERSE/);
    assert.match(tiles[36], /PASS/);
    assert.match(cards[3], /<title>A9<\/title>/);
    assert.equal(tileSvg(5), tiles[5]);
    assert.match(tileSvg(99), /<title>unknown tile<\/title>/);
    assert.match(cirnoCardSvg('<X>'), /<title>&#60;X&#62;<\/title>/);
  });

  test('data URIs decode back to the SVG', () => {
    const uri = svgDataUri(cards[0]);
    assert.match(uri, /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);
    assert.equal(Buffer.from(uri.split(',')[1], 'base64').toString('utf8'), cards[0]);
    assert.equal(Buffer.from(svgDataUri('<svg>⑨</svg>').split(',')[1], 'base64').toString('utf8'), '<svg>⑨</svg>');
  });

  test('stay small enough to send in every hover and replay', () => {
    // A hover carries a picture per tile of a hand: each must be a few kilobytes at most.
    const largest = Math.max(...[...tiles, ...cards].map((svg) => svgDataUri(svg).length));
    assert.ok(largest < 8 * 1024, `largest data URI: ${largest} bytes`);
  });
});
