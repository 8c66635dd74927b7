import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { selectionEdits } from '../../server/src/features/format';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { conformanceCase, sharedSkip } from '../helpers';

const mahjong = serviceFor('mahjong');
const cirno = serviceFor('cirno');
const official = conformanceCase('mahjong', 'official-01');

describe('Format Document', { skip: sharedSkip }, () => {
  const cases: [string, 'mahjong' | 'cirno', string, string][] = [
    ['Mahjong: tiles uppercase, trailing spaces gone, comments kept, CRLF kept', 'mahjong',
      '# my deck  \r\n8m  \r\n  Z # red\r\n\r\n5Q\r\n', '# my deck\r\n8M\r\nZ # red\r\n\r\n5Q\r\n'],
    ['Mahjong: a BOM and a last line without a line end', 'mahjong', '\uFEFFe\ns', '\uFEFFE\nS'],
    ['Mahjong: two words on a line stay, in order', 'mahjong', '1m 2m\n', '1M 2M\n'],
    ['⑨: header on one line, players aligned, the pile wrapped at 20', 'cirno',
      '# deck\n3   2 25  \nCirno a9 A19 B1\nReimu TURN A9 C2   # she turns\nMarisa DOUBLE d2 D2\n'
        + 'A9 B9 C2 PASS PASS A9 A1 A99 A99 A99\n A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\n',
      '# deck\n3 2 25\nCirno  A9     A19 B1\nReimu  TURN   A9  C2 # she turns\nMarisa DOUBLE D2  D2\n'
        + 'A9 B9 C2 PASS PASS A9 A1 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99 A99\nA99 A99 A99 A99 A99\n'],
    ['⑨: a pile with comments keeps its lines', 'cirno', '1 1 3\nA A1 A2 A5\nA9 # top\n  b1\tb9  \n',
      '1 1 3\nA A1 A2 A5\nA9 # top\nB1 B9\n'],
    ['⑨: unknown words are left as they are', 'cirno', '1 1 2\nA A1 a3 A5\nxx a9\n', '1 1 2\nA A1 a3 A5\nxx A9\n'],
    ['⑨: an unreadable header: only trailing spaces go', 'cirno', 'x y  \nA a1  \n', 'x y\nA a1\n'],
  ];
  for (const [name, game, text, expected] of cases) {
    test(name, () => {
      const service = game === 'mahjong' ? mahjong : cirno;
      const formatted = service.analyze(text).format().text;
      assert.equal(formatted, expected);
      assert.equal(service.analyze(formatted).format().text, formatted, 'formatting twice changes nothing');
    });
  }

  test('⑨: the pile wrapped at the cards per line asked for (deckSim.format.pileCardsPerLine)', () => {
    const text = '2 1 7\nA A1 A2 A5\nB B1 B9 C2\nA9 a9 A9 A9 A9 A9 A9\n';
    const formatted = cirno.analyze(text).format({ pileCardsPerLine: 3 }).text;
    assert.equal(formatted, '2 1 7\nA A1 A2 A5\nB B1 B9 C2\nA9 A9 A9\nA9 A9 A9\nA9\n');
    const twice = cirno.analyze(formatted).format({ pileCardsPerLine: 3 }).text;
    assert.equal(twice, formatted, 'formatting twice changes nothing');
    assert.equal(cirno.analyze(formatted).transcript(), cirno.analyze(text).transcript());
  });

  test('the official decks are already formatted', () => {
    assert.equal(mahjong.analyze(official.input).format().text, official.input);
  });
});

describe('Format Selection', () => {
  const edit = (line: number, from: number, toLine: number, to: number, newText: string) => ({
    range: { start: { line, character: from }, end: { line: toLine, character: to } }, newText });
  const cases: [string, 'mahjong' | 'cirno', string, [number, number], ReturnType<typeof edit>[]][] = [
    ['Mahjong: only the selected lines change', 'mahjong', '8m \nz\n1p # one  \ne\n', [1, 2],
      [edit(1, 0, 1, 1, 'Z'), edit(2, 0, 2, 10, '1P # one')]],
    ['Mahjong: lines already canonical give no edit', 'mahjong', '8M\nz\n', [0, 0], []],
    ['Mahjong: a BOM is not part of the first line\'s edit', 'mahjong', '\uFEFFe \ns\n', [0, 0],
      [edit(0, 1, 0, 3, 'E')]],
    ['⑨: one player line is aligned with all the others', 'cirno',
      '2 1 3\nCirno a9 A19 B1\nReimu TURN A9 C2\nA9 B9 C2\n', [2, 2], [edit(2, 0, 2, 16, 'Reimu TURN A9  C2')]],
    ['⑨: part of a pile that would be re-flowed is left alone', 'cirno', '1 1 3\nA A1 A2 A5\nA9\nb1\nB9\n', [3, 4], []],
    ['⑨: the whole pile, re-flowed', 'cirno', '1 1 3\nA A1 A2 A5\nA9\nb1\nB9\n', [2, 4],
      [edit(2, 0, 4, 2, 'A9 B1 B9')]],
    ['⑨: a pile with comments keeps its lines, each formatted alone', 'cirno', '1 1 3\nA A1 A2 A5\nA9 # top\nb1 b9\n',
      [3, 3], [edit(3, 0, 3, 5, 'B1 B9')]],
    ['⑨: blank lines after the pile go with their line ends', 'cirno', '1 1 1\nA A1 A2 A5\nA9\n\n  \n', [3, 5],
      [edit(2, 2, 3, 0, ''), edit(3, 0, 4, 2, '')]],
  ];
  for (const [name, game, text, [first, last], expected] of cases) {
    test(name, () => {
      const deck = (game === 'mahjong' ? mahjong : cirno).analyze(text);
      assert.deepEqual(selectionEdits(text, deck.format(), first, last), expected);
    });
  }
});
