import { ProblemList, range, replaceFix, type Problem } from '../problem';
import { lineWords, quote, splitLines, tokenRange, type LineWords, type Token } from '../deckText';
import { suggestNames } from '../nameSuggestions';
import { KIND_COUNT, TILE_NAMES, kindOf, type TileKind } from './tiles';

/** One tile line of a deck: its token and, when recognised, its kind. */
export interface DeckTile {
  token: Token;
  /** Undefined for an unknown token. */
  kind: TileKind | undefined;
}

export interface ParsedMahjongDeck {
  lines: string[];
  /** The tile lines in deck order, recognised or not: the first MAX_KEPT_TILES of them. */
  tiles: DeckTile[];
  /** Every tile line, kept or not. */
  tileCount: number;
  /** Per tile kind, how many of every tile line are of it. */
  kindCounts: number[];
  /** The last tile line's token (undefined when there is none). */
  lastTile: Token | undefined;
  problems: Problem[];
}

/**
 * Tile lines kept, each with its token: a deck has 148, and past this many a file is junk whose
 * tiles are counted, not kept, so its memory is the text's (a 60 MB file of `1M` lines).
 */
export const MAX_KEPT_TILES = 100_000;

/**
 * Reads a deck: one tile per line, blank lines and `#` comments allowed. Case is forgiven
 * with a warning; anything else unknown is an error with the closest names as fixes.
 */
export function parseMahjong(text: string): ParsedMahjongDeck {
  const lines = splitLines(text);
  const tiles: DeckTile[] = [];
  const kindCounts = new Array<number>(KIND_COUNT).fill(0);
  let tileCount = 0;
  let lastTile: Token | undefined;
  // The line of the last tile when it was a whole line, a known tile not kept: its token is made at the end.
  let lastLine = -1;
  const problems = new ProblemList();
  const add = (token: Token) => {
    const kind = readTile(token, problems);
    if (kind !== undefined) kindCounts[kind]++;
    if (tileCount++ < MAX_KEPT_TILES) tiles.push({ token, kind });
    lastTile = token;
    lastLine = -1;
  };
  for (let line = 0; line < lines.length; line++) {
    const lineText = lines[line];
    if (lineText.length === 0) continue;
    if (isOneWord(lineText)) {
      const known = tileCount >= MAX_KEPT_TILES ? kindOf(lineText) : undefined;
      if (known !== undefined) {
        // Past the tiles kept, a known tile is only counted: nothing is made for it.
        kindCounts[known]++;
        tileCount++;
        lastLine = line;
        continue;
      }
      // The common line, one tile and nothing else: the same token lineTokens gives, without a regular expression.
      add({ text: lineText, line, start: 0, end: lineText.length });
      continue;
    }
    const words = lineWords(lineText, line, 1 + EXTRA_NAMED);
    if (words.count === 0) continue;
    const [token, ...extra] = words.tokens;
    add(token);
    if (extra.length > 0) problems.add(extraTokens(lineText, token, extra, words));
  }
  if (lastLine >= 0) lastTile = { text: lines[lastLine], line: lastLine, start: 0, end: lines[lastLine].length };
  return { lines, tiles, tileCount, kindCounts, lastTile, problems: problems.finish(describeCode) };
}

/** The extra words of a line a message names; the others it counts. */
const EXTRA_NAMED = 3;
/** The most extra words the quick fix puts on lines of their own: a pasted deck has 147, junk millions. */
export const MAX_SPLIT_WORDS = 10_000;

/** Whether a line is one word of printable ASCII: no white space, no comment (see lineTokens). */
function isOneWord(lineText: string): boolean {
  for (let i = 0; i < lineText.length; i++) {
    const code = lineText.charCodeAt(i);
    if (code <= 32 || code >= 127 || code === 35) return false;
  }
  return true;
}

const CODE_NAMES: Record<string, string> = {
  'lowercase-tile': 'lowercase tiles',
  'unknown-tile': 'unknown tiles',
  'extra-tokens': 'lines with more than one tile',
};

function describeCode(code: string): string {
  return CODE_NAMES[code] ?? 'problems';
}

function readTile(token: Token, problems: ProblemList): TileKind | undefined {
  const exact = kindOf(token.text);
  if (exact !== undefined) return exact;
  const upper = token.text.toUpperCase();
  const folded = kindOf(upper);
  if (folded !== undefined) {
    problems.add({
      range: tokenRange(token),
      severity: 'warning',
      code: 'lowercase-tile',
      message: `Tile names are uppercase: ${quote(token.text)} is read as ${upper}.`,
      fixes: [replaceWith(token, upper, true)],
    });
    return folded;
  }
  if (!problems.accepts('unknown-tile')) {
    problems.count('unknown-tile', tokenRange(token), 'error');
    return undefined;
  }
  const { names, differs } = suggestNames(token.text, TILE_NAMES);
  problems.add({
    range: tokenRange(token),
    severity: 'error',
    code: 'unknown-tile',
    message: `Unknown tile ${quote(token.text)}${differs ? `: ${differs}` : ''}.` + (names.length > 0
      ? ` Did you mean ${names.join(', ')}?`
      : ' Tiles are 1M-9M, 1P-9P, 1S-9S, E S W N B F Z, DOUBLE, REVERSE and PASS.'),
    fixes: names.map((name, i) => replaceWith(token, name, i === 0)),
  });
  return undefined;
}

export function replaceWith(token: Token, newText: string, preferred = false) {
  return replaceFix(tokenRange(token), newText, preferred);
}

/** The words after the first on a line: a few named and the rest counted, so the message stays short. */
function extraTokens(lineText: string, first: Token, named: Token[], words: LineWords): Problem {
  const count = words.count - 1;
  const more = count - named.length;
  const listed = named.map((t) => quote(t.text)).join(', ') + (more > 0 ? ` and ${thousands(more)} more` : '');
  const problem: Problem = {
    range: range(first.line, named[0].start, words.end),
    severity: 'error',
    code: 'extra-tokens',
    message: `One tile per line: ${listed} after ${quote(first.text)} ${count === 1 ? 'is' : 'are'} not read.`,
  };
  if (count > MAX_SPLIT_WORDS) return problem;
  // Splitting keeps every word the user wrote, each on its own line: one edit, the size of the line.
  const between = lineText.slice(first.end, words.end).replace(/[\s\uFEFF]+/g, '\n');
  const edits = [{ range: range(first.line, first.end, words.end), newText: between }];
  return { ...problem, fixes: [{ title: 'Put each tile on its own line', edits, preferred: true }] };
}

/** 2999997 as 2,999,997. */
function thousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}
