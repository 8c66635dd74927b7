import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TILE_NAMES, kindOf, parseMahjong } from '../../server/src/core/mahjong';

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
