/** What to offer on a deck line: the tiles still short of their count, closest to what is typed first. */
import type { Position, Range } from '../core/common/problem';
import { lineTokens } from '../core/common/text';
import { rankNames } from '../core/common/suggest';
import { TILE_NAMES, describeKind, missingKinds, type MahjongAnalysis } from '../core/mahjong';

export interface DeckCompletion {
  label: string;
  /** `2 left`: how many more the deck needs. */
  detail: string;
  documentation: string;
  /** The word under the cursor that choosing this replaces. */
  range: Range;
  /** The order to show, as a sortable string. */
  sortText: string;
}

/** Typed words longer than any name are not ranked letter by letter. */
const LONGEST_NAME = 8;

/** The word the cursor is in or right after, and the range a completion replaces. */
export function wordAt(lineText: string, line: number, position: Position): { word: string; range: Range } {
  const token = lineTokens(lineText, line).find((t) => t.start <= position.character && position.character <= t.end);
  if (!token) return { word: '', range: { start: position, end: position } };
  return { word: token.text.slice(0, position.character - token.start), range: { start: { line, character: token.start }, end: { line, character: token.end } } };
}

export function mahjongCompletions(analysis: MahjongAnalysis, position: Position): DeckCompletion[] {
  const lineText = analysis.deck.lines[position.line] ?? '';
  const hash = lineText.indexOf('#');
  if (hash >= 0 && position.character > hash) return [];
  const { word, range } = wordAt(lineText, position.line, position);
  // The tile being replaced does not count toward what is missing.
  const missing = missingKinds(analysis.deck, position.line);
  const names = [...missing.keys()].map((kind) => TILE_NAMES[kind]);
  const ranked = word.length > LONGEST_NAME ? names : rankNames(word, names);
  return ranked.map((name, order) => {
    const kind = TILE_NAMES.indexOf(name);
    const left = missing.get(kind)!;
    return {
      label: name,
      detail: `${left} left`,
      documentation: describeKind(kind),
      range,
      sortText: String(order).padStart(3, '0'),
    };
  });
}
