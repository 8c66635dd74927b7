import { ProblemList, range, replaceFix, type Problem } from '../problem';
import { lineTokens, quote, splitLines, tokenRange, type Token } from '../deckText';
import { suggestNames } from '../nameSuggestions';
import { TILE_NAMES, kindOf, type TileKind } from './tiles';

/** One tile line of a deck: its token and, when recognised, its kind. */
export interface DeckTile {
  token: Token;
  /** Undefined for an unknown token. */
  kind: TileKind | undefined;
}

export interface ParsedMahjongDeck {
  lines: string[];
  /** Every tile line in deck order, recognised or not. */
  tiles: DeckTile[];
  problems: Problem[];
}

/**
 * Reads a deck: one tile per line, blank lines and `#` comments allowed. Case is forgiven
 * with a warning; anything else unknown is an error with the closest names as fixes.
 */
export function parseMahjong(text: string): ParsedMahjongDeck {
  const lines = splitLines(text);
  const tiles: DeckTile[] = [];
  const problems = new ProblemList();
  for (let line = 0; line < lines.length; line++) {
    const lineText = lines[line];
    if (lineText.length === 0) continue;
    if (isOneWord(lineText)) {
      // The common line, one tile and nothing else: the same token lineTokens gives, without a regular expression.
      const token: Token = { text: lineText, line, start: 0, end: lineText.length };
      tiles.push({ token, kind: readTile(token, problems) });
      continue;
    }
    const tokens = lineTokens(lineText, line);
    if (tokens.length === 0) continue;
    const [token, ...extra] = tokens;
    const kind = readTile(token, problems);
    tiles.push({ token, kind });
    if (extra.length > 0) problems.add(extraTokens(token, extra));
  }
  return { lines, tiles, problems: problems.finish(describeCode) };
}

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

function extraTokens(first: Token, extra: Token[]): Problem {
  const last = extra[extra.length - 1];
  // Splitting keeps every word the user wrote, each on its own line.
  const edits = extra.map((token, i) => ({
    range: range(token.line, (i === 0 ? first : extra[i - 1]).end, token.start),
    newText: '\n',
  }));
  return {
    range: range(first.line, extra[0].start, last.end),
    severity: 'error',
    code: 'extra-tokens',
    message: `One tile per line: ${extra.map((t) => quote(t.text)).join(', ')} after ${quote(first.text)}`
      + ` ${extra.length === 1 ? 'is' : 'are'} not read.`,
    fixes: [{ title: 'Put each tile on its own line', edits, preferred: true }],
  };
}
