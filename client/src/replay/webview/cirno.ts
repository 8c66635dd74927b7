/** Draws a ⑨ frame: the card just played, and each player's hand, marks and losses. */
import type { CirnoCardView, CirnoFrame, CirnoReplay } from '../../../../server/src/protocol/replay';
import { el, picture, row, type Drawn } from './dom';

type CirnoHeader = Omit<CirnoReplay, 'frames' | 'lineTargets'>;

export function renderCirno(data: CirnoHeader, frame: CirnoFrame, focus: number | undefined): Drawn {
  const card = (view: CirnoCardView, className = '') => {
    const img = picture(data, view.card, `card ${className}`);
    img.dataset.id = String(view.id);
    if (focus === view.id) img.classList.add('focus');
    if (frame.drawn === view.id) img.classList.add('fresh');
    return img;
  };
  const parts: HTMLElement[] = [];
  if (frame.played) {
    const play = el('div', 'last-play');
    play.append(el('span', 'row-label', 'Played'));
    play.append(card(frame.played, 'played'));
    const name = data.players[frame.played.player];
    play.append(el('span', 'play-text', `${name}${frame.played.doubled ? ' (doubled)' : ''} → p = ${frame.p}`));
    parts.push(play);
  }
  const seats = el('div', 'seats');
  seats.append(...data.players.map((name, player) => {
    const seat = el('section', 'seat');
    seat.setAttribute('aria-label', `Player ${name}`);
    if (frame.actor === player) seat.classList.add('actor');
    if (frame.loser === player) seat.classList.add('loser');
    const head = el('h2', 'seat-head');
    head.append(el('span', 'seat-name', name));
    if (frame.toMove === player) head.append(el('span', 'badge', 'to play'));
    if (frame.doubled === player) head.append(el('span', 'badge doubled', '×2 doubled'));
    if (frame.loser === player) head.append(el('span', 'badge lost', 'lost'));
    if (frame.losses[player] > 0) head.append(el('span', 'seat-info', `lost ${frame.losses[player]}×`));
    seat.append(head);
    const hand = el('div', 'tiles');
    hand.append(...frame.hands[player].map((view) => card(view)));
    for (let i = frame.hands[player].length; i < 3; i++) hand.append(el('span', 'card slot'));
    seat.append(hand);
    if (frame.loser === player && frame.dropped) {
      seat.append(row('Dropped', 'dropped', frame.dropped.map((view) => card(view, 'small'))));
    }
    return seat;
  }));
  parts.push(seats);
  const turn = frame.direction === 1 ? 'seat order' : 'reversed';
  const summary = `Round ${frame.round} of ${data.rounds} · p = ${frame.p} · direction: ${turn}`
    + ` · pile: ${frame.pileLeft} of ${data.pileSize} cards left`;
  return { summary, className: 'table cirno', parts };
}
