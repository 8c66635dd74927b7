/**
 * An open document as blocks of lines, so an incremental change costs what it touches, not the
 * whole text: the text-document library rebuilds its string and shifts its line table on every
 * change, some 3 ms a change on a 1 MB deck (a flood of edits, or one didChange of thousands of
 * changes, then blocked the server for seconds). Positions, offsets and clamping are the
 * library's (TextDocument), line breaks too (CR LF, CR, LF).
 */
import type {
  DocumentUri, Position, Range, TextDocument, TextDocumentContentChangeEvent,
} from 'vscode-languageserver-textdocument';

const CR = 13;
const LF = 10;
/** Lines per block; a block is split when it doubles. */
const BLOCK_LINES = 256;

interface Block {
  /** Each with its line break, but the document's last line, which has none. */
  lines: string[];
  /** Characters of the lines, breaks included. */
  chars: number;
}

/** A line (of the document, or within a block) and where it starts. */
interface LineAt {
  block: number;
  index: number;
  /** Offset of the line's start in the document. */
  offset: number;
}

function breakLength(line: string): number {
  const last = line.charCodeAt(line.length - 1);
  if (last === LF) return line.length > 1 && line.charCodeAt(line.length - 2) === CR ? 2 : 1;
  return last === CR ? 1 : 0;
}

/** `text` as lines with their breaks; the last piece (maybe empty) has none. */
function splitKeepingBreaks(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== CR && c !== LF) continue;
    if (c === CR && text.charCodeAt(i + 1) === LF) i++;
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  lines.push(text.slice(start));
  return lines;
}

function toBlocks(lines: string[], size: number): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += size) {
    const part = lines.slice(i, i + size);
    blocks.push({ lines: part, chars: part.reduce((sum, line) => sum + line.length, 0) });
  }
  return blocks;
}

function wellFormed(range: Range): Range {
  const { start, end } = range;
  const reversed = start.line > end.line || (start.line === end.line && start.character > end.character);
  return reversed ? { start: end, end: start } : range;
}

export class LineDocument implements TextDocument {
  private blocks: Block[];
  private lines: number;
  private length: number;
  /** The whole text, joined on the first read after a change. */
  private text: string | undefined;

  private constructor(
    readonly uri: DocumentUri, readonly languageId: string, private currentVersion: number, content: string,
    private readonly blockLines: number,
  ) {
    const lines = splitKeepingBreaks(content);
    this.blocks = toBlocks(lines, blockLines);
    this.lines = lines.length;
    this.length = content.length;
    this.text = content;
  }

  /** `blockLines`: lines per block (tests make blocks small). */
  static create(
    uri: DocumentUri, languageId: string, version: number, content: string, blockLines = BLOCK_LINES,
  ): LineDocument {
    return new LineDocument(uri, languageId, version, content, blockLines);
  }

  static update(document: LineDocument, changes: TextDocumentContentChangeEvent[], version: number): LineDocument {
    for (const change of changes) {
      if ('range' in change && change.range) document.replace(wellFormed(change.range), change.text);
      else document.replaceAll(change.text);
    }
    document.currentVersion = version;
    return document;
  }

  get version(): number {
    return this.currentVersion;
  }

  get lineCount(): number {
    return this.lines;
  }

  getText(range?: Range): string {
    if (range) {
      // As String.substring: the smaller offset first.
      const [start, end] = [this.offsetAt(range.start), this.offsetAt(range.end)].sort((a, b) => a - b);
      return start === end ? '' : this.slice(start, end);
    }
    this.text ??= this.blocks.map((block) => block.lines.join('')).join('');
    return this.text;
  }

  getLineRange(line: number): Range {
    if (line < 0) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const at = Math.min(line, this.lines - 1);
    const text = this.lineText(this.lineAt(at));
    return { start: { line: at, character: 0 }, end: { line: at, character: text.length - breakLength(text) } };
  }

  getEOLCharacters(line: number): string {
    if (line < 0 || line >= this.lines) return '';
    const text = this.lineText(this.lineAt(line));
    return text.slice(text.length - breakLength(text));
  }

  offsetAt(position: Position): number {
    const { at, character } = this.locate(position);
    return at.offset + character;
  }

  positionAt(offset: number): Position {
    const target = Math.max(Math.min(offset, this.length), 0);
    let line = 0;
    let start = 0;
    let b = 0;
    // The last block holds the text's end.
    while (b < this.blocks.length - 1 && start + this.blocks[b].chars <= target) {
      start += this.blocks[b].chars;
      line += this.blocks[b].lines.length;
      b++;
    }
    const { lines } = this.blocks[b];
    let i = 0;
    while (i < lines.length - 1 && start + lines[i].length <= target) {
      start += lines[i].length;
      i++;
    }
    const text = lines[i];
    return { line: line + i, character: Math.min(target - start, text.length - breakLength(text)) };
  }

