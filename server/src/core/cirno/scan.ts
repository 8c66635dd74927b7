import { range, type Range } from '../problem';
import type { Token } from '../deckText';

/**
 * Reads a deck word by word without making a string per word: words are white-space separated
 * (a BOM counts as white space), `#` starts a comment to the end of the line, and a line ends at
 * `\n`, `\r\n` or a lone `\r`, as in core/deckText.ts. Columns are UTF-16 offsets, as LSP expects.
 */
export class WordScanner {
  /** The current word: offsets in the text, its 0-based line and its column. */
  start = 0;
  end = 0;
  line = 0;
  column = 0;
  private at = 0;
  private lineNumber = 0;
  private lineStart = 0;

  constructor(readonly text: string) {}

  /** Moves to the next word; false at the end of the text. */
  next(): boolean {
    const text = this.text;
    const length = text.length;
    let at = this.at;
    while (at < length) {
      const c = text.charCodeAt(at);
      if (c === 10 || c === 13) {
        at += c === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1;
        this.lineNumber++;
        this.lineStart = at;
      } else if (c === 35) {
        at++;
        while (at < length && !isLineEnd(text.charCodeAt(at))) at++;
      } else if (isSpace(c)) {
        at++;
      } else {
        const start = at++;
        while (at < length && !endsWord(text.charCodeAt(at))) at++;
        this.start = start;
        this.end = at;
        this.line = this.lineNumber;
        this.column = start - this.lineStart;
        this.at = at;
        return true;
      }
    }
    this.at = at;
    return false;
  }

  /** Where the scanner stands: after the current word, on line `lineAt` that starts at `lineStartAt`. */
  get position(): number {
    return this.at;
  }

  get lineAt(): number {
    return this.lineNumber;
  }

  get lineStartAt(): number {
    return this.lineStart;
  }

  /**
   * Moves to offset `at`, outside any word, on 0-based line `line` starting at `lineStart`:
   * a faster reader that skipped words hands the scanner the rest.
   */
  seek(at: number, line: number, lineStart: number): void {
    this.at = at;
    this.lineNumber = line;
    this.lineStart = lineStart;
  }

  /** The current word as a Token (this makes its string). */
  token(): Token {
    const text = this.text.slice(this.start, this.end);
    return { text, line: this.line, start: this.column, end: this.column + text.length };
  }

  /** Where the text ends; meaningful once `next()` returned false. */
  endRange(): Range {
    return range(this.lineNumber, this.text.length - this.lineStart, this.text.length - this.lineStart);
  }
}

// Chars per window: small enough to stay in the CPU's cache, large enough that the words
// parted by a window's end (read one at a time) are few.
const WINDOW = 1 << 16;
// The first window is short: see docs/performance.md#cirno-pile-reading.
const FIRST_WINDOW = 1 << 12;

/**
 * The text as bytes, a window at a time, where it is all ASCII (so a byte offset is a UTF-16
 * offset): a word can then be read 8 bytes at a time. A window, not the whole text: a full pile
 * is over a megabyte.
 */
export class AsciiWindow {
  readonly bytes = new Uint8Array(WINDOW + 8);
  readonly view = new DataView(this.bytes.buffer);
  /** The text offset of bytes[0]. */
  base = 0;
  /**
   * The bytes that can be read from bytes[0]: the window's text, and 8 zero bytes after the
   * text's end; 0 where the text is not ASCII.
   */
  readable = 0;
  /** Where a window not all ASCII ends: no window is tried again before. */
  private retry = 0;
  /** Chars of the next window. */
  private size = FIRST_WINDOW;
  private readonly encoder = new TextEncoder();

  constructor(private readonly text: string) {}

  /** Makes the window hold the 16 bytes from text offset `at`, where it can (it tries each part of the text once). */
  reach(at: number): void {
    if (at - this.base + 16 <= this.readable || at < this.retry) return;
    const size = this.size;
    this.size = WINDOW;
    const part = this.text.slice(at, at + size);
    const { read, written } = this.encoder.encodeInto(part, this.bytes);
    this.base = at;
    // A char past ASCII takes more bytes than UTF-16 units.
    if (read !== part.length || written !== read) {
      this.readable = 0;
      this.retry = at + size;
      return;
    }
    const last = at + read === this.text.length;
    if (last) this.bytes.fill(0, written, written + 8);
    this.readable = last ? written + 8 : written;
  }
}

/** Where the word starting at `start` ends. */
export function wordEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !endsWord(text.charCodeAt(end))) end++;
  return end;
}

function isLineEnd(c: number): boolean {
  return c === 10 || c === 13;
}

/** Whether char code `c` ends a word: white space or `#`. */
export function endsWord(c: number): boolean {
  return c === 35 || isSpace(c);
}

/** JavaScript's `\s`: ASCII white space and the Unicode space separators, line separators and BOM. */
function isSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}
