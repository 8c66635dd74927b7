/** What the Testing view says about a verdict. No VS Code here, so it is tested in process. */
import type { JudgeVerdict, Verdict } from './judgeApi';

export type VerdictReport =
  | { passed: true; ms: number | undefined }
  | {
    passed: false;
    ms: number | undefined;
    message: string;
    /** For a wrong answer: the two lines VS Code shows as a diff. */
    diff?: { expected: string; actual: string };
    /** The 0-based deck line the message belongs to. */
    deckLine?: number;
  }
  /** The judge could not judge: the deck has errors. */
  | { errored: string };

const SAY: Record<Exclude<Verdict, 'AC' | 'WA'>, string> = {
  TLE: 'Time limit exceeded',
  MLE: 'Memory limit exceeded',
  RE: 'Runtime error',
  OLE: 'Output limit exceeded',
};

export function verdictReport(verdict: JudgeVerdict): VerdictReport {
  const { ms } = verdict;
  switch (verdict.verdict) {
    case 'AC':
      return { passed: true, ms };
    case 'INVALID':
      return { errored: 'The deck has errors (see the Problems panel): the solution was not run.' };
    case 'WA': {
      const expected = verdict.expected ?? '';
      const actual = verdict.actual ?? '';
      // The point first: Test Results shows only the start of the message's first line.
      const lines = [
        `Line ${verdict.line ?? '?'}: expected ${show(expected)}, got ${show(actual)} (wrong answer).`,
      ];
      lines.push(...(verdict.likely ?? []).map(({ sentence }) => sentence));
      if (verdict.state?.length) lines.push('', `Before line ${verdict.line ?? '?'}:`, ...verdict.state);
      const why = explanationLines(verdict.explanation);
      if (why.length > 0) lines.push('', 'Why:', ...why);
      const deckLine = verdict.deckLine === undefined ? undefined : verdict.deckLine - 1;
      return { passed: false, ms, message: lines.join('\n'), diff: { expected, actual }, deckLine };
    }
    default: {
      const lines = [`${SAY[verdict.verdict]}${verdict.detail ? `: ${verdict.detail}` : ''}.`];
      if (verdict.stderr?.length) lines.push('', 'The last lines of its stderr:', ...verdict.stderr);
      return { passed: false, ms, message: lines.join('\n') };
    }
  }
}

/** A line as it is; quoted when spaces at its ends or control characters would not show. */
function show(line: string): string {
  if (line === '') return 'no line';
  // eslint-disable-next-line no-control-regex -- control characters are what is looked for
  return /^\S(.*\S)?$/.test(line) && !/[\u0000-\u001f\u007f]/.test(line) ? line : JSON.stringify(line);
}

/** Words as they are; a decision record (structured data) as indented JSON. */
function explanationLines(explanation: unknown): string[] {
  if (explanation === undefined || explanation === null) return [];
  if (typeof explanation === 'string') return explanation.split('\n');
  if (Array.isArray(explanation) && explanation.every((line) => typeof line === 'string')) return explanation;
  return JSON.stringify(explanation, null, 2).split('\n');
}
