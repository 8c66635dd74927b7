/** What Format Document shares across games: line ends, comments and words of a line. */
import { lineTokens, splitLines } from '../core/common/text';

/** The file's own line end: the first one it uses (`\n` for a text without any). */
export function lineEnd(text: string): string {
  return /\r\n|\r|\n/.exec(text)?.[0] ?? '\n';
}

/** A line's words and its comment (from `#` to the end, trailing spaces trimmed). */
export function lineParts(text: string, line: number): { words: string[]; comment: string } {
  const hash = text.indexOf('#');
  return {
    words: lineTokens(text, line).map((token) => token.text),
    comment: hash < 0 ? '' : text.slice(hash).trimEnd(),
  };
}

/** Words then the comment, one space apart. */
export function joinLine(words: readonly string[], comment: string): string {
  return [...words, ...(comment ? [comment] : [])].join(' ');
}

/**
 * The text rebuilt line by line with the file's own line end, a BOM kept; `format` gets each
 * line's text and number and returns the new lines (none to drop it, several to wrap it).
 */
export function rebuild(text: string, format: (line: string, index: number) => string[]): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const lines = splitLines(bom ? text.slice(1) : text);
  return bom + lines.flatMap((line, index) => format(line, index)).join(lineEnd(text));
}
