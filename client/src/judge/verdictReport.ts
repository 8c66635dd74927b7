/** What the Testing view says about a verdict. No VS Code here, so it is tested in process. */
import type { JudgeVerdict } from './judgeApi';

export type VerdictReport =
  | { passed: true; ms: number }
  | {
    passed: false;
    ms: number;
    message: string;
    /** For a wrong answer: the two lines VS Code shows as a diff. */
    diff?: { expected: string; actual: string };
    /** The 0-based deck line the message belongs to. */
    deckLine?: number;
  };

const SAY: Record<Exclude<JudgeVerdict['verdict'], 'AC' | 'WA'>, string> = {
  TLE: 'Time limit exceeded',
  RE: 'Runtime error',
  OLE: 'Output limit exceeded',
};

export function verdictReport(verdict: JudgeVerdict, timeLimitMs: number): VerdictReport {
  const { ms } = verdict;
  switch (verdict.verdict) {
    case 'AC':
      return { passed: true, ms };
    case 'WA': {
      const expected = verdict.expected ?? '';
      const actual = verdict.actual ?? '';
      const lines = [
        `Wrong answer at output line ${verdict.line ?? '?'}: expected ${show(expected)}, got ${show(actual)}.`,
      ];
      if (verdict.explanation) lines.push(verdict.explanation);
      const deckLine = verdict.deckLine === undefined ? undefined : verdict.deckLine - 1;
      return { passed: false, ms, message: lines.join('\n'), diff: { expected, actual }, deckLine };
    }
    default: {
      const limit = verdict.verdict === 'TLE' ? ` (limit ${timeLimitMs} ms)` : '';
      const detail = verdict.detail ? `: ${verdict.detail}` : '.';
      return { passed: false, ms, message: `${SAY[verdict.verdict]}${limit}${detail}` };
    }
  }
}

function show(line: string): string {
  return line === '' ? 'no line' : JSON.stringify(line);
}
