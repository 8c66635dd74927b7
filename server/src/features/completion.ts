/** What completion shares across games: the word under the cursor. */
import type { Position, Range } from '../core/problem';
import { lineTokens } from '../core/deckText';

/** Typed words longer than any tile or card name are not ranked letter by letter. */
export const LONGEST_NAME = 8;

/** The word the cursor is in or right after, and the range a completion replaces. */
export function wordAt(lineText: string, line: number, position: Position): { word: string; range: Range } {
  const token = lineTokens(lineText, line).find((t) => t.start <= position.character && position.character <= t.end);
  if (!token) return { word: '', range: { start: position, end: position } };
  const range = { start: { line, character: token.start }, end: { line, character: token.end } };
  return { word: token.text.slice(0, position.character - token.start), range };
}

/** `000`, `001`: the order to show, as a sortable string. */
export function sortText(order: number): string {
  return String(order).padStart(3, '0');
}

/** Line `line` of `text` without its terminator; empty past the end. */
export function lineText(text: string, line: number): string {
  const lineBreak = /\r\n|\r|\n/g;
  let start = 0;
  for (let i = 0; i < line; i++) {
    const found = lineBreak.exec(text);
    if (!found) return '';
    start = found.index + found[0].length;
  }
  const end = lineBreak.exec(text);
  return text.slice(start, end ? end.index : text.length);
}
