import { range, type Range } from './problem';

/** A white-space separated word of a deck file, with where it stands. */
export interface Token {
  text: string;
  line: number;
  start: number;
  end: number;
}

export function tokenRange(token: Token): Range {
  return range(token.line, token.start, token.end);
}

/**
 * Splits text into lines without their terminators (`\n`, `\r\n` or a lone `\r`), so
 * positions agree with the editor's whatever line ends the file uses.
 */
export function splitLines(text: string): string[] {
  // Splitting on a string is some three times faster than on a pattern, for the same lines.
  return text.includes('\r') ? text.split(/\r\n|\r|\n/) : text.split('\n');
}

// A BOM (U+FEFF) counts as white space so columns stay those of the text we were given.
const WORD = /[^\s\uFEFF#]+/g;

/**
 * The words of one line, ignoring a `#` comment to the end of the line.
 * Columns are UTF-16 offsets, as LSP expects.
 */
export function lineTokens(lineText: string, line: number): Token[] {
  const hash = lineText.indexOf('#');
  const code = hash < 0 ? lineText : lineText.slice(0, hash);
  const tokens: Token[] = [];
  for (const m of code.matchAll(WORD)) {
    tokens.push({ text: m[0], line, start: m.index!, end: m.index! + m[0].length });
  }
  return tokens;
}

/** A line's words as lineTokens gives them, the first `keep` kept: the rest are counted, so junk costs no memory. */
export interface LineWords {
  tokens: Token[];
  /** All the words of the line. */
  count: number;
  /** The end column of the last word (0 when there is none). */
  end: number;
}

export function lineWords(lineText: string, line: number, keep: number): LineWords {
  const hash = lineText.indexOf('#');
  const code = hash < 0 ? lineText : lineText.slice(0, hash);
  const word = new RegExp(WORD.source, 'g');
  const tokens: Token[] = [];
  let count = 0;
  let end = 0;
  for (let m = word.exec(code); m !== null; m = word.exec(code)) {
    end = m.index + m[0].length;
    if (count++ < keep) tokens.push({ text: m[0], line, start: m.index, end });
  }
  return { tokens, count, end };
}

/**
 * The first word of a text, `#` comments skipped; undefined when it has none. Reads no further
 * than the line that holds it, so recognising a file's game costs the same on any size.
 */
export function firstWord(text: string): string | undefined {
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\n', at);
    const line = end < 0 ? text.slice(at) : text.slice(at, end);
    const hash = line.indexOf('#');
    const word = /[^\s\uFEFF#]+/.exec(hash < 0 ? line : line.slice(0, hash));
    if (word) return word[0];
    if (end < 0) break;
    at = end + 1;
  }
  return undefined;
}

/** Where the text ends: used to point at "missing" things. */
export function endOfText(lines: readonly string[]): Range {
  const last = lines.length - 1;
  return range(last, lines[last].length, lines[last].length);
}

/** A word as quoted in a message: long junk is cut and invisible characters shown, so messages stay readable. */
export function quote(word: string, max = 24): string {
  return `'${visible(word.length > max ? word.slice(0, max) + '…' : word)}'`;
}

// What a message could not show: controls, format characters (zero-width, bidi), unassigned and
// private-use code points, lone surrogates, separators other than the space, variation selectors.
const INVISIBLE = /(?! )[\p{C}\p{Z}\u034F\uFE00-\uFE0F]/gu;

/** The invisible characters of a word, in order. */
export function invisibleCharacters(word: string): string[] {
  return word.match(INVISIBLE) ?? [];
}

/** A word without its invisible characters. */
export function withoutInvisible(word: string): string {
  return word.replace(INVISIBLE, '');
}

/** A word with each invisible character written as an escape, `9P\u0000`, so a message shows it. */
export function visible(word: string): string {
  return word.replace(INVISIBLE, (char) => {
    const code = char.codePointAt(0)!;
    const hex = code.toString(16).toUpperCase();
    return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
  });
}

/** A code point as Unicode names it: `U+200B`. */
export function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
