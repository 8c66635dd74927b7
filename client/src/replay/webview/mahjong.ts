/** Draws a Mahjong frame: four seats with hands, melds and discards. */
import type { MahjongFrame, MahjongReplay } from '../../../../server/src/protocol/replay';
import { el, picture, row, type Drawn } from './dom';

type MahjongHeader = Omit<MahjongReplay, 'frames' | 'lineTargets'>;

export function renderMahjong(data: MahjongHeader, frame: MahjongFrame, focus: number | undefined): Drawn {
  const tile = (position: number, className = '') => {
    const where = `tile ${position + 1} of ${data.tiles.length}`;
    const img = picture(data, data.tiles[position], `tile ${className}`, where);
    img.dataset.id = String(position);
    if (focus === position) img.classList.add('focus');
    if (frame.moved.includes(position)) img.classList.add('moved');
    return img;
  };
  const seats = data.players.map((name, player) => {
    const seat = el('section', 'seat');
    seat.setAttribute('aria-label', `Player ${name}`);
    if (frame.actor === player) seat.classList.add('actor');
    if (frame.winner === player) seat.classList.add('winner');
    const head = el('h2', 'seat-head');
    head.append(el('span', 'seat-name', name));
    if (frame.winner === player) head.append(el('span', 'badge win', 'wins'));
    else if (frame.actor === player) head.append(el('span', 'badge', 'acts'));
    head.append(el('span', 'seat-info', `${frame.hands[player].length} in hand`));
    seat.append(head);
    seat.append(row('Hand', 'hand', frame.hands[player].map((p) => tile(p, p === frame.fresh ? 'fresh' : ''))));
    const melds = frame.melds[player].map((meld) => {
      const group = el('span', 'meld');
      group.title = `${meld.type.toUpperCase()}: ${data.tiles[meld.claimed]} claimed from ${data.players[meld.from]}`;
      const tiles = el('span', 'meld-tiles');
      tiles.append(...meld.tiles.map((p) => tile(p, p === meld.claimed ? 'claimed' : '')));
      group.append(tiles, el('span', 'meld-from', `${meld.type} ← ${data.players[meld.from]}`));
      return group;
    });
    if (melds.length > 0) seat.append(row('Melds', 'melds', melds));
    seat.append(row('Discards', 'discards', frame.discards[player].map((p) => tile(p, 'small')), 'none'));
    return seat;
  });
  const order = frame.direction === 1 ? 'A → B → C → D' : 'A → D → C → B';
  const summary = `Wall: ${frame.wall} tiles left · Order of play: ${order}`;
  return { summary, className: 'table mahjong', parts: seats };
}
