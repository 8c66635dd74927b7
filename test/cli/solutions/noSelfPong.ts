/**
 * A Mahjong solution that never lets a discarder pong their own discard (the second official
 * solution's reading of the Pong rule). At the first such pong it asks the other players in
 * order, then the next player's chow, then lets the next player draw, as that solution does.
 */
import { CHOW_OPTIONS, PONG_ORDER } from '../../../server/src/core/mahjong/claimOrder';
import { TILE_NAMES, countKinds, winningDistance, type Player } from '../../../server/src/core/mahjong';
import { divergeAt, readMahjongGame } from './common';

const PLAYERS = 'ABCD';
const { game, transcript, snapshots } = readMahjongGame();
const at = game.events.findIndex((event) => event.type === 'pong' && event.player === event.from);
let wrongText = '';
if (at >= 0) {
  const pong = game.events[at] as Extract<(typeof game.events)[number], { type: 'pong' }>;
  const before = snapshots[at - 1];
  const t = pong.kind;
  const counts = (p: Player) => countKinds(before.hands[p].map((tile) => game.deck[tile]));
  /** Whether taking `kinds` out of p's hand for a meld lowers p's winning distance. */
  const lowers = (p: Player, kinds: readonly number[]) => {
    const hand = counts(p);
    const melds = before.melds[p].length;
    const distance = winningDistance(hand, melds);
    for (const kind of kinds) if (hand[kind]-- === 0) return false;
    return winningDistance(hand, melds + 1) < distance;
  };
  const ponger = PONG_ORDER.find((p) => p !== pong.from && lowers(p, [t, t]));
  const next = ((pong.from + before.direction + 4) % 4) as Player;
  const chow = CHOW_OPTIONS[t].find((option) => lowers(next, option));
  const drawn = Math.max(...game.events.slice(0, at).map((e) => ('tile' in e && e.type !== 'discard' ? e.tile : -1)));
  if (ponger !== undefined) wrongText = `${PLAYERS[ponger]} PONG ${TILE_NAMES[t]} ${TILE_NAMES[t]} ${TILE_NAMES[t]}`;
  else if (chow) {
    wrongText = `${PLAYERS[next]} CHOW ${[...chow, t].sort((a, b) => a - b).map((k) => TILE_NAMES[k]).join(' ')}`;
  }
  else wrongText = drawn + 1 < game.deck.length ? `${PLAYERS[next]} IN ${TILE_NAMES[game.deck[drawn + 1]]}` : 'DRAW';
}
divergeAt(transcript, at >= 0 ? at + 1 : undefined, wrongText);
