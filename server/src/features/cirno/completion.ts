import type { Position } from '../../core/problem';
import { rankNames } from '../../core/nameSuggestions';
import { CIRNO_CARDS, describeCard, type CirnoAnalysis } from '../../core/cirno';
import { LONGEST_NAME, sortText, wordAt } from '../completion';
import type { DeckCompletion } from '../gameService';

/** Cards, ranked like the quick fixes, where a card may stand: in a hand or in the pile. */
export function cirnoCompletions(analysis: CirnoAnalysis, lineText: string, position: Position): DeckCompletion[] {
  const { deck } = analysis;
  if (!deck || position.line <= deck.n.range.start.line) return [];
  const hash = lineText.indexOf('#');
  if (hash >= 0 && position.character > hash) return [];
  const player = deck.players.find((p) => p.line === position.line);
  if (player && position.character <= player.nameRange.end.character) return [];
  const { word, range } = wordAt(lineText, position.line, position);
  const k = deck.k?.value;
  const short = k !== undefined && deck.pile.length < k ? `the pile needs ${k - deck.pile.length} more` : undefined;
  return rankNames(word.length > LONGEST_NAME ? '' : word, CIRNO_CARDS).map((name, order) => ({
    label: name,
    detail: describeCard(CIRNO_CARDS.indexOf(name as (typeof CIRNO_CARDS)[number])),
    documentation: short ? `${name}: ${short}` : name,
    range,
    sortText: sortText(order),
  }));
}
