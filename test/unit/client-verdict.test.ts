import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JudgeVerdict } from '../../client/src/judge/judgeApi';
import { verdictReport, type VerdictReport } from '../../client/src/judge/verdictReport';

function check(verdict: JudgeVerdict, expected: VerdictReport): void {
  assert.deepEqual(verdictReport(verdict, 1000), expected);
}

describe('what the Testing view says about a verdict', () => {
  test('AC passes with its time', () => check({ verdict: 'AC', ms: 12 }, { passed: true, ms: 12 }));

  test('WA: both lines as a diff, the explanation, at the deck line (0-based)', () => check(
    {
      verdict: 'WA', ms: 30, line: 57, expected: 'B PONG 5P', actual: 'C CHOW 5P',
      explanation: 'B can PONG 5P; a PONG comes before a CHOW.', deckLine: 61,
    },
    {
      passed: false, ms: 30,
      message: 'Wrong answer at output line 57: expected "B PONG 5P", got "C CHOW 5P".\n'
        + 'B can PONG 5P; a PONG comes before a CHOW.',
      diff: { expected: 'B PONG 5P', actual: 'C CHOW 5P' }, deckLine: 60,
    },
  ));

  test('WA where the solution stopped early: "no line", no deck line', () => check(
    { verdict: 'WA', ms: 5, line: 3, expected: 'C IN E', actual: '' },
    {
      passed: false, ms: 5, message: 'Wrong answer at output line 3: expected "C IN E", got no line.',
      diff: { expected: 'C IN E', actual: '' }, deckLine: undefined,
    },
  ));

  test('TLE names the limit; RE and OLE give their detail', () => {
    check({ verdict: 'TLE', ms: 1003 }, { passed: false, ms: 1003, message: 'Time limit exceeded (limit 1000 ms).' });
    check(
      { verdict: 'RE', ms: 40, detail: 'exit status 1; stderr: Traceback …' },
      { passed: false, ms: 40, message: 'Runtime error: exit status 1; stderr: Traceback …' },
    );
    check(
      { verdict: 'OLE', ms: 80, detail: 'over 16 MB of output' },
      { passed: false, ms: 80, message: 'Output limit exceeded: over 16 MB of output' },
    );
  });
});
