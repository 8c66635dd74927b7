/**
 * The mutants of the setter's reference, from `deck-sim audit --reference --json` (docs/cli.md,
 * "audit --reference"): the summary, the survivors the report and the Testing view list, and a
 * survivor's whole source (the reference with its span replaced) for the diff view. Plain data:
 * no VS Code, no Node.
 */

import {
  MUTANT_STATUSES, type MutantStatus, type ReferenceMutant, type ReferenceSummary,
} from '../../../server/src/protocol/referenceAuditJson';

export type { MutantStatus, ReferenceMutant, ReferenceSummary };

export interface ReferenceReport {
  summary: ReferenceSummary;
  mutants: ReferenceMutant[];
}

const SUMMARY_COUNTS = [
  'mutants', 'killed', 'survived', 'likelyEquivalent', 'equivalent', 'duplicate', 'buildFailed',
] as const;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isMutant(value: unknown): value is ReferenceMutant {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return typeof m.id === 'string' && isCount(m.line) && m.line >= 1 && isCount(m.column) && m.column >= 1
    && typeof m.operator === 'string' && typeof m.original === 'string' && typeof m.replacement === 'string'
    && MUTANT_STATUSES.includes(m.status as MutantStatus) && (m.killedBy === null || typeof m.killedBy === 'string');
}

/**
 * The reference's part of the CLI's JSON line; an error naming what is missing when the CLI
 * printed no such object (a CLI of another version).
 */
export function parseReferenceReport(json: string): ReferenceReport {
  const record = JSON.parse(json) as Record<string, unknown>;
  const summary = record.reference as Record<string, unknown> | undefined;
  const mutants = record.referenceMutants;
  if (typeof summary !== 'object' || summary === null || typeof summary.file !== 'string'
    || !SUMMARY_COUNTS.every((key) => isCount(summary[key]))
    || !(summary.score === null || typeof summary.score === 'number')
    || !(summary.build === null || typeof summary.build === 'string')) {
    throw new Error('deck-sim audit printed no "reference" summary');
  }
  if (!Array.isArray(mutants) || !mutants.every(isMutant)) {
    throw new Error('deck-sim audit printed no valid "referenceMutants"');
  }
  return { summary: summary as unknown as ReferenceSummary, mutants: mutants.map((m) => ({ ...m })) };
}

/** What the report and the Testing view list: survived mutants, then likely equivalent ones, in source order. */
export function survivingMutants(report: ReferenceReport): ReferenceMutant[] {
  return [
    ...report.mutants.filter((m) => m.status === 'survived'),
    ...report.mutants.filter((m) => m.status === 'likely-equivalent'),
  ];
}

/** `81.1% (291 of 359 killed)`, or `no mutant to measure`. */
export function scoreText(summary: ReferenceSummary): string {
  const measured = summary.mutants - summary.equivalent - summary.duplicate - summary.buildFailed;
  if (summary.score === null) return 'no mutant to measure';
  return `${(summary.score * 100).toFixed(1)}% (${summary.killed} of ${measured} killed)`;
}

/** `361 mutants: 291 killed, 68 survived, …`, as the CLI's text report counts them. */
export function countsText(s: ReferenceSummary): string {
  return `${s.mutants} mutants: ${s.killed} killed, ${s.survived} survived, ${s.likelyEquivalent} likely equivalent, `
    + `${s.equivalent} equivalent, ${s.duplicate} duplicate, ${s.buildFailed} build failed`;
}

/** `line 58:12 cond-false: doubled == i → False`. */
export function mutantLabel(m: ReferenceMutant): string {
  return `line ${m.line}:${m.column} ${m.operator}: ${oneLine(m.original)} → ${oneLine(m.replacement)}`;
}

/** Why a listed mutant fails its test in the Testing view. */
export function survivorMessage(m: ReferenceMutant, setLabel: string, decksTried?: number): string {
  if (m.status === 'likely-equivalent') {
    const tried = decksTried === undefined ? '' : ` of ${decksTried}`;
    return `likely equivalent: no deck${tried} tried kills it (${mutantLabel(m)})`;
  }
  return `survived: no deck of ${setLabel} kills it (${mutantLabel(m)})`;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ');
}

/** The offset of a 1-based line and UTF-16 column in `source`, or undefined past its end. */
function offsetOf(source: string, line: number, column: number): number | undefined {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const end = source.indexOf('\n', start);
    if (end < 0) return undefined;
    start = end + 1;
  }
  const offset = start + column - 1;
  return offset <= source.length ? offset : undefined;
}

/**
 * The reference with the mutant's span replaced: the mutant's whole source. Undefined when the
 * source no longer holds the mutant's original text at its place (the file changed since the audit).
 */
export function mutatedSource(source: string, m: ReferenceMutant): string | undefined {
  const offset = offsetOf(source, m.line, m.column);
  if (offset === undefined || source.slice(offset, offset + m.original.length) !== m.original) return undefined;
  return source.slice(0, offset) + m.replacement + source.slice(offset + m.original.length);
}

const SYMBOL_WORDS: Record<string, string> = {
  '<': 'lt', '>': 'gt', '=': 'eq', '!': 'not', '+': 'plus', '-': 'minus', '*': 'times', '/': 'div', '%': 'mod',
  '&': 'and', '|': 'or',
};

/**
 * The name of a deck written for one mutant, from its id: `58:20:ror=>=` → `kill-58-20-ror-gteq`
 * (a file name on every system, different for each mutant of a line).
 */
export function killDeckName(id: string): string {
  const [line, column, operator = ''] = id.split(':');
  const [name, replacement = ''] = [operator.slice(0, operator.search(/=|$/)), operator.split('=').slice(1).join('=')];
  const words = (text: string) => [...text].map((c) => (/[A-Za-z0-9]/.test(c) ? c : SYMBOL_WORDS[c] ?? '_')).join('');
  return ['kill', line, column, words(name), ...(replacement === '' ? [] : [words(replacement)])].join('-');
}
