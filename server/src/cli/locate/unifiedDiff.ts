/**
 * A unified diff of one contiguous change between two versions of a file, with three lines of
 * context: what `patch FILE` applies, and what `git apply` and editors show.
 */
const CONTEXT = 3;
const NO_NEWLINE = '\\ No newline at end of file';

/** The lines of a text, and whether its last line ends with a newline. */
function linesOf(text: string): { lines: string[]; endsWithNewline: boolean } {
  const endsWithNewline = text.endsWith('\n');
  const lines = text.split('\n');
  if (endsWithNewline) lines.pop();
  return { lines, endsWithNewline };
}

/** The diff from `before` to `after` of the file `name`; empty when they are equal. */
export function unifiedDiff(name: string, before: string, after: string): string {
  if (before === after) return '';
  const a = linesOf(before);
  const b = linesOf(after);
  // A change of the last line's newline alone is a change of the last line.
  const sameEnd = a.endsWithNewline === b.endsWithNewline;
  let prefix = 0;
  while (prefix < a.lines.length && prefix < b.lines.length && a.lines[prefix] === b.lines[prefix]) prefix++;
  let suffix = 0;
  while (sameEnd && suffix < a.lines.length - prefix && suffix < b.lines.length - prefix
    && a.lines[a.lines.length - 1 - suffix] === b.lines[b.lines.length - 1 - suffix]) suffix++;
  if (!sameEnd && prefix === Math.min(a.lines.length, b.lines.length)) prefix = Math.max(0, prefix - 1);
  const start = Math.max(0, prefix - CONTEXT);
  const aEnd = Math.min(a.lines.length, a.lines.length - suffix + CONTEXT);
  const bEnd = Math.min(b.lines.length, b.lines.length - suffix + CONTEXT);
  const out = [`--- ${name}`, `+++ ${name}`, `@@ -${range(start, aEnd - start)} +${range(start, bEnd - start)} @@`];
  const line = (mark: string, text: string, index: number, side: typeof a) => {
    out.push(mark + text);
    if (index === side.lines.length - 1 && !side.endsWithNewline) out.push(NO_NEWLINE);
  };
  for (let i = start; i < prefix; i++) line(' ', a.lines[i], i, a);
  for (let i = prefix; i < a.lines.length - suffix; i++) line('-', a.lines[i], i, a);
  for (let i = prefix; i < b.lines.length - suffix; i++) line('+', b.lines[i], i, b);
  for (let i = a.lines.length - suffix; i < aEnd; i++) line(' ', a.lines[i], i, a);
  return out.join('\n') + '\n';
}

/** A hunk's range: `start,count`, 1-based, where an empty range names the line before it. */
function range(start: number, count: number): string {
  return count === 0 ? `${start},0` : `${start + 1},${count}`;
}
