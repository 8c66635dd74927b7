/** Figures for the lines a user selected: how many tiles or cards, per kind. */
import type { Range } from '../core/problem';
import type { SelectionSummary } from '../protocol/requests';

/** How many kinds the status bar text names before `…`. */
const KINDS_SHOWN = 6;

/** The lines ranges take in; a range ending at column 0 of a later line does not take in that line. */
export function selectedLines(ranges: readonly Range[]): Set<number> {
  const lines = new Set<number>();
  for (const range of ranges) {
    const last = range.end.character === 0 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
    for (let line = range.start.line; line <= last; line++) lines.add(line);
  }
  return lines;
}

/** `names` are the selected tiles or cards, `unit` what one is called. */
export function summarizeSelection(names: readonly string[], unit: string): SelectionSummary {
  if (names.length === 0) return { text: '', tooltip: '' };
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const kinds = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = kinds.slice(0, KINDS_SHOWN).map(([name, n]) => `${name}×${n}`).join(' ');
  const noun = `${unit}${names.length === 1 ? '' : 's'}`;
  return {
    text: `${names.length} ${noun} · ${shown}${kinds.length > KINDS_SHOWN ? ' …' : ''}`,
    tooltip: kinds.map(([name, n]) => `${name}: ${n}`).join('\n'),
  };
}
