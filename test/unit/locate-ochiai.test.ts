/** Ochiai's ranking on small spectra, worked by hand. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { linesTiedAtTop, ochiai, rankLines, type Spectrum } from '../../server/src/cli/locate/ochiai';

const run = (failed: boolean, ...lines: number[]): Spectrum => ({ failed, lines: new Set(lines) });

describe('ochiai', () => {
  test('the coefficient: ef / sqrt(F * (ef + ep)), 0 for a line no run executed', () => {
    assert.equal(ochiai(2, 0, 2), 1);
    assert.equal(ochiai(1, 1, 2), 0.5);
    assert.equal(ochiai(2, 2, 4), 2 / Math.sqrt(16));
    assert.equal(ochiai(0, 3, 2), 0);
    assert.equal(ochiai(0, 0, 0), 0);
  });

  test('a line only failing runs execute comes first; lines no failing run executes are left out', () => {
    // Line 3 is executed by both failing runs and no passing one; line 2 by all four; line 4 by passing runs only.
    const spectra = [run(true, 1, 2, 3), run(true, 1, 2, 3), run(false, 1, 2, 4), run(false, 1, 2)];
    assert.deepEqual(rankLines(spectra), [
      { line: 3, score: 1, failingRuns: 2, passingRuns: 0 },
      { line: 1, score: 2 / Math.sqrt(8), failingRuns: 2, passingRuns: 2 },
      { line: 2, score: 2 / Math.sqrt(8), failingRuns: 2, passingRuns: 2 },
    ]);
  });

  test('a line executed by one of two failing runs scores below one both execute', () => {
    const spectra = [run(true, 5, 6), run(true, 5), run(false, 7)];
    assert.deepEqual(rankLines(spectra).map((entry) => [entry.line, entry.score]),
      [[5, 1], [6, 1 / Math.sqrt(2)]]);
  });

  test('ties go to the line with more mutation evidence, then to the earlier line', () => {
    const spectra = [run(true, 1, 2, 3), run(false)];
    assert.deepEqual(rankLines(spectra).map((entry) => entry.line), [1, 2, 3]);
    assert.deepEqual(rankLines(spectra, new Map([[3, 2], [2, 1]])).map((entry) => entry.line), [3, 2, 1]);
    // Evidence never lifts a line over a higher score.
    const uneven = [run(true, 1, 2), run(false, 2)];
    assert.deepEqual(rankLines(uneven, new Map([[2, 9]])).map((entry) => entry.line), [1, 2]);
  });

  test('no failing run: nothing to rank', () => {
    assert.deepEqual(rankLines([run(false, 1, 2)]), []);
  });

  test('the lines tied with the first N: all of a tie at the cut', () => {
    const spectra = [run(true, 1, 2, 3, 4), run(false, 3, 4), run(false, 4)];
    const ranked = rankLines(spectra);
    assert.deepEqual(ranked.map((entry) => entry.line), [1, 2, 3, 4]);
    assert.deepEqual(linesTiedAtTop(ranked, 1), [1, 2]);
    assert.deepEqual(linesTiedAtTop(ranked, 3), [1, 2, 3]);
    assert.deepEqual(linesTiedAtTop(ranked, 9), [1, 2, 3, 4]);
  });
});
