/** The line reports of the game services (what the CLI's judge and explain print), in process. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { serviceFor } from '../../server/src/features/serviceRegistry';
import { whyText } from '../../server/src/features/whyText';
import type { ReplayWhy } from '../../server/src/protocol/replay';
import { conformanceCase, sharedSkip } from '../helpers';

const official01 = conformanceCase('mahjong', 'official-01').input;
const sample1 = conformanceCase('cirno', 'sample-1');

describe('whyText', () => {
  const check = (why: ReplayWhy, expected: string[]) => assert.deepEqual(whyText(why), expected);

  test('summary, the table in aligned columns with the chosen row starred, then the notes', () => {
    check({
      summary: 'S',
      table: {
        columns: ['Card', 'p after'], rows: [{ cells: ['DOUBLE', '9'] }, { cells: ['A1', '10'], chosen: true }],
      },
      notes: ['n1'],
    }, ['S', '  Card    p after', '  DOUBLE  9', '* A1      10', 'n1']);
    check({ summary: 'Only a sentence.', notes: [] }, ['Only a sentence.']);
  });
});

describe('lineReport', { skip: sharedSkip }, () => {
  test('Mahjong official 01, line 58 (C OUT Z): state before, deck line, why and core\'s record', () => {
    const report = serviceFor('mahjong').analyze(official01).lineReport(58)!;
    assert.deepEqual(report.state, [
      'wall: 93 tiles left, direction A→B→C→D',
      'A: hand 3M 3M 6M 7M 8M 3P 9P 2S 3S N N Z Z',
      'B: hand 2M 1P 2P 4P 5P 7P 8P 4S 9S 9S 9S F Z',
      'C: hand 3M 4M 5M 7M 9M 5P 5P 6P 3S 3S 6S E N Z',
      'D: hand 6M 8M 3P 5P 8P 9P 2S 5S 5S 8S E S W',
    ]);
    assert.deepEqual([report.line, report.text, report.deckLine], [58, 'C OUT Z', { line: 54, token: 'Z' }]);
    assert.equal(report.why[0], 'Discarded by C: every choice leaves distance 4 or 5; 5P, 6P, 6S, E, N and Z leave 4; '
      + 'Z comes first in the discard order (Z F B N W S E 9S … 1M).');
    assert.deepEqual(report.why.slice(-2), ['* Z        4', "A's pong Z Z Z: distance 3 → 2, taken"]);
    assert.deepEqual(Object.keys(report.record), ['line', 'text', 'discard', 'ron', 'claims']);
  });

  test('⑨ sample 1, line 8 (a PASS under DOUBLE): state, deck line, why and record', () => {
    const report = serviceFor('cirno').analyze(sample1.input).lineReport(8)!;
    assert.deepEqual(report, {
      line: 8,
      text: 'JoesSR used PASS,now p=89.',
      deckLine: { line: 4, token: 'PASS' },
      why: [
        'Played by JoesSR under DOUBLE at p = 89: every normal card loses, so an escape card (PASS, then TURN, then '
          + 'DOUBLE).',
        '  Card  p after  Loses',
        '  A49   138      yes',
        '* PASS  89       no',
        '  PASS  89       no',
        'Next: PASS hands the turn to Cirno, carrying the DOUBLE mark.',
      ],
      state: ['round 1, p = 89, JoesSR to play under DOUBLE, 4 pile cards left', 'JoesSR: A49 PASS PASS',
        'Cirno: A19 A99 A49'],
      record: {
        line: 8, text: 'JoesSR used PASS,now p=89.',
        play: {
          player: 'JoesSR', double: true, rule: 'escape', chosen: 'PASS',
          candidates: [{ card: 'A49', p: 138, loses: true }, { card: 'PASS', p: 89, loses: false },
            { card: 'PASS', p: 89, loses: false }],
        },
      },
    });
  });

  test('no report past the end, before line 1, or for a deck with errors', () => {
    const deck = serviceFor('cirno').analyze(sample1.input);
    assert.deepEqual([deck.lineReport(0), deck.lineReport(10), deck.lineCount()], [undefined, undefined, 9]);
    const broken = serviceFor('mahjong').analyze('1M\n');
    assert.deepEqual([broken.lineReport(1), broken.lineCount(), [...broken.explainRecords()], broken.judgeInput()],
      [undefined, 0, [], undefined]);
  });
});
