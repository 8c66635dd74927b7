/** What a hover on a `.cirnodeck` says: a card's journey, a player's game, the header's meaning. */
import { containsPosition, type Position } from '../../core/common/problem';
import {
  CIRNO_CARDS, CIRNO_LIMITS, cirnoCardAt, cirnoCardFate, cirnoDecision, cirnoPlayerSummary, describeCard,
  type CirnoAnalysis, type CirnoCardSource, type CirnoDeck, type CirnoGame, type CirnoHeaderNumber,
} from '../../core/cirno';
import { escapeMarkdown } from '../markdown';
import { markdownPicture, pictureRow } from '../pictures/svg';
import { skippedReason } from '../summary';
import { cirnoCardSvg } from './cardPictures';
import { cirnoWhyMarkdown } from './why';

/** How many plays a player's hover lists before it says "and N more". */
const PLAYS_LISTED = 8;
/** Height of the cards in a final hand's picture, in pixels. */
const FINAL_HAND_HEIGHT = 42;

function cardLines(game: CirnoGame, source: CirnoCardSource): string[] {
  const fate = cirnoCardFate(game, source);
  const name = (player: number) => escapeMarkdown(game.players[player]);
  if (fate.fate === 'notDrawn') {
    return [`- never drawn: the game ended first (${game.cardsDrawn} of ${game.pileSize} pile cards drawn)`];
  }
  const steps: string[] = [];
  if (fate.draw) {
    const how = fate.draw.afterLoss ? ', as one of three new cards after losing' : '';
    steps.push(`- drawn by ${name(fate.draw.player)} in round ${fate.draw.round}, turn ${fate.draw.turn}${how}`);
  }
  switch (fate.fate) {
    case 'played': {
      const { play } = fate;
      const doubled = play.doubled ? ' while doubled' : '';
      const when = `in round ${play.round}, turn ${play.turn}${doubled}`;
      steps.push(`- played by ${name(play.player)} ${when}: p ${play.pBefore} → ${play.pAfter} · line ${play.line}`);
      break;
    }
    case 'dropped':
      steps.push(`- dropped when ${name(fate.loss.player)} lost round ${fate.loss.round} · line ${fate.loss.line}`);
      break;
    case 'held':
      steps.push(`- still in ${name(fate.player)}'s hand at the end`);
      break;
  }
  return steps;
}

function headerHover(
  deck: CirnoDeck, number: CirnoHeaderNumber, which: 'n' | 'm' | 'k', game: CirnoGame | undefined,
): string {
  const meaning = {
    n: `players (${1} to ${CIRNO_LIMITS.n})`,
    m: `rounds (${1} to ${CIRNO_LIMITS.m})`,
    k: `cards in the draw pile (${1} to ${CIRNO_LIMITS.k.toLocaleString('en-US')})`,
  }[which];
  const lines = [`**${which} = ${escapeMarkdown(number.text)}** — ${meaning}`];
  if (which === 'n') lines.push(`Players in seat order: ${deck.players.map((p) => escapeMarkdown(p.name)).join(', ')}`);
  if (game && which === 'm') {
    lines.push(`${game.roundsPlayed} of ${game.rounds} rounds played · ${game.lineCount} transcript lines`);
  }
  if (game && which === 'k') {
    const never = game.pileSize - game.cardsDrawn;
    lines.push(`${game.cardsDrawn} of ${game.pileSize} pile cards used; ${never} never drawn`);
  }
  return lines.join('\n\n');
}

function playerHover(game: CirnoGame, player: number, pictures: boolean): string {
  const summary = cirnoPlayerSummary(game, player);
  const lines = [`**${escapeMarkdown(game.players[player])}** — player ${player + 1} of ${game.players.length}`];
  const losses = summary.losses.length === 0
    ? 'never lost'
    : `lost ${summary.losses.map((l) => `round ${l.round}`).join(', ')}`;
  lines.push(`${summary.plays.length} ${summary.plays.length === 1 ? 'play' : 'plays'} · ${losses}`);
  const listed = summary.plays.slice(0, PLAYS_LISTED)
    .map((p) => `- round ${p.round}: ${p.card} (p ${p.pBefore} → ${p.pAfter}) · line ${p.line}`);
  if (summary.plays.length > PLAYS_LISTED) listed.push(`- … and ${summary.plays.length - PLAYS_LISTED} more`);
  if (listed.length > 0) lines.push(listed.join('\n'));
  lines.push(`Final hand: ${summary.finalHand.map((c) => c.card).join(' ')}`);
  if (pictures) {
    const hand = summary.finalHand.map((c) => cirnoCardSvg(c.card));
    lines.push(markdownPicture('final hand', pictureRow([hand], FINAL_HAND_HEIGHT)));
  }
  return lines.join('\n\n');
}

/** Why the card left its hand (played, or dropped by a loss), when it did. */
function whyLeft(game: CirnoGame, source: CirnoCardSource): string[] {
  const event = game.leaveEvent[game.cardId(source)] ?? -1;
  const decision = event >= 0 ? cirnoDecision(game, event) : undefined;
  if (!decision) return [];
  const line = cirnoFateLine(game, source);
  return line === undefined ? [] : [cirnoWhyMarkdown(decision, game.players.map(escapeMarkdown), line)];
}

/** The transcript line of the play or loss that took the card from its hand. */
function cirnoFateLine(game: CirnoGame, source: CirnoCardSource): number | undefined {
  const fate = cirnoCardFate(game, source);
  if (fate.fate === 'played') return fate.play.line;
  if (fate.fate === 'dropped') return fate.loss.line;
  return undefined;
}

/** The hover at `position`, as Markdown; undefined where there is nothing to say. */
export function cirnoHover(analysis: CirnoAnalysis, position: Position, pictures = false): string | undefined {
  const { deck, game } = analysis;
  if (!deck) return undefined;
  const noGame = game ? undefined : `No simulation: ${escapeMarkdown(skippedReason(analysis.problems))}`;
  const withReason = (lines: string[]) => (noGame ? [...lines, noGame] : lines).join('\n\n');

  for (const which of ['n', 'm', 'k'] as const) {
    const number = deck[which];
    if (number && containsPosition(number.range, position)) return withReason([headerHover(deck, number, which, game)]);
  }
  const seat = deck.players.findIndex((p) => containsPosition(p.nameRange, position));
  if (seat >= 0) {
    if (game) return playerHover(game, seat, pictures);
    return withReason([`**${escapeMarkdown(deck.players[seat].name)}** — player ${seat + 1} of ${deck.n.value}`]);
  }

  const source = cirnoCardAt(deck, position);
  if (!source) return undefined;
  const card = source.from === 'pile' ? deck.pile.at(source.index)! : deck.players[source.player].hand[source.slot];
  const where = source.from === 'pile'
    ? `pile card ${source.index + 1} of ${deck.pile.length}`
    : `${escapeMarkdown(deck.players[source.player].name)}'s starting card ${source.slot + 1} of 3`;
  if (card.card === undefined) return withReason([`**${escapeMarkdown(card.text)}** is not a card · ${where}`]);
  const name = card.card;
  const head = `**${name}** — ${describeCard(CIRNO_CARDS.indexOf(card.card))} · ${where}`;
  const picture = pictures ? [markdownPicture(name, cirnoCardSvg(name))] : [];
  if (!game) return withReason([...picture, head]);
  return [...picture, head, cardLines(game, source).join('\n'), ...whyLeft(game, source)].join('\n\n');
}
