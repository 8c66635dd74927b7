/**
 * A decision's Why (the replay's summary, table and notes) as plain text lines, for a terminal:
 * the table in aligned columns, the chosen row marked with `*`.
 */
import type { ReplayWhy } from '../protocol/replay';

export function whyText(why: ReplayWhy): string[] {
  const lines = [why.summary];
  if (why.table) {
    const rows = [why.table.columns, ...why.table.rows.map((row) => row.cells)];
    const widths = why.table.columns.map((_, c) => Math.max(...rows.map((cells) => (cells[c] ?? '').length)));
    const line = (cells: readonly string[], mark: string) =>
      `${mark} ${cells.map((cell, c) => cell.padEnd(widths[c])).join('  ')}`.trimEnd();
    lines.push(line(why.table.columns, ' '), ...why.table.rows.map((row) => line(row.cells, row.chosen ? '*' : ' ')));
  }
  lines.push(...why.notes);
  return lines;
}
