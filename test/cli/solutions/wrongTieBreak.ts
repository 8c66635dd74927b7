/** A Mahjong solution that breaks discard ties toward the lowest tile instead of the highest. */
import { FIRST_SPECIAL, PLAYERS, TILE_NAMES, countKinds, winningDistance } from '../../../server/src/core/mahjong';
import { divergeAt, readMahjongGame } from './common';

const { game, transcript, snapshots } = readMahjongGame();
let wrongLine: number | undefined;
let wrongText = '';
for (const [i, event] of game.events.entries()) {
  if (event.type !== 'discard' || event.kind >= FIRST_SPECIAL || i === 0) continue;
  const before = snapshots[i - 1];
  const counts = countKinds(before.hands[event.player].map((tile) => game.deck[tile]));
  const melds = before.melds[event.player].length;
  let best = Infinity;
  let lowest = -1;
  for (let kind = 0; kind < FIRST_SPECIAL; kind++) {
    if (counts[kind] === 0) continue;
    counts[kind]--;
    const distance = winningDistance(counts, melds);
    counts[kind]++;
    if (distance < best) {
      best = distance;
      lowest = kind;
    }
  }
  if (lowest !== event.kind) {
    wrongLine = i + 1;
    wrongText = `${PLAYERS[event.player]} OUT ${TILE_NAMES[lowest]}`;
    break;
  }
}
divergeAt(transcript, wrongLine, wrongText);
