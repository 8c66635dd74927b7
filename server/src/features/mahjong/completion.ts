/** What to offer on a deck line: the tiles still short of their count, closest to what is typed first. */
import type { Position } from '../../core/problem';
import { rankNames } from '../../core/nameSuggestions';
import { TILE_NAMES, describeKind, missingKinds, type MahjongAnalysis } from '../../core/mahjong';
import { LONGEST_NAME, sortText, wordAt } from '../completion';
import type { DeckCompletion } from '../gameService';

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
    return {
      label: name,
      detail: `${missing.get(kind)!} left`,
      documentation: describeKind(kind),
      range,
      sortText: sortText(order),
    };
  });
}
