/**
 * Output comparison: spaces, tabs and CR at the end of a line and blank lines at the end don't
 * count. The judge, the audit and the likely mistakes of an output share it.
 */

export interface Difference {
  /** 1-based. */
  line: number;
  /** The line of each output, '' where that output has no such line. */
  expected: string;
  actual: string;
  /** Which output has no such line: it ended after line `line - 1`. */
  ended?: 'expected' | 'actual';
}

function judgeLines(text: string): string[] {
  const lines = text.split('\n').map((line) => line.replace(/[ \t\r]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The first line where the outputs differ, or undefined when they match. */
export function firstDifference(expected: string, actual: string): Difference | undefined {
  const want = judgeLines(expected);
  const got = judgeLines(actual);
  const length = Math.max(want.length, got.length);
  for (let i = 0; i < length; i++) {
    if (want[i] === got[i]) continue;
    const ended = i >= want.length ? 'expected' : i >= got.length ? 'actual' : undefined;
    return { line: i + 1, expected: want[i] ?? '', actual: got[i] ?? '', ...(ended ? { ended } : {}) };
  }
  return undefined;
}
