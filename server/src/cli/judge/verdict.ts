/** A solution's run on one deck turned into a verdict, and the verdict as a report or JSON. */
import type { DeckAnalysis } from '../gameFormats';
import type { LineReport } from '../../features/gameService';
import { firstDifference, type Difference } from '../../core/outputCompare';
import { likelySentence } from '../../core/catalogue/likely';
import type { Mistake } from '../../core/catalogue/types';
import { OUTPUT_CAP_BYTES, type RunLimits, type RunResult } from './runner';
import { visible } from './visible';

export type Verdict = 'AC' | 'WA' | 'TLE' | 'MLE' | 'RE' | 'OLE';

export interface Judgement {
  deck: string;
  /** INVALID: the deck itself has errors (listed on stderr) and the solution was not run. */
  verdict: Verdict | 'INVALID';
  /** Run time; absent for `diff`, which runs nothing. */
  ms?: number;
  /** For a WA. */
  difference?: Difference;
  /**
   * For a WA: the catalogue's mistakes whose solution prints exactly this output, each with the
   * report's sentence (`Your output matches a solution in which …`), which VS Code shows as it is.
   */
  likely?: { mutant: string; description: string; sentence: string }[];
  /** For a WA: the state before the expected line, its deck line and why it is what it is. */
  report?: LineReport;
  /** For TLE, MLE, RE, OLE: what happened, e.g. `exit status 3`, `killed by SIGSEGV`. */
  detail?: string;
  /** For RE and MLE: the last lines the solution wrote to stderr. */
  stderrTail?: string[];
}

const STDERR_LINES = 5;
const MB = 1024 * 1024;

/** The verdict of a finished run against the reference transcript. */
export function judgeRun(
  deck: string, analysis: DeckAnalysis, expected: string, run: RunResult, limits: RunLimits,
  likely?: (output: string) => Mistake[],
): Judgement {
  const { ms } = run;
  switch (run.kind) {
    case 'timeout':
      return timeLimitJudgement(deck, ms, limits);
    case 'memoryLimit': {
      const detail = run.stopped ? `stopped at the memory limit of ${limits.memoryLimitMb} MB`
        : `an allocation failed (memory limit ${limits.memoryLimitMb} MB)`;
      // From the line saying the allocation failed, when one does.
      const said = run.stderr.split('\n').filter((line) => line.trim() !== '').slice(0, STDERR_LINES);
      return { deck, verdict: 'MLE', ms, detail, stderrTail: run.stopped ? stderrTail(run.stderr) : said };
    }
    case 'outputLimit':
      return { deck, verdict: 'OLE', ms, detail: `stopped after more than ${OUTPUT_CAP_BYTES / MB} MB of output` };
    case 'notStarted':
      return { deck, verdict: 'RE', ms, detail: run.error };
    case 'exited': {
      if (run.code !== 0) {
        const detail = run.signal ? `killed by ${run.signal}` : `exit status ${run.code}`;
        return { deck, verdict: 'RE', ms, detail, stderrTail: stderrTail(run.stderr) };
      }
      return judgeOutput(deck, analysis, expected, run.stdout, ms, likely);
    }
  }
}

/** The verdict of a run stopped at the time limit. */
export function timeLimitJudgement(deck: string, ms: number, limits: RunLimits): Judgement {
  return { deck, verdict: 'TLE', ms, detail: `stopped at the time limit of ${limits.timeLimitMs} ms` };
}

function stderrTail(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.trim() !== '').slice(-STDERR_LINES);
}

/** AC or WA for an output, with the WA's context, explanation and likely mistakes. */
export function judgeOutput(
  deck: string, analysis: DeckAnalysis, expected: string, actual: string, ms?: number,
  likely?: (output: string) => Mistake[],
): Judgement {
  const difference = firstDifference(expected, actual);
  if (!difference) return { deck, verdict: 'AC', ms };
  // A line past the end of the expected transcript (the solution printed more) has no report.
  const report = analysis.lineReport(difference.line);
  const mistakes = (likely?.(actual) ?? [])
    .map(({ id, description }) => ({ mutant: id, description, sentence: likelySentence(description) }));
  return { deck, verdict: 'WA', ms, difference, likely: mistakes, ...(report ? { report } : {}) };
}

/** The human report of one deck, each line ending in a newline. */
export function formatJudgement(j: Judgement): string {
  if (j.verdict === 'INVALID') return `${j.deck}: INVALID (the deck has errors: the solution was not run)\n`;
  const head = `${j.deck}: ${j.verdict}${j.ms === undefined ? '' : ` ${j.ms} ms`}`;
  if (j.verdict === 'AC') return head + '\n';
  if (j.verdict !== 'WA') {
    const tail = (j.stderrTail ?? []).map((line) => `  | ${visible(line)}\n`).join('');
    return `${head}, ${j.detail}\n${tail}`;
  }
  const { difference, report } = j;
  const lines = [
    `${head}, first difference at line ${difference!.line}`,
    `  expected: ${shownLine(difference!, 'expected')}`,
    `  actual:   ${shownLine(difference!, 'actual')}`,
  ];
  if (report?.deckLine) lines.push(`  deck line ${report.deckLine.line}: ${report.deckLine.token}`);
  if (report) lines.push(`  before line ${difference!.line}:`, ...report.state.map((line) => `    ${line}`));
  if (report && report.why.length > 0) lines.push('  why:', ...report.why.map((line) => `    ${line}`));
  lines.push(...(j.likely ?? []).map(({ sentence }) => `  ${sentence}`));
  return lines.join('\n') + '\n';
}

/** One side of a difference as a report shows it: escaped, or where that output ended. */
function shownLine(difference: Difference, side: 'expected' | 'actual'): string {
  if (difference.ended !== side) return visible(difference[side]);
  const last = difference.line - 1;
  if (side === 'expected') return `the transcript ended after line ${last}`;
  return last === 0 ? 'your output is empty' : `your output ended after line ${last}`;
}

/**
 * One JSON Lines object: deck, verdict, ms; for a WA line, expected, actual, likely ([{mutant,
 * description, sentence}], empty when no mistake of the catalogue prints that output), deckLine, state,
 * explanation (core's explain record of the expected line) and why (its text lines).
 */
export function judgementJson(j: Judgement): string {
  const record: Record<string, unknown> = { deck: j.deck, verdict: j.verdict };
  if (j.ms !== undefined) record.ms = j.ms;
  if (j.difference) {
    const { line, expected, actual } = j.difference;
    Object.assign(record, { line, expected, actual });
  }
  if (j.likely) record.likely = j.likely;
  if (j.report?.deckLine) record.deckLine = j.report.deckLine.line;
  if (j.report) {
    record.state = j.report.state;
    record.explanation = j.report.record;
    record.why = j.report.why;
  }
  if (j.detail) record.detail = j.detail;
  if (j.stderrTail) record.stderr = j.stderrTail;
  return JSON.stringify(record) + '\n';
}

export function summaryLine(judgements: readonly Judgement[]): string {
  const passed = judgements.filter((j) => j.verdict === 'AC').length;
  return `${passed} passed, ${judgements.length - passed} failed\n`;
}
