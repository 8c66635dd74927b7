import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TILE_NAMES, analyzeMahjong, kindOf, parseMahjong } from '../../server/src/core/mahjong';

describe('Mahjong tile names', () => {
  test('every name reads as its kind', () => {
    assert.deepEqual(TILE_NAMES.map((name) => kindOf(name)), TILE_NAMES.map((_, kind) => kind));
  });

  const notNames: [string, string][] = [
    ['', 'empty'], ['0M', 'rank 0'], ['10M', 'rank 10'], ['M1', 'suit first'], ['1m', 'lowercase suit'],
    ['1E', 'honour letter as a suit'], ['1Z', 'Z as a suit'], ['SS', 'two letters'], ['s', 'lowercase honour'],
    ['X', 'unknown letter'], ['1', 'a digit alone'], ['1\u00cd', 'a suit past ASCII'],
    ['\u0130', 'a letter past ASCII'],
    ['double', 'lowercase special'], ['PAS', 'a cut special'], ['5M ', 'a trailing space'],
  ];
  for (const [text, why] of notNames) {
    test(`${JSON.stringify(text)} is no tile (${why})`, () => assert.equal(kindOf(text), undefined));
  }
});

describe('Mahjong deck lines', () => {
  /** Each tile line read: `line:start-end text kind`. */
  function check(input: string, expected: string[]): void {
    const tiles = parseMahjong(input).tiles;
    assert.deepEqual(
      tiles.map(({ token, kind }) => `${token.line}:${token.start}-${token.end} ${token.text} ${kind ?? '?'}`),
      expected,
    );
  }

  const cases: [string, string, string[]][] = [
    ['one word a line', '5M\nE\nPASS\n', ['0:0-2 5M 4', '1:0-1 E 27', '2:0-4 PASS 36']],
    ['spaces and tabs around', '  5M\n\t9S \n', ['0:2-4 5M 4', '1:1-3 9S 26']],
    ['a comment after and alone', '5M#a\n# x\n7P # y\n', ['0:0-2 5M 4', '2:0-2 7P 15']],
    ['a BOM and a no-break space', '\uFEFF5M\n5M\u00a0\n', ['0:1-3 5M 4', '1:0-2 5M 4']],
    ['CR and CRLF line ends', '5M\r6M\r\n7M', ['0:0-2 5M 4', '1:0-2 6M 5', '2:0-2 7M 6']],
    [
      'unknown words of every kind', 'ZZ\n5m\n\u00e9\n\x01\n',
      ['0:0-2 ZZ ?', '1:0-2 5m 4', '2:0-1 \u00e9 ?', '3:0-1 \x01 ?'],
    ],
  ];
  for (const [name, input, expected] of cases) test(name, () => check(input, expected));
});

describe('a deck of far too many tile lines', () => {
  test('the first 100,000 tiles are kept, the rest counted: the problems are those of every tile', () => {
    // 250,000 lines: 1M, then 9P, with a lowercase 9p and an unknown word past the tiles kept.
    // The problems are those the whole deck kept once gave: the limit changes memory, not messages.
    const lines: string[] = Array.from({ length: 250_000 }, (_, i) => (i < 150_000 ? '1M' : '9P'));
    lines[200_000] = '9p';
    lines[240_000] = 'XX';
    const deck = parseMahjong(lines.join('\n') + '\n');
    assert.deepEqual([deck.tiles.length, deck.tileCount, deck.lastTile], [100_000, 250_000,
      { text: '9P', line: 249_999, start: 0, end: 2 }]);
    assert.deepEqual(deck.kindCounts.filter((count) => count > 0), [150_000, 99_999]);
    assert.deepEqual(deck.problems.map((p) => [p.range.start.line, p.code]),
      [[200_000, 'lowercase-tile'], [240_000, 'unknown-tile']]);
    const problems = analyzeMahjong(lines.join('\n') + '\n').problems.filter((p) => p.code !== 'surplus-tile');
    assert.deepEqual(problems.map((p) => [p.range.start.line, p.range.end.line, p.code, p.message]), [
      [104, 104, 'more-problems', '249891 more surplus tiles from here on are not listed (only the first 100 are).'],
      [148, 249_999, 'too-many-tiles',
        'The deck has 250000 tiles, 249852 more than 148: tile 149 and after are never reached.'],
      [200_000, 200_000, 'lowercase-tile', "Tile names are uppercase: '9p' is read as 9P."],
      [240_000, 240_000, 'unknown-tile',
        "Unknown tile 'XX'. Tiles are 1M-9M, 1P-9P, 1S-9S, E S W N B F Z, DOUBLE, REVERSE and PASS."],
      [250_000, 250_000, 'missing-tiles', `Missing: ${TILE_NAMES.filter((n) => n !== '1M' && n !== '9P')
        .map((n) => `${n} ×4`).join(', ')}.`],
    ]);
  });
});
