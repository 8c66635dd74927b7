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

export function compareRanges(a: Range, b: Range): number {
  return a.start.line - b.start.line || a.start.character - b.start.character;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
