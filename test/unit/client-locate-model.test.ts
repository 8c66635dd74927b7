import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  hoverText, lineHighlights, parseLocateJson, repairEdit, repairedText, scoreBand, type LocateRepair,
} from '../../client/src/judge/locateModel';
import { unifiedDiff } from '../../server/src/cli/locate/unifiedDiff';

const SOURCE = [
  '#include <cstdio>', 'int head = 0;', 'void draw() { head++; }', 'int main() {',
  '  for (int i = 0; i < 150; i++) {', '    if (head >= 148) draw();', '  }', '  printf("%d\\n", head);',
  '  return 0;', '}', '',
].join('\n');
const FIXED = SOURCE.replace('head >= 148', 'head > 148');

function repairOf(before: string, after: string, line: number): LocateRepair {
  return { line, original: '>=', replacement: '>', diff: unifiedDiff('sol.cpp', before, after), decksPassed: 2050 };
}

describe("Locate the Mistake's model of `deck-sim locate --json --repair`", () => {
  const json = JSON.stringify({
    lines: [
      { line: 6, text: 'if (head >= 148) draw();', score: 0.9165, failingRuns: 5, passingRuns: 2 },
      { line: 3, text: 'void draw() { head++; }', score: 0.5, failingRuns: 1, passingRuns: 3 },
      { line: 8, text: 'printf("%d\\n", head);', score: 0.2, failingRuns: 5, passingRuns: 45 },
      { line: 9, text: 'return 0;', score: 0.199, failingRuns: 5, passingRuns: 45 },
    ],
    decks: { failing: 5, passing: 45 },
    repairs: [repairOf(SOURCE, FIXED, 6)],
  });

  test('the hover says the score and both counts, exactly', () => {
    assert.equal(
      hoverText({ line: 6, text: '', score: 0.9165, failingRuns: 5, passingRuns: 2 }, { failing: 5, passing: 45 }),
      'Suspiciousness 0.92: executed by 5 of 5 failing runs and 2 of 45 passing runs',
    );
    assert.equal(
      hoverText({ line: 1, text: '', score: 1, failingRuns: 1, passingRuns: 0 }, { failing: 1, passing: 1 }),
      'Suspiciousness 1.00: executed by 1 of 1 failing run and 0 of 1 passing run',
    );
  });

  test('bands: hot from 0.8, warm from 0.5, mild from 0.2, cool below', () => {
    assert.deepEqual([1, 0.8, 0.7999, 0.5, 0.4999, 0.2, 0.1999, 0].map(scoreBand),
      ['hot', 'hot', 'warm', 'warm', 'mild', 'mild', 'cool', 'cool']);
  });

  const ALL = 'executed by 5 of 5 failing runs and 45 of 45 passing runs';
  test('each ranked line becomes a 0-based highlight with its band and hover', () => {
    assert.deepEqual(lineHighlights(parseLocateJson(json)), [
      { line: 5, band: 'hot', hover: 'Suspiciousness 0.92: executed by 5 of 5 failing runs and 2 of 45 passing runs' },
      { line: 2, band: 'warm', hover: 'Suspiciousness 0.50: executed by 1 of 5 failing runs and 3 of 45 passing runs' },
      { line: 7, band: 'mild', hover: `Suspiciousness 0.20: ${ALL}` },
      { line: 8, band: 'cool', hover: `Suspiciousness 0.20: ${ALL}` },
    ]);
  });

  test('no repairs field (locate without --repair) is no repair', () => {
    const result = parseLocateJson(JSON.stringify({ lines: [], decks: { failing: 0, passing: 3 } }));
    assert.deepEqual(result, { lines: [], decks: { failing: 0, passing: 3 }, repairs: [] });
  });

  test('what the CLI never writes is refused with the field named', () => {
    assert.throws(() => parseLocateJson('[]'), /unexpected object/);
    assert.throws(() => parseLocateJson('{"lines":[],"decks":{"failing":-1,"passing":0}}'), /unexpected deck count/);
    assert.throws(() => parseLocateJson('{"lines":[{"line":0,"text":"","score":1,"failingRuns":1,"passingRuns":0}],'
      + '"decks":{"failing":1,"passing":0}}'), /unexpected line/);
    assert.throws(() => parseLocateJson('{"lines":[],"decks":{"failing":1,"passing":0},"repairs":[{"line":3}]}'),
      /unexpected repair/);
    assert.throws(() => parseLocateJson('{"lines":'), SyntaxError);
  });

  test("a repair's diff is the one line it replaces, and applying it gives the repaired file", () => {
    const [repair] = parseLocateJson(json).repairs;
    const edit = repairEdit(repair)!;
    assert.deepEqual(edit, {
      start: 5, removed: ['    if (head >= 148) draw();'], added: ['    if (head > 148) draw();'],
    });
    assert.equal(repairedText(SOURCE, edit), FIXED);
  });

  test('a repair at the first and at the last line (no newline at the end)', () => {
    const before = 'a = 1\nb = 2\nprint(a < b)';
    const last = repairOf(before, 'a = 1\nb = 2\nprint(a <= b)', 3);
    assert.deepEqual(repairEdit(last), { start: 2, removed: ['print(a < b)'], added: ['print(a <= b)'] });
    assert.equal(repairedText(before, repairEdit(last)!), 'a = 1\nb = 2\nprint(a <= b)');
    const first = repairOf(before, 'a = 0\nb = 2\nprint(a < b)', 1);
    assert.deepEqual(repairEdit(first), { start: 0, removed: ['a = 1'], added: ['a = 0'] });
  });

  test('CRLF files keep their line ends', () => {
    const before = SOURCE.replaceAll('\n', '\r\n');
    const edit = repairEdit(repairOf(before, FIXED.replaceAll('\n', '\r\n'), 6))!;
    assert.deepEqual(edit.removed, ['    if (head >= 148) draw();']);
    assert.equal(repairedText(before, edit), FIXED.replaceAll('\n', '\r\n'));
  });

  test('a file changed since it was located is not repaired', () => {
    const edit = repairEdit(repairOf(SOURCE, FIXED, 6))!;
    assert.equal(repairedText(SOURCE.replace('head >= 148', 'head >= 147'), edit), undefined);
    assert.equal(repairedText('int main() {}', edit), undefined);
  });

  test('a diff without a change is no edit', () => {
    assert.equal(repairEdit({ line: 1, original: '', replacement: '', diff: '', decksPassed: 0 }), undefined);
  });
});
