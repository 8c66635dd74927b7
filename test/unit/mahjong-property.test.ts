import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DECK_SIZE, HAND_SIZE, mahjongSnapshots, simulateMahjong, shuffledMahjongDeck, type MahjongGame,
} from '../../server/src/core/mahjong';

type Place = 'wall' | `hand${number}` | `meld${number}` | `discard${number}` | 'won';

/**
 * Replays a game's events on a ledger of where each of the 148 tiles is, asserting every move
 * takes a tile from where it must be. At the end the ledger must equal the game's final state.
 */
function replay(game: MahjongGame): void {
  const place: Place[] = new Array(DECK_SIZE).fill('wall');
  let wall = 0;
  const move = (tile: number, from: Place, to: Place) => {
    assert.equal(place[tile], from, `tile ${tile} expected in ${from}`);
    place[tile] = to;
  };
  const handSize = [0, 0, 0, 0];
  let lastDiscard = -1;
  for (const event of game.events) {
    switch (event.type) {
      case 'deal':
      case 'draw':
        assert.equal(event.tile, wall++, 'tiles leave the wall top first');
        assert.equal(event.kind, game.deck[event.tile]);
        move(event.tile, 'wall', `hand${event.player}`);
        handSize[event.player]++;
        break;
      case 'discard':
        assert.equal(event.kind, game.deck[event.tile]);
        move(event.tile, `hand${event.player}`, `discard${event.player}`);
        handSize[event.player]--;
        lastDiscard = event.tile;
        break;
      case 'pong':
      case 'chow':
        assert.equal(event.claimed, lastDiscard, 'only the last discard is claimed');
        assert.equal(event.tiles.length, 3);
        for (const tile of event.tiles) {
          move(tile, tile === event.claimed ? `discard${event.from}` : `hand${event.player}`, `meld${event.player}`);
        }
        handSize[event.player] -= 2;
        break;
      case 'ron':
        assert.equal(event.tile, lastDiscard);
        move(event.tile, `discard${event.from}`, 'won');
        break;
      default:
        break;
    }
    // Accounting: every tile is somewhere, and only as many left the wall as were taken.
    assert.equal(place.filter((p) => p === 'wall').length, DECK_SIZE - wall);
  }
  assert.equal(wall, game.tilesDrawn);
  game.hands.forEach((hand, player) => {
    const expected = place.flatMap((p, tile) => (p === `hand${player}` ? [tile] : []));
    const held = hand.filter((t) => place[t] !== 'won');
    assert.deepEqual([...held].sort((a, b) => a - b), expected, `hand of player ${player}`);
  });
  game.melds.forEach((melds, player) => {
    assert.deepEqual(melds.flatMap((m) => m.tiles).sort((a, b) => a - b),
      place.flatMap((p, tile) => (p === `meld${player}` ? [tile] : [])));
  });
  game.discards.forEach((discards, player) => {
    assert.deepEqual([...discards].sort((a, b) => a - b),
      place.flatMap((p, tile) => (p === `discard${player}` ? [tile] : [])));
  });
  // A player's concealed hand is 13 - 3n, or 14 - 3n for the winner holding the winning tile.
  game.hands.forEach((hand, player) => {
    const size = HAND_SIZE - 3 * game.melds[player].length;
    const winner = game.outcome.type === 'win' && game.outcome.player === player;
    assert.equal(hand.length, winner ? size + 1 : size, `hand size of player ${player}`);
  });
  const last = game.events[game.events.length - 1];
  assert.ok(last.type === 'win' || last.type === 'drawGame');
}

describe('every shuffled deck plays to an end and accounts for all 148 tiles', () => {
  const SEEDS = 300;
  test(`${SEEDS} seeded decks`, () => {
    const outcomes = { ron: 0, selfdrawn: 0, draw: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const game = simulateMahjong(shuffledMahjongDeck(seed));
      replay(game);
      outcomes[game.outcome.type === 'draw' ? 'draw' : game.outcome.by]++;
    }
    // The references' figures (71.9% RON, 27.4% SELFDRAWN): both kinds of win must be common.
    assert.ok(outcomes.ron > SEEDS / 2, JSON.stringify(outcomes));
    assert.ok(outcomes.selfdrawn > SEEDS / 6, JSON.stringify(outcomes));
  });
});

describe('snapshots follow the events to the final state', () => {
  test('50 seeded decks', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const game = simulateMahjong(shuffledMahjongDeck(seed));
      const snapshots = mahjongSnapshots(game);
      assert.equal(snapshots.length, game.events.length);
      const last = snapshots[snapshots.length - 1];
      const sorted = (tiles: number[]) => [...tiles].sort((a, b) => a - b);
      assert.deepEqual(last.hands.map(sorted), game.hands.map(sorted));
      assert.deepEqual(last.melds.map((ms) => ms.map((m) => m.tiles)), game.melds.map((ms) => ms.map((m) => m.tiles)));
      assert.deepEqual(last.discards, game.discards);
      assert.equal(last.wall, DECK_SIZE - game.tilesDrawn);
      // 148 tiles accounted for after every event.
      for (const s of snapshots) {
        const placed = s.hands.flat().length + s.melds.flat().flatMap((m) => m.tiles).length + s.discards.flat().length;
        assert.equal(placed + s.wall, DECK_SIZE);
      }
    }
  });
});
