/**
 * What `package` says of its submissions: each --solution and --wrong source (C, C++ or Python)
 * is built as the reference audit builds (cached by content) and judged on every deck of the
 * package, as a judge system would. A judge expects every accepted submission to pass every
 * deck and a wrong_answer submission to get WA on one: one that fails only by TLE, RE, OLE or MLE
 * belongs in another folder (time_limit_exceeded, run_time_error), which is a warning.
 */
import { readFileSync } from 'node:fs';
import { buildPlan, languageOf } from '../mutation/buildPlan';
import { MutationCache } from '../mutation/mutationCache';
import { ProgramBuilder } from '../mutation/programBuilder';
import type { JudgedDeck } from '../judge/prepare';
import { runSolution, type RunLimits } from '../judge/runner';
import { judgeRun, type Verdict } from '../judge/verdict';
import { mapInOrder } from '../pool';
import { visible } from '../judge/visible';

export interface Submission {
  /** The source file as given. */
  source: string;
  /** Where the package holds it: `submissions/accepted/ref.cpp`. */
  path: string;
  folder: 'accepted' | 'wrong_answer';
}

export type SubmissionOutcome =
  | { kind: 'notRun'; why: string }
  | { kind: 'buildFailed'; message: string }
  | { kind: 'judged'; verdicts: { deck: string; verdict: Verdict }[] };

/** Builds and judges each submission on the decks, one after the other, each on `jobs` decks at once. */
export async function judgeSubmissions(
  submissions: readonly Submission[], decks: readonly JudgedDeck[], limits: RunLimits, jobs: number,
): Promise<SubmissionOutcome[]> {
  const outcomes: SubmissionOutcome[] = [];
  const cache = new MutationCache();
  for (const submission of submissions) {
    try {
      languageOf(submission.source, '--solution');
    } catch {
      outcomes.push({ kind: 'notRun', why: 'deck-sim runs C, C++ and Python (by the ending)' });
      continue;
    }
    const plan = buildPlan(submission.source, undefined, '--solution');
    const text = readFileSync(submission.source, 'utf8');
    const builder = await ProgramBuilder.create(plan, cache, text);
    const [built] = await builder.buildAll([text], 1);
    if (!built.ok) {
      outcomes.push({ kind: 'buildFailed', message: built.message });
      continue;
    }
    const argv = builder.runArgv(built.identity);
    const verdicts = await mapInOrder(decks, jobs, async (deck) => {
      const run = await runSolution(argv, deck.input, limits);
      const { verdict } = judgeRun(deck.name, deck.analysis, deck.expected, run, limits);
      return { deck: deck.name, verdict: verdict as Verdict };
    }, () => undefined);
    outcomes.push({ kind: 'judged', verdicts });
  }
  return outcomes;
}

/** Verdicts other than AC with their counts, in the order first met: `WA on 2 decks, TLE on 1`. */
function failedBy(verdicts: readonly { verdict: Verdict }[]): string {
  const counts = new Map<Verdict, number>();
  for (const { verdict } of verdicts) if (verdict !== 'AC') counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  return [...counts].map(([verdict, n], i) => `${verdict} on ${n}${i > 0 ? '' : n === 1 ? ' deck' : ' decks'}`)
    .join(', ');
}

/**
 * One line per submission, and whether each gets what its folder promises: `problem` when an
 * accepted one fails a deck, a wrong_answer one passes every deck, or one does not build;
 * `warning` when a wrong_answer one fails only by another verdict than WA.
 */
export function submissionReport(
  submissions: readonly Submission[], outcomes: readonly SubmissionOutcome[],
): { lines: string[]; problems: number } {
  const lines: string[] = [];
  let problems = 0;
  submissions.forEach((submission, i) => {
    const outcome = outcomes[i];
    const { path, folder } = submission;
    if (outcome.kind === 'notRun') {
      lines.push(`${path}: not run: ${outcome.why}`);
      return;
    }
    if (outcome.kind === 'buildFailed') {
      problems++;
      const first = outcome.message.split('\n').find((line) => line.trim() !== '') ?? '';
      lines.push(`deck-sim: ${path} does not build: ${visible(first)}`);
      return;
    }
    const { verdicts } = outcome;
    const failed = verdicts.filter((v) => v.verdict !== 'AC');
    const decks = `${verdicts.length} ${verdicts.length === 1 ? 'deck' : 'decks'}`;
    if (folder === 'accepted') {
      if (failed.length === 0) lines.push(`${path}: AC on all ${decks}`);
      else {
        problems++;
        lines.push(`deck-sim: ${path} must pass every deck, but gets ${failedBy(verdicts)} (first: ${failed[0].deck})`);
      }
    } else if (failed.length === 0) {
      problems++;
      lines.push(`deck-sim: ${path} must fail a deck, but passes all ${decks}`);
    } else if (failed.some((v) => v.verdict === 'WA')) {
      lines.push(`${path}: ${failedBy(verdicts)}`);
    } else {
      lines.push(`deck-sim: warning: ${path} never gets WA, only ${failedBy(verdicts)}: a judge expects a `
        + 'wrong_answer submission to get WA (time_limit_exceeded or run_time_error may be its folder)');
    }
  });
  return { lines, problems };
}
