import assert from 'node:assert/strict';
import { analyzeCirno, renderCirnoTranscript, type CirnoAnalysis, type CirnoGame } from '../../server/src/core/cirno';
import { formatProblem } from '../helpers';

/** Deck text from its lines, `\n` ends. */
export function deck(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** The judge's text from its lines. */
export const transcript = deck;

/** A valid deck: no problem at all, and the transcript byte for byte. */
export function check(input: string, expected: string): CirnoGame {
  const analysis = analyzeCirno(input);
  assert.deepEqual(analysis.problems.map(formatProblem), []);
  assert.ok(analysis.game, 'a deck without problems is played');
  assert.equal(renderCirnoTranscript(analysis.game), expected);
  return analysis.game;
}

/** Every problem, formatted `L:C-L:C severity code: message` (1-based), in order. */
export function checkProblems(input: string, expected: string[]): CirnoAnalysis {
  const analysis = analyzeCirno(input);
  assert.deepEqual(analysis.problems.map(formatProblem), expected);
  if (expected.some((line) => line.includes(' error '))) assert.equal(analysis.game, undefined, 'no game with errors');
  return analysis;
}
