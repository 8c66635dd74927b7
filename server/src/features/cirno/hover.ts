/** What a hover on a `.cirnodeck` says: a card's journey, a player's game, the header's meaning. */
import { containsPosition, type Position } from '../../core/problem';
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
/**
 * Height of the cards in a hand's picture (a final hand, a Why table), in pixels: their corner
 * labels stay legible, and a Why table of three cards keeps a card's hover within the height
 * VS Code gives a hover by default.
 */
export const HAND_CARD_HEIGHT = 56;

/** A card as a Markdown picture `height` pixels tall, its name as the alt text. */
function cardPicture(card: string, height: number): string {
  return markdownPicture(card, pictureRow([[cirnoCardSvg(card)]], height));
}

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
      const p = `p ${play.pBefore} → ${play.pAfter}`;
      steps.push(`- played by ${name(play.player)} ${when}: ${p} · transcript line ${play.line}`);
      break;
    }
    case 'dropped': {
      const { loss } = fate;
      steps.push(`- dropped when ${name(loss.player)} lost round ${loss.round} · transcript line ${loss.line}`);
      break;
    }
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

/** A player's outcome first (plays, losses, final hand), then the plays one by one. */
function playerHover(game: CirnoGame, player: number, pictures: boolean): string {
  const summary = cirnoPlayerSummary(game, player);
  const losses = summary.losses.length === 0
    ? 'never lost'
    : `lost ${summary.losses.map((l) => `round ${l.round}`).join(', ')}`;
  const plays = `${summary.plays.length} ${summary.plays.length === 1 ? 'play' : 'plays'}`;
  const who = `**${escapeMarkdown(game.players[player])}** — player ${player + 1} of ${game.players.length}`;
  const lines = [`${who} · ${plays} · ${losses}`];
  const names = summary.finalHand.map((c) => c.card).join(' ');
  // The picture in place of the names (they are its alt text): a line less, so the hover stays short.
  const cards = summary.finalHand.map((c) => cirnoCardSvg(c.card));
  lines.push(`Final hand: ${pictures ? markdownPicture(names, pictureRow([cards], HAND_CARD_HEIGHT)) : names}`);
  const listed = summary.plays.slice(0, PLAYS_LISTED)
    .map((p) => `- round ${p.round}: ${p.card} (p ${p.pBefore} → ${p.pAfter}) · transcript line ${p.line}`);
  if (summary.plays.length > PLAYS_LISTED) listed.push(`- … and ${summary.plays.length - PLAYS_LISTED} more`);
  if (listed.length > 0) lines.push(listed.join('\n'));
  return lines.join('\n\n');
}

/** Why the card left its hand (played, or dropped by a loss), when it did. */
function whyLeft(game: CirnoGame, source: CirnoCardSource, pictures: boolean): string[] {
  const event = game.leaveEvent[game.cardId(source)] ?? -1;
  const decision = event >= 0 ? cirnoDecision(game, event) : undefined;
  if (!decision) return [];
  const line = cirnoFateLine(game, source);
  const picture = pictures ? (card: string) => cardPicture(card, HAND_CARD_HEIGHT) : undefined;
  return line === undefined ? [] : [cirnoWhyMarkdown(decision, game.players.map(escapeMarkdown), line, picture)];
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
  // The decision first, its table showing the hand the card left; the card's journey after it.
  const why = whyLeft(game, source, pictures);
  return [...(why.length > 0 ? [] : picture), head, ...why, cardLines(game, source).join('\n')].join('\n\n');
}
