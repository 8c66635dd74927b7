/** The outline of a ⑨ deck (header, players, the pile per round) and highlights. */
import { containsPosition, type Position, type Range } from '../../core/problem';
import { cirnoCardAt, cirnoCardFate, type CirnoAnalysis, type CirnoDeck, type CirnoGame } from '../../core/cirno';
import { section, spanning } from '../outline';
import type { DeckSymbol } from '../gameService';

function headerSymbol(deck: CirnoDeck): DeckSymbol {
  const numbers = [deck.n, deck.m, deck.k].filter((number) => number !== undefined);
  const range = spanning(numbers.map((number) => number.range));
  const detail = `${deck.n.value} players · ${deck.m?.text ?? '?'} rounds · ${deck.k?.text ?? '?'} cards`;
  return { name: 'Header', detail, kind: 'header', range, selectionRange: range };
}

function playerSymbols(deck: CirnoDeck): DeckSymbol[] {
  return deck.players.map((player) => ({
    name: player.name,
    detail: player.hand.map((card) => card.text).join(' '),
    kind: 'player',
    range: spanning([player.nameRange, ...player.hand.map((card) => card.range)]),
    selectionRange: player.nameRange,
  }));
}

/** The round each pile card is drawn in; -1 for a card never drawn. */
function drawRounds(game: CirnoGame, pileSize: number): number[] {
  return Array.from({ length: pileSize }, (_, index) => {
    const fate = cirnoCardFate(game, { from: 'pile', index });
    return fate.fate === 'notDrawn' || !fate.draw ? -1 : fate.draw.round;
  });
}

function pileSymbol(deck: CirnoDeck, game: CirnoGame | undefined): DeckSymbol | undefined {
  const { pile } = deck;
  if (pile.length === 0) return undefined;
  const cards = (from: number, to: number) => ({ start: pile.range(from).start, end: pile.range(to).end });
  if (!game) {
    const range = cards(0, pile.length - 1);
    return { name: 'Pile', detail: `${pile.length} cards`, kind: 'section', range, selectionRange: range };
  }
  const rounds = drawRounds(game, pile.length);
  const children: DeckSymbol[] = [];
  for (let first = 0; first < rounds.length;) {
    let last = first;
    while (last + 1 < rounds.length && rounds[last + 1] === rounds[first]) last++;
    const range = cards(first, last);
    const name = rounds[first] < 0 ? 'Never drawn' : `Round ${rounds[first]}`;
    const detail = first === last ? `pile card ${first + 1}` : `pile cards ${first + 1}–${last + 1}`;
    children.push({ name, detail, kind: 'round', range, selectionRange: { start: range.start, end: range.start } });
    first = last + 1;
  }
  return section('Pile', 'section', children, `${pile.length} cards`);
}

export function cirnoSymbols(analysis: CirnoAnalysis): DeckSymbol[] {
  const { deck, game } = analysis;
  if (!deck) return [];
  return [
    headerSymbol(deck),
    section('Players', 'section', playerSymbols(deck), `${deck.players.length} of ${deck.n.value}`),
    pileSymbol(deck, game),
  ].filter((symbol) => symbol !== undefined);
}

/** On a name: the name. On a pile card: the cards its drawer draws in that round. On a hand card: itself. */
export function cirnoHighlights(analysis: CirnoAnalysis, position: Position): Range[] {
  const { deck, game } = analysis;
  if (!deck) return [];
  const player = deck.players.find((p) => containsPosition(p.nameRange, position));
  if (player) return [player.nameRange];
  const source = cirnoCardAt(deck, position);
  if (!source) return [];
  if (source.from === 'hand') return [deck.players[source.player].hand[source.slot].range];
  const drawOf = (index: number) => {
    const fate = game && cirnoCardFate(game, { from: 'pile', index });
    return fate && fate.fate !== 'notDrawn' ? fate.draw : undefined;
  };
  const draw = drawOf(source.index);
  if (!draw) return [deck.pile.range(source.index)];
  const ranges: Range[] = [];
  for (let index = 0; index < deck.pile.length; index++) {
    const other = drawOf(index);
    if (other?.player === draw.player && other.round === draw.round) ranges.push(deck.pile.range(index));
  }
  return ranges;
}

/** Where the player named at `position` appears: their name. */
export function cirnoReferences(analysis: CirnoAnalysis, position: Position): Range[] {
  const player = analysis.deck?.players.find((p) => containsPosition(p.nameRange, position));
  return player ? [player.nameRange] : [];
}
