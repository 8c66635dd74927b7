/**
 * What editors show of a test set: its audit (rules, mistakes, decks with errors) and the
 * problem package's files or the decks it refuses, as plain data for the client's views.
 */
import type { AuditReport } from '../core/catalogue/audit';
import type { Problem } from '../core/problem';
import { validatorCall, VALIDATOR_PATH, type PackageFiles } from '../core/problemPackage';
import type { AuditDeckProblem, AuditResult, ProblemPackageResult } from '../protocol/requests';

/** Problems listed per deck with errors: the first ones say enough to find the rest. */
export const PROBLEMS_PER_DECK = 5;

/** The summary line `deck-sim audit` ends with. */
export function auditSummary(report: Pick<AuditReport, 'rules' | 'mistakes'>): string {
  const exercised = report.rules.filter((r) => r.hits > 0).length;
  const caught = report.mistakes.filter((m) => m.killedBy.length > 0).length;
  return `rules ${exercised}/${report.rules.length} exercised · mistakes ${caught}/${report.mistakes.length} caught`;
}

/** The report view's data: unexercised rules first, mistakes in catalogue order. */
export function auditView(game: string, report: AuditReport): AuditResult {
  const rules = report.rules.map(({ id, description, hits }) => ({ id, description, hits }));
  return {
    game,
    rules: [...rules.filter((r) => r.hits === 0), ...rules.filter((r) => r.hits > 0)],
    mistakes: report.mistakes.map(({ id, description, killedBy, first }) => {
      if (!first) return { id, description, killedBy };
      const { deck, line, expected, mistaken } = first;
      return { id, description, killedBy, first: { deck, line, expected, mistaken } };
    }),
    invalid: report.invalid.map(({ deck, problems }) => ({ deck, problems: deckProblems(problems) })),
    summary: auditSummary(report),
  };
}

/** The package's files for the client to write, the validator's bundle left to it. */
export function packageView(gameId: string, result: PackageFiles): ProblemPackageResult {
  if ('refused' in result) {
    return {
      refused: result.refused.map(({ name, badName, duplicate, problems }) => ({
        name,
        ...(badName ? { badName } : {}),
        ...(duplicate ? { duplicate } : {}),
        problems: deckProblems(problems),
      })),
    };
  }
  return { files: result.files, validator: { path: VALIDATOR_PATH, after: validatorCall(gameId) } };
}

function deckProblems(problems: readonly Problem[]): AuditDeckProblem[] {
  return problems
    .filter((p) => p.severity === 'error')
    .slice(0, PROBLEMS_PER_DECK)
    .map((p) => ({ line: p.range.start.line + 1, message: p.message }));
}
