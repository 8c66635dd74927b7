/**
 * Which lines of a document's current text are copies of lines of an older text, and where
 * they were: the lines before the first difference, and the lines after the last one. A
 * request on such a line can be answered from the older text's analysis while the current
 * one waits for its own.
 */
import type { TextDocument } from 'vscode-languageserver-textdocument';

const CR = 0x0d;
const LF = 0x0a;
/** Texts are compared this many characters at a time (natively), then one by one. */
const CHUNK = 4096;

/** Maps a line of the current text to the same line in the old one; undefined for a line an edit touched. */
export type LineMap = (line: number) => number | undefined;

function commonPrefix(a: string, b: string, limit: number): number {
  let n = 0;
  while (n + CHUNK <= limit && a.slice(n, n + CHUNK) === b.slice(n, n + CHUNK)) n += CHUNK;
  while (n < limit && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

function commonSuffix(a: string, b: string, limit: number): number {
  const chunkBefore = (text: string, n: number) => text.slice(text.length - n - CHUNK, text.length - n);
  let n = 0;
  while (n + CHUNK <= limit && chunkBefore(a, n) === chunkBefore(b, n)) n += CHUNK;
  while (n < limit && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

/** Whether a line starts at `offset` of `text` (its length included: the line after a last line break). */
function lineStartsAt(text: string, offset: number): boolean {
  if (offset === 0) return true;
  const before = text.charCodeAt(offset - 1);
  return before === LF || (before === CR && text.charCodeAt(offset) !== LF);
}

/** `oldLineCount` is the old text's count of lines (line breaks: CR LF, CR, LF), as a TextDocument counts them. */
export function unchangedLines(oldText: string, oldLineCount: number, document: TextDocument): LineMap {
  const newText = document.getText();
  const shorter = Math.min(oldText.length, newText.length);
  const prefix = commonPrefix(oldText, newText, shorter);
  if (prefix === oldText.length && prefix === newText.length) return (line) => line;
  // Lines that end before the first difference. Where a CR LF and a lone CR differ, the
  // line of the CR counts as edited, to be safe.
  const firstEdited = document.positionAt(prefix).line;
  // Lines that start in the common end, after the last difference: where the common end
  // starts, the characters before it may differ, so a line must start there in both texts.
  const suffix = commonSuffix(oldText, newText, shorter - prefix);
  const suffixStart = newText.length - suffix;
  const line = document.positionAt(suffixStart).line;
  const startsThere = document.offsetAt({ line, character: 0 }) === suffixStart
    && lineStartsAt(oldText, oldText.length - suffix);
  const lastEdited = startsThere ? line - 1 : line;
  const { lineCount } = document;
  return (at) => {
    if (at < firstEdited) return at;
    if (at > lastEdited && at < lineCount) return at + oldLineCount - lineCount;
    return undefined;
  };
}
