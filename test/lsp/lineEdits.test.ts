import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LineEdits, type TextChange } from '../../server/src/lsp/lineEdits';

const at = (startLine: number, startChar: number, endLine: number, endChar: number, text: string): TextChange => ({
  range: { start: { line: startLine, character: startChar }, end: { line: endLine, character: endChar } }, text,
});

/** [what, notifications of changes, old and new line counts, new line → old line or undefined per new line]. */
const cases: [string, TextChange[][], number, number, (number | undefined)[]][] = [
  ['no edit', [], 3, 3, [0, 1, 2]],
  ['a word retyped on line 1', [[at(1, 2, 1, 4, 'xy')]], 3, 3, [0, undefined, 2]],
  ['a line inserted above', [[at(0, 0, 0, 0, 'new\n')]], 3, 4, [undefined, 0, 1, 2]],
  ['lines 1 and 2 joined', [[at(1, 5, 2, 0, '')]], 4, 3, [0, undefined, 3]],
  ['CR LF and CR count as one break each', [[at(1, 0, 1, 0, 'a\r\nb\rc\n')]], 3, 6,
    [0, undefined, undefined, undefined, 1, 2]],
  ['text put before a line\'s start', [[at(1, 0, 1, 0, 'a\nb')]], 3, 4, [0, undefined, undefined, 2]],
  ['a line deleted whole', [[at(0, 0, 1, 0, '')]], 3, 2, [1, 2]],
  ['two notifications, the second in the first one\'s lines', [[at(0, 0, 0, 0, 'x\ny\n')], [at(3, 0, 3, 1, 'z')]], 3, 5,
    [undefined, undefined, 0, undefined, 2]],
  ['two changes in one notification: a blank line inserted, then line 0 deleted',
    [[at(2, 0, 2, 0, '\n'), at(0, 0, 1, 0, '')]], 4, 4, [1, undefined, 2, 3]],
  ['the whole text replaced', [[{ text: 'a\nb\nc' }]], 3, 3, [undefined, undefined, undefined]],
  ['line counts that do not add up (a CR LF split)', [[at(0, 1, 0, 1, 'x')]], 3, 4,
    [undefined, undefined, undefined, undefined]],
];

describe('lines unchanged since an analysis, followed through incremental changes', () => {
  for (const [what, notifications, oldCount, newCount, expected] of cases) {
    test(what, () => {
      const edits = new LineEdits();
      for (const changes of notifications) edits.add(changes);
      assert.deepEqual(expected.map((_, line) => edits.oldLine(line, oldCount, newCount)), expected);
    });
  }
});
