/** exactInputProblem: what a problem package's input validator accepts, for both games. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exactInputProblem } from '../../server/src/core/exactInput';
import { CIRNO, MAHJONG } from '../../server/src/core/gameRegistry';
import { conformanceCases, formatProblem, sharedSkip } from '../helpers';

const official01 = conformanceCases('mahjong')[0]?.input ?? '';
const sample1 = conformanceCases('cirno')[0]?.input ?? '';

/** The problem as `LINE:COL-LINE:COL severity code: message`, or undefined. */
const check = (game: typeof MAHJONG | typeof CIRNO, text: string) => {
  const problem = exactInputProblem(game, text);
  return problem && formatProblem(problem);
};

describe('exact judge input', { skip: sharedSkip }, () => {
  test('every official case and sample is exactly judge input', () => {
    for (const { name, input } of conformanceCases('mahjong')) assert.equal(check(MAHJONG, input), undefined, name);
    for (const { name, input } of conformanceCases('cirno')) assert.equal(check(CIRNO, input), undefined, name);
  });

  test('generated decks are, once in their canonical form', () => {
    for (let seed = 0; seed < 200; seed++) {
      const text = MAHJONG.newDeckText(seed);
      assert.equal(check(MAHJONG, text), undefined);
      const cirno = CIRNO.analyze(CIRNO.newDeckText(seed, 1 + (seed % 5), 1 + (seed % 3), 400));
      if (cirno.game) assert.equal(check(CIRNO, CIRNO.judgeInput(cirno)!), undefined);
    }
  });

  const lines = official01.split('\n');
  const replaced = (line: number, text: string) => lines.map((l, i) => (i === line ? text : l)).join('\n');
  const cases: [string, string, string][] = [
    ['a byte order mark', '\uFEFF' + official01,
      '1:1-1:2 error not-judge-input: The file starts with a byte order mark (U+FEFF).'],
    ['CRLF line ends', official01.replace(/\n/g, '\r\n'),
      '1:3-1:4 error not-judge-input: A line ends with CR: judge input lines end with \\n alone.'],
    ['a comment line', '# a puzzle\n' + official01,
      '1:1-1:11 error not-judge-input: A comment: judge input has none.'],
    ['a comment after a tile', replaced(2, `${lines[2]} # here`),
      `3:${lines[2].length + 2}-3:${lines[2].length + 8} error not-judge-input: A comment: judge input has none.`],
    ['a blank line', replaced(4, `\n${lines[4]}`),
      '5:1-5:1 error not-judge-input: A blank line: judge input has none.'],
    ['trailing spaces', replaced(0, `${lines[0]}  `),
      `1:1-1:${lines[0].length + 3} error not-judge-input: White space differs: judge input line 1 is '${lines[0]}'.`],
    ['no final newline', official01.slice(0, -1),
      `148:1-148:${lines[147].length + 1} error not-judge-input: The file does not end with a newline.`],
    ['blank lines at the end', official01 + '\n\n',
      '149:1-149:1 error not-judge-input: A blank line: judge input has none.'],
  ];
  for (const [what, text, expected] of cases) {
    test(`Mahjong: ${what} is refused`, () => assert.equal(check(MAHJONG, text), expected));
  }

  test('Mahjong: the editor\'s own problems come first, warnings included', () => {
    assert.equal(check(MAHJONG, replaced(0, lines[0].toLowerCase())),
      `1:1-1:3 warning lowercase-tile: Tile names are uppercase: '${lines[0].toLowerCase()}' is read as ${lines[0]}.`);
    assert.match(check(MAHJONG, replaced(0, `${lines[0]} ${lines[1]}`))!, /^1:\d+-1:\d+ error /);
    assert.match(check(MAHJONG, lines.slice(1).join('\n'))!, / error .*147 tiles/);
  });

  const cirnoLines = sample1.split('\n');
  test('⑨: the pile on two lines is not the judge\'s layout', () => {
    const cards = cirnoLines[3].split(' ');
    const wrapped = [...cirnoLines.slice(0, 3), cards.slice(0, 5).join(' '), cards.slice(5).join(' '), ''].join('\n');
    assert.equal(CIRNO.analyze(wrapped).game !== undefined, true);
    assert.equal(check(CIRNO, wrapped),
      `4:1-4:${cards.slice(0, 5).join(' ').length + 1} error not-judge-input: Not laid out as judge input: `
      + `line 4 is '${cirnoLines[3]}'.`);
  });

  test('⑨: a game the pile does not last is refused with the playing check\'s message', () => {
    const short = [...cirnoLines.slice(0, 3), cirnoLines[3].split(' ').slice(0, 2).join(' '), ''].join('\n')
      .replace(/^(\d+ \d+) \d+/, '$1 2');
    const problem = exactInputProblem(CIRNO, short);
    assert.equal(problem?.severity, 'error');
    assert.equal(problem?.message, CIRNO.analyze(short).problems.find((p) => p.severity === 'error')?.message);
  });
});
