/** What the outline and folding of every game share. */
import type { Range } from '../core/problem';
import type { DeckFold, DeckSymbol } from './gameService';

/** The smallest range holding all of `ranges` (at least one). */
export function spanning(ranges: readonly Range[]): Range {
  const first = ranges.reduce((a, b) => (b.start.line < a.start.line
    || (b.start.line === a.start.line && b.start.character < a.start.character) ? b : a));
  const last = ranges.reduce((a, b) => (b.end.line > a.end.line
    || (b.end.line === a.end.line && b.end.character > a.end.character) ? b : a));
  return { start: first.start, end: last.end };
}

/** A symbol whose range spans its children; undefined without children. */
export function section(name: string, kind: DeckSymbol['kind'], children: DeckSymbol[], detail?: string):
  DeckSymbol | undefined {
  if (children.length === 0) return undefined;
  const range = spanning(children.map((child) => child.range));
  const symbol: DeckSymbol = { name, kind, range, selectionRange: { start: range.start, end: range.start }, children };
  if (detail !== undefined) symbol.detail = detail;
  return symbol;
}

/** Folds for sections of more than one line (recursively), and for runs of two or more comment lines. */
export function foldsOf(symbols: readonly DeckSymbol[], lines: readonly string[]): DeckFold[] {
  const folds: DeckFold[] = [];
  const visit = (symbol: DeckSymbol) => {
    // A Mahjong hand's tiles are every fourth line: folding it would hide the others'.
    if (symbol.kind !== 'player' && symbol.range.end.line > symbol.range.start.line) {
      folds.push({ startLine: symbol.range.start.line, endLine: symbol.range.end.line });
    }
    symbol.children?.forEach(visit);
  };
  symbols.forEach(visit);
  let runStart = -1;
  lines.forEach((text, line) => {
    const comment = text.trimStart().startsWith('#');
    if (comment && runStart < 0) runStart = line;
    const last = line === lines.length - 1;
    if (runStart >= 0 && (!comment || last)) {
      const end = comment ? line : line - 1;
      if (end > runStart) folds.push({ startLine: runStart, endLine: end, comment: true });
      runStart = -1;
    }
  });
  return folds.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
