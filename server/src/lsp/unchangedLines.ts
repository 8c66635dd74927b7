/**
 * Which lines of a new version of a text are copies of lines of an older one, and where they
 * were: the lines before the first difference, and the lines after the last one. A request on
 * such a line can be answered from the older version's analysis while the new one waits.
 */

const CR = 0x0d;
const LF = 0x0a;

/** Whether a line starts at `offset` (the text's length included: the line after a last line break). */
function lineStartsAt(text: string, offset: number): boolean {
  if (offset === 0) return true;
  const before = text.charCodeAt(offset - 1);
  return before === LF || (before === CR && text.charCodeAt(offset) !== LF);
}

/** Maps a line of the new text to the same line in the old one; undefined for a line an edit touched. */
export type LineMap = (line: number) => number | undefined;

/**
 * `oldLineCount` and `newLineCount` are the texts' line counts (line breaks: CR LF, CR, LF).
 * Reads the texts from both ends up to their first and last difference.
 */
export function unchangedLines(oldText: string, newText: string, oldLineCount: number, newLineCount: number): LineMap {
  const shorter = Math.min(oldText.length, newText.length);
  // The common beginning, and the line breaks in it: a CR LF counts once, at its CR.
  let prefix = 0;
  let prefixBreaks = 0;
  while (prefix < shorter && oldText.charCodeAt(prefix) === newText.charCodeAt(prefix)) {
    const code = oldText.charCodeAt(prefix);
    if (code === CR || (code === LF && (prefix === 0 || oldText.charCodeAt(prefix - 1) !== CR))) prefixBreaks++;
    prefix++;
  }
  if (prefix === oldText.length && prefix === newText.length) return (line) => line;
  // The common end, not overlapping the beginning, and the lines wholly inside it: those that
  // start in it. Where it starts, the characters before it may differ: a line starts there in
  // both texts, or it is not counted.
  let suffix = 0;
  while (suffix < shorter - prefix
    && oldText.charCodeAt(oldText.length - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)) suffix++;
  const oldStart = oldText.length - suffix;
  let suffixLines = lineStartsAt(oldText, oldStart) && lineStartsAt(newText, newText.length - suffix) ? 1 : 0;
  for (let i = oldStart + 1; i <= oldText.length; i++) if (lineStartsAt(oldText, i)) suffixLines++;
  const firstSuffixLine = newLineCount - suffixLines;
  return (line) => {
    if (line < prefixBreaks) return line;
    if (line >= firstSuffixLine && line < newLineCount) return line - newLineCount + oldLineCount;
    return undefined;
  };
}
