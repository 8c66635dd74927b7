/**
 * What the CLI reports on a ⑨ transcript line: the table just before it (core's cirnoStateAt),
 * the deck line of the card it plays, and why (the replay's Why, as text). A game can have
 * 300,000 lines, so whole-game walks are generators.
 */
import {
  cirnoDecision, cirnoEventLine, cirnoExplainRecord, cirnoLineEvents, cirnoStateAt,
  type CirnoAnalysis, type CirnoDecision, type CirnoDeck, type CirnoGame,
} from '../../core/cirno';
import type { ExplainedLine, LineReport } from '../gameService';
import { whyText } from '../whyText';
import { cirnoWhy } from './why';

/** The round start, play or loss printed at transcript line `line`: lines never decrease along the log. */
function eventOfLine(game: CirnoGame, line: number): number {
  let low = 0;
  let high = game.eventCount - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (game.log.line(middle) < line) low = middle + 1;
    else high = middle;
  }
  return low;
}

function stateBefore(game: CirnoGame, index: number): string[] {
  const state = cirnoStateAt(game, index - 1);
  const toMove = state.toMove === undefined ? ''
    : `, ${game.players[state.toMove]} to play${state.doubled ? ' under DOUBLE' : ''}`;
  return [
    `round ${state.round}, p = ${state.p}${toMove}, ${state.pileLeft} pile cards left`,
    ...game.players.map((name, player) => {
      const hand = state.hands[player].map((id) => game.cardName(id)).join(' ') || '(empty)';
      const losses = state.losses[player];
      return `${name}: ${hand}${losses > 0 ? `; lost ${losses} round${losses === 1 ? '' : 's'}` : ''}`;
    }),
  ];
}

function explainedLine(deck: CirnoDeck, game: CirnoGame, index: number, decision?: CirnoDecision): ExplainedLine {
  const why = decision ? whyText(cirnoWhy(decision, game.players)) : [];
  const line: ExplainedLine = { line: game.log.line(index), text: cirnoEventLine(game, index)!, why };
  const moved = deckLine(deck, game, index);
  if (moved) line.deckLine = moved;
  return line;
}

function deckLine(deck: CirnoDeck, game: CirnoGame, index: number): ExplainedLine['deckLine'] {
  const event = game.event(index);
  if (event.kind !== 'play') return undefined;
  const { source } = event;
  if (source.from === 'hand') {
    const card = deck.players[source.player].hand[source.slot];
    return { line: card.range.start.line + 1, token: card.text };
  }
  return { line: deck.pile.range(source.index).start.line + 1, token: deck.pile.tokenText(source.index) };
}

export function cirnoLineReport(analysis: CirnoAnalysis, line: number): LineReport | undefined {
  const { game, deck } = analysis;
  if (!game || !deck || !Number.isInteger(line) || line < 1 || line > game.lineCount) return undefined;
  const index = eventOfLine(game, line);
  const explained = explainedLine(deck, game, index, cirnoDecision(game, index));
  return { ...explained, state: stateBefore(game, index), record: cirnoExplainRecord(game, index)! };
}

export function* cirnoExplainedLines(analysis: CirnoAnalysis): Generator<ExplainedLine> {
  const { game, deck } = analysis;
  if (!game || !deck) return;
  for (const { index, decision } of cirnoLineEvents(game)) yield explainedLine(deck, game, index, decision);
}