  /** Line `line` (0 to lineCount - 1) and where it starts. */
  private lineAt(line: number): LineAt {
    let offset = 0;
    let b = 0;
    let first = 0;
    while (first + this.blocks[b].lines.length <= line) {
      offset += this.blocks[b].chars;
      first += this.blocks[b].lines.length;
      b++;
    }
    const { lines } = this.blocks[b];
    const index = line - first;
    for (let i = 0; i < index; i++) offset += lines[i].length;
    return { block: b, index, offset };
  }

  private lineText(at: LineAt): string {
    return this.blocks[at.block].lines[at.index];
  }

  /** A position as the library clamps it: its line, and a column within the line before its break. */
  private locate(position: Position): { at: LineAt; character: number } {
    if (position.line < 0) return { at: this.lineAt(0), character: 0 };
    if (position.line >= this.lines) {
      const at = this.lineAt(this.lines - 1);
      return { at, character: this.lineText(at).length };
    }
    const at = this.lineAt(position.line);
    const text = this.lineText(at);
    return { at, character: Math.max(0, Math.min(position.character, text.length - breakLength(text))) };
  }

  private slice(start: number, end: number): string {
    const from = this.positionAt(start);
    const parts: string[] = [];
    let at = this.lineAt(from.line);
    let offset = at.offset;
    for (;;) {
      const text = this.lineText(at);
      parts.push(text.slice(Math.max(0, start - offset), end - offset));
      offset += text.length;
      if (offset >= end) break;
      at = this.next(at);
    }
    return parts.join('');
  }

  private next(at: LineAt): LineAt {
    const offset = at.offset + this.lineText(at).length;
    if (at.index + 1 < this.blocks[at.block].lines.length) return { block: at.block, index: at.index + 1, offset };
    return { block: at.block + 1, index: 0, offset };
  }

  private replaceAll(text: string): void {
    const lines = splitKeepingBreaks(text);
    this.blocks = toBlocks(lines, this.blockLines);
    this.lines = lines.length;
    this.length = text.length;
    this.text = text;
  }

  /** Replaces the text of `range` (start before end) by `text`: only the lines it touches change. */
  private replace(range: Range, text: string): void {
    const start = this.locate(range.start);
    const end = this.locate(range.end);
    let first = this.lineNumber(start.at);
    let last = this.lineNumber(end.at);
    let middle = this.lineText(start.at).slice(0, start.character) + text + this.lineText(end.at).slice(end.character);
    // A CR LF pair must stay one line break where the edit meets the lines around it.
    if (first > 0 && middle.charCodeAt(0) === LF) {
      const before = this.lineText(this.lineAt(first - 1));
      if (before.charCodeAt(before.length - 1) === CR) {
        first--;
        middle = before + middle;
      }
    }
    if (last + 1 < this.lines && middle.charCodeAt(middle.length - 1) === CR) {
      const after = this.lineText(this.lineAt(last + 1));
      if (after.charCodeAt(0) === LF) {
        last++;
        middle += after;
      }
    }
    const lines = splitKeepingBreaks(middle);
    // Not the document's end: the middle ends with the last line's break, and no line follows it.
    if (last + 1 < this.lines) lines.pop();
    this.length += text.length - (end.at.offset + end.character - start.at.offset - start.character);
    this.replaceLines(first, last, lines);
    this.text = undefined;
  }

  private lineNumber(at: LineAt): number {
    let line = at.index;
    for (let b = 0; b < at.block; b++) line += this.blocks[b].lines.length;
    return line;
  }

  /** Lines `first` to `last` become `lines`, in the blocks that held them. */
  private replaceLines(first: number, last: number, lines: string[]): void {
    const from = this.lineAt(first);
    const to = this.lineAt(last);
    const block = this.blocks[from.block];
    // Typing: a few lines of one block change, in place.
    if (from.block === to.block && block.lines.length + lines.length <= 2 * this.blockLines + last - first + 1) {
      let chars = block.chars;
      for (let i = from.index; i <= to.index; i++) chars -= block.lines[i].length;
      for (const line of lines) chars += line.length;
      block.lines.splice(from.index, to.index - from.index + 1, ...lines);
      block.chars = chars;
      this.lines += lines.length - (last - first + 1);
      return;
    }
    const before = this.blocks[from.block].lines.slice(0, from.index);
    const after = this.blocks[to.block].lines.slice(to.index + 1);
    const merged = before.concat(lines, after);
    const replacement = merged.length > 2 * this.blockLines ? toBlocks(merged, this.blockLines) : [{
      lines: merged, chars: merged.reduce((sum, line) => sum + line.length, 0),
    }];
    const kept = replacement.filter((block) => block.lines.length > 0);
    this.blocks.splice(from.block, to.block - from.block + 1, ...kept);
    if (this.blocks.length === 0) this.blocks.push({ lines: [''], chars: 0 });
    this.lines += lines.length - (last - first + 1);
  }
}
