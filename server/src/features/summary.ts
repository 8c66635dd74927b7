/** Phrases every game's outcome, lens and hover share. */
import type { Problem, Severity } from '../core/problem';

/** `3 rounds`, `1 round`. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Why there is no simulation: `3 errors, the first at line 5: Unknown tile '5Q'.` */
export function skippedReason(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.severity === 'error');
  const first = errors[0];
  return `${count(errors.length, 'error')}, the first at line ${first.range.start.line + 1}: ${first.message}`;
}

/** The Output header's words for a deck with errors. */
export function skippedOutcome(problems: readonly Problem[]): string {
  return `simulation skipped: ${skippedReason(problems)}`;
}

const SEVERITY_NOUNS: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'info' };

/**
 * The code lens of a deck with errors; undefined when it has none. It counts each severity as
 * the Problems view does (`2 errors, 1 warning`), and only errors stop the simulation.
 */
export function problemsLensTitle(problems: readonly Problem[]): string | undefined {
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors === 0) return undefined;
  const counts = (Object.keys(SEVERITY_NOUNS) as Severity[])
    .map((severity) => [problems.filter((p) => p.severity === severity).length, SEVERITY_NOUNS[severity]] as const)
    .filter(([n]) => n > 0);
  const them = counts.length > 1 ? `the ${errors === 1 ? 'error' : 'errors'}` : errors === 1 ? 'it' : 'them';
  return `${counts.map(([n, noun]) => count(n, noun)).join(', ')} · fix ${them} to simulate`;
}
