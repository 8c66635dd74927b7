import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Range } from '../../server/src/core/problem';
import type { DeckSymbol } from '../../server/src/features/gameService';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCase, sharedSkip } from '../helpers';

const mahjong = serviceFor('mahjong');
const cirno = serviceFor('cirno');
const official = conformanceCase('mahjong', 'official-01');
const sample2 = conformanceCase('cirno', 'sample-2');

const where = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
/** A symbol as one line, children indented below it, at most `shown` children each. */
function outline(symbols: readonly DeckSymbol[], shown = 3, depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${'  '.repeat(depth)}${s.kind} ${s.name} | ${s.detail} | ${where(s.range)} | ${where(s.selectionRange)}`,
    ...outline((s.children ?? []).slice(0, shown), shown, depth + 1),
  ]);
}

describe('the outline', { skip: sharedSkip }, () => {
  const cases: [string, () => DeckSymbol[], string[]][] = [
    ['a played Mahjong deck: the deal per player, the wall per turn, the tiles never drawn',
      () => mahjong.analyze(official.input).symbols(), [
        'section Deal | 52 tiles | 0:0-51:2 | 0:0-0:0',
        '  player A | starting hand | 0:0-48:2 | 0:0-0:0',
        '    tile 8M | tile 1 | 0:0-0:2 | 0:0-0:2',
        '    tile 3P | tile 5 | 4:0-4:2 | 4:0-4:2',
        '    tile 3M | tile 9 | 8:0-8:2 | 8:0-8:2',
        '  player B | starting hand | 1:0-49:2 | 1:0-1:0',
        '    tile Z | tile 2 | 1:0-1:1 | 1:0-1:1',
        '    tile 9S | tile 6 | 5:0-5:2 | 5:0-5:2',
        '    tile 8P | tile 10 | 9:0-9:2 | 9:0-9:2',
        '  player C | starting hand | 2:0-50:2 | 2:0-2:0',
        '    tile E | tile 3 | 2:0-2:1 | 2:0-2:1',
        '    tile 5P | tile 7 | 6:0-6:2 | 6:0-6:2',
        '    tile DOUBLE | tile 11 | 10:0-10:6 | 10:0-10:6',
        'section Wall | 11 drawn | 52:0-62:2 | 52:0-52:0',
        '  turn Turn 1 · A draws N | tile 53 | 52:0-52:1 | 52:0-52:1',
        '  turn Turn 2 · C draws Z | tile 54 | 53:0-53:1 | 53:0-53:1',
        '  turn Turn 2 · C draws N | tile 55 | 54:0-54:1 | 54:0-54:1',
        'section Never drawn | 85 tiles | 63:0-147:1 | 63:0-63:0',
        '  tile PASS | tile 64 | 63:0-63:4 | 63:0-63:4',
        '  tile 4P | tile 65 | 64:0-64:2 | 64:0-64:2',
        '  tile 6S | tile 66 | 65:0-65:2 | 65:0-65:2',
      ]],
    ['a broken Mahjong deck: what parses', () => mahjong.analyze('1M\n5Q\n').symbols(), [
      'section Deal | 2 tiles | 0:0-1:2 | 0:0-0:0',
      '  player A | starting hand | 0:0-0:2 | 0:0-0:0',
      '    tile 1M | tile 1 | 0:0-0:2 | 0:0-0:2',
      '  player B | starting hand | 1:0-1:2 | 1:0-1:0',
      '    tile 5Q | tile 2 | 1:0-1:2 | 1:0-1:2',
    ]],
    ['a played ⑨ deck: header, players, the pile per round', () => cirno.analyze(sample2.input).symbols(), [
      'header Header | 3 players · 2 rounds · 25 cards | 0:0-0:6 | 0:0-0:6',
      'section Players | 3 of 3 | 1:0-3:19 | 1:0-1:0',
      '  player Cirno | A9 A19 B1 | 1:0-1:15 | 1:0-1:5',
      '  player Reimu | TURN A9 C2 | 2:0-2:16 | 2:0-2:5',
      '  player Marisa | DOUBLE D2 D2 | 3:0-3:19 | 3:0-3:6',
      'section Pile | 25 cards | 4:0-4:96 | 4:0-4:0',
      '  round Round 1 | pile cards 1–19 | 4:0-4:72 | 4:0-4:0',
      '  round Round 2 | pile cards 20–23 | 4:73-4:88 | 4:73-4:73',
      '  round Never drawn | pile cards 24–25 | 4:89-4:96 | 4:89-4:89',
    ]],
    ['a ⑨ deck that does not play: the pile whole', () => cirno.analyze('2 1 3\nA B1 B9 C2\nB A1\nA9 A9\n').symbols(), [
      'header Header | 2 players · 1 rounds · 3 cards | 0:0-0:5 | 0:0-0:5',
      'section Players | 2 of 2 | 1:0-2:4 | 1:0-1:0',
      '  player A | B1 B9 C2 | 1:0-1:10 | 1:0-1:1',
      '  player B | A1 | 2:0-2:4 | 2:0-2:1',
      'section Pile | 2 cards | 3:0-3:5 | 3:0-3:5',
    ]],
    ['nothing readable', () => cirno.analyze('x\n').symbols(), []],
  ];
  for (const [name, symbols, expected] of cases) test(name, () => assert.deepEqual(outline(symbols()), expected));
});

describe('folding', { skip: sharedSkip }, () => {
  test('Mahjong: the sections, never a hand (its tiles are every fourth line)', () => {
    assert.deepEqual(mahjong.analyze(official.input).folds(), [
      { startLine: 0, endLine: 51 }, { startLine: 52, endLine: 62 }, { startLine: 63, endLine: 147 },
    ]);
  });

  test('⑨: runs of comments and the players', () => {
    assert.deepEqual(cirno.analyze(`# one\n# two\n${sample2.input}# end\n`).folds(), [
      { startLine: 0, endLine: 1, comment: true }, { startLine: 3, endLine: 5 },
    ]);
  });
});

describe('highlights and references', { skip: sharedSkip }, () => {
  const cases: [string, () => Range[], string[]][] = [
    ['every copy of a tile', () => mahjong.analyze(official.input).highlights({ line: 53, character: 0 }),
      ['1:0-1:1', '12:0-12:1', '32:0-32:1', '53:0-53:1']],
    ['references to a tile are its copies', () => mahjong.analyze(official.input).references({ line: 1, character: 1 }),
      ['1:0-1:1', '12:0-12:1', '32:0-32:1', '53:0-53:1']],
    ['an unknown tile has none', () => mahjong.analyze('1M\n5Q\n').highlights({ line: 1, character: 0 }), []],
    ['a player name: the name', () => cirno.analyze(sample2.input).highlights({ line: 1, character: 2 }), ['1:0-1:5']],
    ['a pile card: what its drawer draws in that round',
      () => cirno.analyze(sample2.input).highlights({ line: 4, character: 0 }),
      ['4:0-4:2', '4:9-4:13', '4:22-4:24', '4:33-4:36', '4:45-4:48', '4:53-4:56']],
    ['a card never drawn: itself', () => cirno.analyze(sample2.input).highlights({ line: 4, character: 90 }),
      ['4:89-4:92']],
    ['references to a player: the name', () => cirno.analyze(sample2.input).references({ line: 2, character: 0 }),
      ['2:0-2:5']],
    ['white space', () => cirno.analyze(sample2.input).highlights({ line: 0, character: 20 }), []],
  ];
  for (const [name, ranges, expected] of cases) test(name, () => assert.deepEqual(ranges().map(where), expected));
});
