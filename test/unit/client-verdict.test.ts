import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { JudgeVerdict } from '../../client/src/judge/judgeApi';
import { verdictReport, type VerdictReport } from '../../client/src/judge/verdictReport';

function check(verdict: JudgeVerdict, expected: VerdictReport): void {
  assert.deepEqual(verdictReport(verdict), expected);
}

describe('what the Testing view says about a verdict of `deck-sim judge --json`', () => {
  test('AC passes with its time', () => check({ verdict: 'AC', ms: 12 }, { passed: true, ms: 12 }));

  test('WA: both lines as a diff, the state before, the explanation, at the deck line (0-based)', () => check(
    {
      verdict: 'WA', ms: 30, line: 57, expected: 'B PONG 5P', actual: 'C CHOW 5P', deckLine: 61,
      state: ['A: 1M 2M 3M', 'wall: 60 left'], explanation: 'B can PONG 5P; a PONG comes before a CHOW.',
    },
    {
      passed: false, ms: 30,
      message: 'Line 57: expected B PONG 5P, got C CHOW 5P (wrong answer).\n\n'
        + 'Before line 57:\nA: 1M 2M 3M\nwall: 60 left\n\n'
        + 'Why:\nB can PONG 5P; a PONG comes before a CHOW.',
      diff: { expected: 'B PONG 5P', actual: 'C CHOW 5P' }, deckLine: 60,
    },
  ));

  test('WA matching likely mistakes: a line for each, after the first', () => check(
    {
      verdict: 'WA', ms: 9, line: 40, expected: 'A PONG 5P', actual: 'B IN 3M',
      likely: [{
        mutant: 'no-self-pong', description: 'A discarder may not pong their own discard.',
        sentence: 'Your output matches a solution in which a discarder may not pong their own discard.',
      }, {
        mutant: 'pass-ignores-direction', description: 'PASS always skips the player after the thrower.',
        sentence: 'Your output matches a solution in which PASS always skips the player after the thrower.',
      }],
    },
    {
      passed: false, ms: 9,
      message: 'Line 40: expected A PONG 5P, got B IN 3M (wrong answer).\n'
        + 'Your output matches a solution in which a discarder may not pong their own discard.\n'
        + 'Your output matches a solution in which PASS always skips the player after the thrower.',
      diff: { expected: 'A PONG 5P', actual: 'B IN 3M' }, deckLine: undefined,
    },
  ));

  test('WA where the solution stopped early: "no line"; a decision record is shown as JSON', () => check(
    { verdict: 'WA', ms: 5, line: 3, expected: 'C IN E', actual: '', explanation: { rule: 'draw' } },
    {
      passed: false, ms: 5,
      message: 'Line 3: expected C IN E, got no line (wrong answer).\n\nWhy:\n{\n  "rule": "draw"\n}',
      diff: { expected: 'C IN E', actual: '' }, deckLine: undefined,
    },
  ));

  test('WA: a line whose ends or control characters would not show is quoted', () => {
    const message = (actual: string) => (verdictReport({ verdict: 'WA', line: 2, expected: 'A OUT Z', actual }) as
      { message: string }).message;
    assert.equal(message('A OUT Z '), 'Line 2: expected A OUT Z, got "A OUT Z " (wrong answer).');
    assert.equal(message('A\tOUT Z'), 'Line 2: expected A OUT Z, got "A\\tOUT Z" (wrong answer).');
    assert.equal(message('\u001b[2J'), 'Line 2: expected A OUT Z, got "\\u001b[2J" (wrong answer).');
    assert.equal(message('Z'), 'Line 2: expected A OUT Z, got Z (wrong answer).');
  });

  test('TLE, RE and OLE give their detail, RE the end of stderr', () => {
    check(
      { verdict: 'TLE', ms: 1003, detail: 'stopped at the time limit of 1000 ms' },
      { passed: false, ms: 1003, message: 'Time limit exceeded: stopped at the time limit of 1000 ms.' },
    );
    check(
      {
        verdict: 'RE', ms: 40, detail: 'exit status 1',
        stderr: ['Traceback (most recent call last):', 'ZeroDivisionError'],
      },
      {
        passed: false, ms: 40,
        message: 'Runtime error: exit status 1.\n\nThe last lines of its stderr:\n'
          + 'Traceback (most recent call last):\nZeroDivisionError',
      },
    );
    check(
      { verdict: 'MLE', ms: 90, detail: 'an allocation failed (memory limit 256 MB)', stderr: ['MemoryError'] },
      {
        passed: false, ms: 90,
        message: 'Memory limit exceeded: an allocation failed (memory limit 256 MB).\n\n'
          + 'The last lines of its stderr:\nMemoryError',
      },
    );
    check(
      { verdict: 'OLE', ms: 80, detail: 'stopped after more than 16 MB of output' },
      { passed: false, ms: 80, message: 'Output limit exceeded: stopped after more than 16 MB of output.' },
    );
  });

  test('a deck with errors is not judged', () => check(
    { verdict: 'INVALID' },
    { errored: 'The deck has errors (see the Problems panel): the solution was not run.' },
  ));
});
