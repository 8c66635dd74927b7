/** The judge's pieces in process: command words and output comparison. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { firstDifference } from '../../server/src/core/outputCompare';
import { splitCommand } from '../../server/src/cli/judge/words';

describe('splitCommand: words as a shell splits them, nothing expanded', () => {
  const cases: [string, string[]][] = [
    ['./sol', ['./sol']],
    ['  python3   sol.py  ', ['python3', 'sol.py']],
    ["node 'my solution.js' --fast", ['node', 'my solution.js', '--fast']],
    ['"C:/My Files/sol" "a \\"b\\" \\\\ \\$x"', ['C:/My Files/sol', 'a "b" \\ $x']],
    ['"keep \\n as is"', ['keep \\n as is']],
    ['a\\ b c\\\'d', ['a b', "c'd"]],
    ["''", ['']],
    ['x"y"\'z\'', ['xyz']],
    ['sol $HOME *.in > out; rm -rf /', ['sol', '$HOME', '*.in', '>', 'out;', 'rm', '-rf', '/']],
  ];
  for (const [command, words] of cases) {
    test(command, () => assert.deepEqual(splitCommand(command), words));
  }
});

describe('firstDifference: spaces, tabs and CR at line ends and blank lines at the end do not count', () => {
  const cases: [string, string, ReturnType<typeof firstDifference>][] = [
    ['A IN 1M\nB IN 2M\n', 'A IN 1M  \nB IN 2M', undefined],
    ['A IN 1M\n', 'A IN 1M\r\n\n\n', undefined],
    ['A IN 1M\nB IN 2M\n', 'A IN 1M\n', { line: 2, expected: 'B IN 2M', actual: '', ended: 'actual' }],
    ['A IN 1M\n', 'A IN 1M\nDRAW\n', { line: 2, expected: '', actual: 'DRAW', ended: 'expected' }],
    ['A IN 1M\n', ' A IN 1M\n', { line: 1, expected: 'A IN 1M', actual: ' A IN 1M' }],
    ['A IN 1M\n\nB\n', 'A IN 1M\nB\n', { line: 2, expected: '', actual: 'B' }],
    // The README's rule, case by case: the ends of lines and of the output are forgiven, nothing else.
    ['A IN 1M\nB IN 2M\n', 'A IN 1M\t \r\nB IN 2M\t\r\n \t\n\r\n', undefined],
    ['A IN 1M\n', 'A IN  1M\n', { line: 1, expected: 'A IN 1M', actual: 'A IN  1M' }],
    ['A IN 1M\n', 'A\tIN 1M\n', { line: 1, expected: 'A IN 1M', actual: 'A\tIN 1M' }],
    ['A IN 1M\n', 'A IN\n1M\n', { line: 1, expected: 'A IN 1M', actual: 'A IN' }],
    ['A IN 1M\n', 'A IN 1M\f\n', { line: 1, expected: 'A IN 1M', actual: 'A IN 1M\f' }],
    ['A IN 1M\n', 'A IN 1M\u00a0\n', { line: 1, expected: 'A IN 1M', actual: 'A IN 1M\u00a0' }],
  ];
  for (const [expected, actual, difference] of cases) {
    test(JSON.stringify(actual), () => assert.deepEqual(firstDifference(expected, actual), difference));
  }
});
