/** Positions are 0-based lines and UTF-16 columns, as in LSP, so the server maps them 1:1. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information';

export interface TextEdit {
  range: Range;
  newText: string;
}

/** A fix the user may apply; the core proposes it, the editor decides. */
export interface Fix {
  title: string;
  edits: TextEdit[];
  preferred?: boolean;
}

export interface Problem {
  range: Range;
  severity: Severity;
  /** Stable identifier, e.g. `unknown-tile`; shown by editors and usable in tests. */
  code: string;
  message: string;
  fixes?: Fix[];
}

export function range(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

/** Whether a one-line range holds the position, its end included (a cursor right after a word). */
export function containsPosition(range: Range, position: Position): boolean {
  return range.start.line === position.line
    && range.start.character <= position.character
    && position.character <= range.end.character;
}

/** Whether two ranges share a position, touching ends included. */
export function rangesTouch(a: Range, b: Range): boolean {
  const before = (x: Position, y: Position) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function compareRanges(a: Range, b: Range): number {
  return a.start.line - b.start.line || a.start.character - b.start.character;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}

/** A fix that replaces one range with a name: the common shape of deck quick fixes. */
export function replaceFix(where: Range, newText: string, preferred = false): Fix {
  return { title: `Change to ${newText}`, edits: [{ range: where, newText }], preferred };
}

/** How many problems of one code are listed before the rest are summed up in one. */
export const MAX_PROBLEMS_PER_CODE = 100;

/**
 * Collects problems, listing at most MAX_PROBLEMS_PER_CODE of each code: a file of junk
 * would otherwise make hundreds of thousands, more than any editor or person can use.
 */
export class ProblemList {
  readonly problems: Problem[] = [];
  private readonly counts = new Map<string, number>();
  private readonly firstHidden = new Map<string, { range: Range; severity: Severity }>();

  /** Whether a problem of `code` would still be listed: check before building an expensive one. */
  accepts(code: string): boolean {
    return (this.counts.get(code) ?? 0) < MAX_PROBLEMS_PER_CODE;
  }

  /** Adds a problem, or counts it when its code has reached the limit. */
  add(problem: Problem): void {
    this.count(problem.code, problem.range, problem.severity);
    if ((this.counts.get(problem.code) ?? 0) <= MAX_PROBLEMS_PER_CODE) this.problems.push(problem);
  }

  /** Counts `times` problems (one unless said) that were not built because their code has reached the limit. */
  count(code: string, where: Range, severity: Severity, times = 1): void {
    const before = this.counts.get(code) ?? 0;
    this.counts.set(code, before + times);
    if (before <= MAX_PROBLEMS_PER_CODE && before + times > MAX_PROBLEMS_PER_CODE) {
      this.firstHidden.set(code, { range: where, severity });
    }
  }

  /** The problems, with one `more-problems` line per code that went over the limit. */
  finish(describe: (code: string) => string): Problem[] {
    for (const [code, { range, severity }] of this.firstHidden) {
      const rest = this.counts.get(code)! - MAX_PROBLEMS_PER_CODE;
      this.problems.push({
        range,
        severity,
        code: 'more-problems',
        message: `${rest} more ${describe(code)} from here on are not listed`
          + ` (only the first ${MAX_PROBLEMS_PER_CODE} are).`,
      });
    }
    return this.problems;
  }
}
