/**
 * Whether a text is exactly a judge's input file, as a problem package's input validator
 * checks it: stricter than the editor, which forgives comments, blank lines, CRLF and case. The
 * rule is one for every game: the deck is valid with no warning, and the text is its canonical
 * judge input byte for byte, so the validator can never disagree with the simulator.
 */
import type { DeckGame } from './deckGame';
import { range, type Problem } from './problem';
import { splitLines } from './deckText';

/** The first reason the text is not exactly the judge's input of a valid deck; undefined when it is. */
export function exactInputProblem(game: DeckGame, text: string): Problem | undefined {
  if (text.startsWith('\uFEFF')) return problem(0, 0, 1, 'The file starts with a byte order mark (U+FEFF).');
  const analysis = game.analyze(text);
  const first = analysis.problems.find((p) => p.severity === 'error' || p.severity === 'warning');
  if (first) return first;
  const canonical = game.judgeInput(analysis)!;
  if (text === canonical) return undefined;
  return layoutProblem(text, canonical);
}

/** Where a valid deck's text departs from its canonical layout, and how. */
function layoutProblem(text: string, canonical: string): Problem {
  const cr = text.indexOf('\r');
  if (cr >= 0) {
    const line = splitLines(text.slice(0, cr)).length - 1;
    const column = cr - (text.lastIndexOf('\n', cr - 1) + 1);
    return problem(line, column, column + 1, 'A line ends with CR: judge input lines end with \\n alone.');
  }
  // Both compared without the final newline, which is checked last.
  const lines = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const expected = canonical.slice(0, -1).split('\n');
  for (let i = 0; i < Math.max(lines.length, expected.length); i++) {
    const found = lines[i];
    const wanted = expected[i];
    if (found === wanted) continue;
    if (found === undefined) return problem(i - 1, 0, lines[i - 1].length, `Line ${i + 1} is missing.`);
    const end = found.length;
    if (found.trimStart().startsWith('#')) return problem(i, 0, end, 'A comment: judge input has none.');
    if (found.trim() === '') return problem(i, 0, end, 'A blank line: judge input has none.');
    if (wanted === undefined) return problem(i, 0, end, 'Text after the end of the input.');
    if (found.includes('#')) return problem(i, found.indexOf('#'), end, 'A comment: judge input has none.');
    if (found.trim().split(/\s+/).join(' ') === wanted) {
      return problem(i, 0, end, `White space differs: judge input line ${i + 1} is '${wanted}'.`);
    }
    return problem(i, 0, end, `Not laid out as judge input: line ${i + 1} is '${clip(wanted)}'.`);
  }
  const last = lines.length - 1;
  return problem(last, 0, lines[last].length, 'The file does not end with a newline.');
}

function clip(line: string): string {
  return line.length > 60 ? `${line.slice(0, 60)}…` : line;
}

function problem(line: number, start: number, end: number, message: string): Problem {
  return { range: range(line, start, end), severity: 'error', code: 'not-judge-input', message };
}
