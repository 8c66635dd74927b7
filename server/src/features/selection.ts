/** Figures for the lines a user selected: how many tiles or cards, per kind. */
import type { DeckAnalysis } from '../core/deck';
import { TILE_NAMES } from '../core/mahjong';

export interface SelectionSummary {
  /** `12 tiles · 5P×2 E×1 …`; empty when nothing countable is selected. */
  text: string;
  /** One line per kind, for the tooltip. */
  tooltip: string;
}

/** `lines` are the selected line numbers (0-based, each once). */
export function selectionSummary(analysis: DeckAnalysis, lines: ReadonlySet<number>): SelectionSummary {
  const counts = new Map<string, number>();
  let total = 0;
  const count = (name: string) => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
    total++;
  };
  if (analysis.language === 'mjdeck') {
    for (const tile of analysis.mahjong.deck.tiles) {
      if (tile.kind !== undefined && lines.has(tile.token.line)) count(TILE_NAMES[tile.kind]);
    }
  } else {
    for (const card of analysis.cirno.deck ? selectedCirnoCards(analysis, lines) : []) count(card);
  }
  if (total === 0) return { text: '', tooltip: '' };
  const noun = analysis.language === 'mjdeck' ? (total === 1 ? 'tile' : 'tiles') : (total === 1 ? 'card' : 'cards');
  const kinds = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = kinds.slice(0, 6).map(([name, n]) => `${name}×${n}`).join(' ');
  return {
    text: `${total} ${noun} · ${shown}${kinds.length > 6 ? ' …' : ''}`,
    tooltip: kinds.map(([name, n]) => `${name}: ${n}`).join('\n'),
  };
}

function selectedCirnoCards(analysis: Extract<DeckAnalysis, { language: 'cirnodeck' }>, lines: ReadonlySet<number>): string[] {
  const deck = analysis.cirno.deck!;
  const cards: string[] = [];
  for (const player of deck.players) {
    for (const card of player.hand) if (card.card && lines.has(card.range.start.line)) cards.push(card.card);
  }
  for (const line of [...lines].sort((a, b) => a - b)) {
    for (let i = deck.pile.firstIndexFrom(line); i < deck.pile.length && deck.pile.lineOf(i) === line; i++) {
      const card = deck.pile.card(i);
      if (card) cards.push(card);
    }
  }
  return cards;
}
