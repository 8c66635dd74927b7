/**
 * What formatting shares across games: line ends, comments and words of a line, and the blocks
 * a formatter rewrites. Format Document joins every block; Format Selection applies only the
 * blocks that lie wholly inside the selected lines, so nothing outside them is rewritten.
 */
import type { Position, TextEdit } from '../core/problem';
import { lineTokens, splitLines } from '../core/deckText';

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
 * Lines `line` to `line + count - 1` of the text, rewritten as `lines`. A block of several lines
 * is one that only makes sense whole (a re-flowed ⑨ pile).
 */
export interface FormattedBlock {
  line: number;
  count: number;
  lines: string[];
}

/** A deck's formatting: its blocks in order, covering every line once. */
export interface FormattedDeck {
  /** The whole text formatted (Format Document). */
  text: string;
  blocks: readonly FormattedBlock[];
  /** The text's own lines (a BOM left out), which the blocks rewrite. */
  original: readonly string[];
}

/**
 * The text formatted line by line: `format` gets each line's text and number and returns its new
 * lines; `group` (optional) gives the lines, from a first one to a last one, that form one block.
 * The file's own line end and a BOM are kept.
 */
export function formatLines(
  text: string,
  format: (line: string, index: number) => string[],
  group?: { first: number; last: number },
): FormattedDeck {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const lines = splitLines(bom ? text.slice(1) : text);
  const blocks: FormattedBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (group && index === group.first && group.last >= group.first) {
      const count = Math.min(group.last, lines.length - 1) - index + 1;
      const rewritten = lines.slice(index, index + count).flatMap((line, i) => format(line, index + i));
      blocks.push({ line: index, count, lines: rewritten });
      index += count - 1;
    } else {
      blocks.push({ line: index, count: 1, lines: format(lines[index], index) });
    }
  }
  return { text: bom + blocks.flatMap((block) => block.lines).join(lineEnd(text)), blocks, original: lines };
}

/**
 * Format Selection: the blocks that change something and lie wholly inside lines `first` to
 * `last`, as edits of their lines. A block left with no line takes its line end with it.
 */
export function selectionEdits(text: string, deck: FormattedDeck, first: number, last: number): TextEdit[] {
  const eol = lineEnd(text);
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const lines = deck.original;
  // Columns of the document, where a BOM is the first character of line 0.
  const at = (line: number, character: number): Position => ({ line, character: character + (line === 0 ? bom : 0) });
  const edits: TextEdit[] = [];
  for (const block of deck.blocks) {
    const blockLast = block.line + block.count - 1;
    if (block.line < first || blockLast > last) continue;
    const old = lines.slice(block.line, blockLast + 1);
    if (old.length === block.lines.length && old.every((line, i) => line === block.lines[i])) continue;
    let start = at(block.line, 0);
    let end = at(blockLast, lines[blockLast].length);
    if (block.lines.length === 0) {
      if (block.line > 0) start = at(block.line - 1, lines[block.line - 1].length);
      else if (blockLast + 1 < lines.length) end = at(blockLast + 1, 0);
    }
    edits.push({ range: { start, end }, newText: block.lines.join(eol) });
  }
  return edits;
}
