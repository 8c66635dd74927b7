import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Range } from '../../server/src/core/problem';
import { lineText, wordAt } from '../../server/src/features/completion';
import { escapeMarkdown } from '../../server/src/features/markdown';
import { selectedLines, summarizeSelection } from '../../server/src/features/selection';
import { serviceForDocument } from '../../server/src/features/serviceRegistry';

const r = (l1: number, c1: number, l2: number,
  c2: number): Range => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });

describe('escaping deck text for Markdown', () => {
  const cases: [string, string][] = [
    ['Cirno', 'Cirno'],
    ['Jo-Lo.2+3', 'Jo-Lo.2+3'],
    ['![x](https://example.invalid/t.png)', '\\!\\[x\\]\\(https\\://example.invalid/t.png\\)'],
    ['[run](command:x)', '\\[run\\]\\(command:x\\)'],
    ['<img/src=x>', '\\<img/src=x\\>'],
    ['**bold**_it_`code`', '\\*\\*bold\\*\\*\\_it\\_\\`code\\`'],
    ['a\\b&amp;#1|~', 'a\\\\b\\&amp;\\#1\\|\\~'],
    ['www.example.invalid', 'www\\.example.invalid'],
    ['me@example.invalid', 'me\\@example.invalid'],
  ];
  for (const [text, expected] of cases) test(JSON.stringify(text), () => assert.equal(escapeMarkdown(text), expected));
});

describe('the lines a selection takes in', () => {
  const cases: [string, Range[], number[]][] = [
    ['a cursor', [r(3, 2, 3, 2)], [3]],
    ['whole lines, ending at column 0', [r(0, 0, 4, 0)], [0, 1, 2, 3]],
    ['ending inside a line', [r(0, 0, 4, 1)], [0, 1, 2, 3, 4]],
    ['an empty selection at column 0', [r(5, 0, 5, 0)], [5]],
    ['several, overlapping', [r(1, 0, 2, 3), r(2, 0, 3, 1)], [1, 2, 3]],
    ['backwards', [r(4, 0, 2, 0)], []],
  ];
  for (const [name, ranges, lines] of cases) test(name,
    () => assert.deepEqual([...selectedLines(ranges)].sort((a, b) => a - b), lines));
});

describe('selection figures', () => {
  const cases: [string[], string, { text: string; tooltip: string }][] = [
    [[], 'tile', { text: '', tooltip: '' }],
    [['E'], 'tile', { text: '1 tile · E×1', tooltip: 'E: 1' }],
    [['A9', 'B1', 'A9'], 'card', { text: '3 cards · A9×2 B1×1', tooltip: 'A9: 2\nB1: 1' }],
    [['1M', '2M', '3M', '4M', '5M', '6M', '7M'], 'tile', {
      text: '7 tiles · 1M×1 2M×1 3M×1 4M×1 5M×1 6M×1 …', tooltip: '1M: 1\n2M: 1\n3M: 1\n4M: 1\n5M: 1\n6M: 1\n7M: 1',
    }],
  ];
  for (const [names, unit, expected] of cases) test(names.join(' ') || 'nothing',
    () => assert.deepEqual(summarizeSelection(names, unit), expected));
});

describe('the word under the cursor', () => {
  const cases: [string, number, { word: string; range: Range }][] = [
    ['5P', 1, { word: '5', range: r(7, 0, 7, 2) }],
    ['5P', 2, { word: '5P', range: r(7, 0, 7, 2) }],
    ['  A9  B1', 7, { word: 'B', range: r(7, 6, 7, 8) }],
    ['  A9  B1', 5, { word: '', range: r(7, 5, 7, 5) }],
    ['', 0, { word: '', range: r(7, 0, 7, 0) }],
  ];
  for (const [line, character, expected] of cases) {
    test(`${JSON.stringify(line)} at ${character}`,
      () => assert.deepEqual(wordAt(line, 7, { line: 7, character }), expected));
  }
});

describe('a line of a text', () => {
  const text = 'zero\r\none\rtwo\nthree';
  const cases: [number, string][] = [[0, 'zero'], [1, 'one'], [2, 'two'], [3, 'three'], [4, ''], [400, '']];
  for (const [line, expected] of cases) test(`line ${line}`, () => assert.equal(lineText(text, line), expected));
});

describe('the game of a document', () => {
  // A judge's `.in` (and any ending no game claims) is the game its first word belongs to.
  const cases: [string, string, string, string | undefined][] = [
    ['mjdeck', 'untitled:Untitled-1', '', 'mahjong'],
    ['cirnodeck', 'file:///x/deck.txt', '', 'cirno'],
    ['plaintext', 'file:///x/deck.MJDECK', '2 1 10\n', 'mahjong'],
    ['plaintext', 'file:///x/official-01.in', '8M\nZ\n', 'mahjong'],
    ['plaintext', 'file:///x/official-01.in', '# seed 1\n\n  e # east\n', 'mahjong'],
    ['plaintext', 'file:///x/sample-1.in', '2 1 10\nJoesSR B9 A99 PASS\n', 'cirno'],
    ['plaintext', 'file:///x/sample-1.txt', '\uFEFF30 100 300000\n', 'cirno'],
    ['plaintext', 'file:///x/a.cirnodeck', '8M\n', 'cirno'],
    ['plaintext', 'file:///x/empty.in', '', undefined],
    ['plaintext', 'file:///x/notes.in', 'hello 8M\n', undefined],
    ['plaintext', 'file:///x/100%.txt', 'x', undefined],
  ];
  for (const [languageId, uri, text, expected] of cases) {
    test(`${languageId} ${uri} ${JSON.stringify(text)}`, () => {
      assert.equal(serviceForDocument(languageId, uri, text)?.game.id, expected);
    });
  }
});
