import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  FIRST_SPECIAL, KIND_COUNT, analyzeMahjong, kindOf, mahjongDecisions, mahjongExplainRecords,
  mahjongSnapshots, shuffledMahjongDeck, simulateMahjong, winningDistance,
  type MahjongExplainRecord, type MahjongGame,
} from '../../server/src/core/mahjong';
import { conformanceCases, sharedSkip } from '../helpers';
import { deckOf, kinds } from './mahjong-hands';
import { bruteForceDistance } from './mahjong-oracle';

function officialGame(name: string): MahjongGame {
  const found = conformanceCases('mahjong').find((c) => c.name === name);
  assert.ok(found, name);
  const game = analyzeMahjong(found.input).game;
  assert.ok(game);
  return game;
}

/** Counts per kind of a player's concealed hand, and melds, right after event `index`. */
function handAfter(game: MahjongGame, index: number, player: number): { counts: number[]; melds: number } {
  const snapshot = mahjongSnapshots(game)[index];
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (const tile of snapshot.hands[player]) counts[game.deck[tile]]++;
  return { counts, melds: snapshot.melds[player].length };
}

// A hand that throws its lone 5P at once, leaving two triplets of dragons to wait on.
const throwsFiveP = 'S S S W W W N N N B B F F';

interface ConstructedCase {
  name: string;
  hands: [string, string, string, string];
  wall: string;
  record: MahjongExplainRecord;
}

const constructed: ConstructedCase[] = [
  {
    name: 'interception: B and C could both RON the 5P; B is asked first',
    hands: [
      throwsFiveP,
      '1M 2M 3M 4M 5M 6M 7M 8M 9M 1P 1P 1P 5P',
      '1S 2S 3S 4S 5S 6S 7S 8S 9S E E E 5P',
      '2M 2M 2M 3M 3M 3M 4M 4M 4M 6P 6P 6P 9P',
    ],
    wall: '5P',
    record: {
      line: 54,
      text: 'A OUT 5P',
      discard: {
        player: 'A',
        candidates: [
          { tile: '5P', distance: 1 }, { tile: 'S', distance: 2 }, { tile: 'W', distance: 2 },
          { tile: 'N', distance: 2 }, { tile: 'B', distance: 2 }, { tile: 'F', distance: 2 },
        ],
        chosen: '5P',
      },
      ron: [{ player: 'B', won: true }, { player: 'C', won: false }],
      claims: [],
    },
  },
  {
    name: 'declined pong: B holds 5P 5P as its pair, and ponging leaves it one tile away as before',
    hands: [
      throwsFiveP,
      '1M 2M 3M 4M 5M 6M 7M 8M 1S 1S 1S 5P 5P',
      '2S 2S 2S 3S 3S 3S 4S 4S 4S E E E 9S',
      '6S 6S 6S 7S 7S 7S 8S 8S 8S 9M 9M 9M 1P',
    ],
    wall: '5P',
    record: {
      line: 54,
      text: 'A OUT 5P',
      discard: {
        player: 'A',
        candidates: [
          { tile: '5P', distance: 1 }, { tile: 'S', distance: 2 }, { tile: 'W', distance: 2 },
          { tile: 'N', distance: 2 }, { tile: 'B', distance: 2 }, { tile: 'F', distance: 2 },
        ],
        chosen: '5P',
      },
      ron: [],
      claims: [{ player: 'B', type: 'pong', tiles: ['5P', '5P', '5P'], before: 1, after: 1, taken: false }],
    },
  },
  {
    name: 'chow choice: 5P 6P 7P leaves B two away as before; 4P 5P 6P keeps the pair of 7P and is taken',
    hands: [
      throwsFiveP,
      '1M 2M 3M 4M 5M 6M 7M 8M E 4P 6P 7P 7P',
      '1S 1S 1S 2S 2S 2S 3S 3S 3S 9S 9S 9S E',
      '4S 4S 4S 5S 5S 5S 6S 6S 6S 9P 9P 9P 1P',
    ],
    wall: '5P',
    record: {
      line: 54,
      text: 'A OUT 5P',
      discard: {
        player: 'A',
        candidates: [
          { tile: '5P', distance: 1 }, { tile: 'S', distance: 2 }, { tile: 'W', distance: 2 },
          { tile: 'N', distance: 2 }, { tile: 'B', distance: 2 }, { tile: 'F', distance: 2 },
        ],
        chosen: '5P',
      },
      ron: [],
      claims: [
        { player: 'B', type: 'chow', tiles: ['5P', '6P', '7P'], before: 2, after: 2, taken: false },
        { player: 'B', type: 'chow', tiles: ['4P', '5P', '6P'], before: 2, after: 1, taken: true },
      ],
    },
  },
];

describe('Mahjong decisions on constructed decks', () => {
  for (const { name, hands, wall, record } of constructed) {
    test(name, () => {
      const game = simulateMahjong(deckOf(hands, wall));
      assert.deepEqual(mahjongExplainRecords(game)[record.line - 1], record);
    });
  }
});

describe('explain records keep the key order of the documented format', () => {
  // deepEqual ignores key order; people diff these lines, so the exact text is checked here.
  test('a discard line with an interception', () => {
    const { hands, wall } = constructed[0];
    const record = mahjongExplainRecords(simulateMahjong(deckOf(hands, wall)))[53];
    assert.equal(JSON.stringify(record), '{"line":54,"text":"A OUT 5P","discard":{"player":"A","candidates":['
      + '{"tile":"5P","distance":1},{"tile":"S","distance":2},{"tile":"W","distance":2},{"tile":"N","distance":2},'
      + '{"tile":"B","distance":2},{"tile":"F","distance":2}],"chosen":"5P"},'
      + '"ron":[{"player":"B","won":true},{"player":"C","won":false}],"claims":[]}');
  });
  test('a declined claim', () => {
    const { hands, wall } = constructed[1];
    const record = mahjongExplainRecords(simulateMahjong(deckOf(hands, wall)))[53];
    assert.equal(JSON.stringify(record.claims), '[{"player":"B","type":"pong","tiles":["5P","5P","5P"],'
      + '"before":1,"after":1,"taken":false}]');
  });
  test('a special discard and the skipped turn after it', { skip: sharedSkip }, () => {
    const records = mahjongExplainRecords(officialGame('official-01'));
    assert.equal(JSON.stringify(records[53]), '{"line":54,"text":"A OUT PASS B","special":{"player":"A",'
      + '"held":["PASS"],"chosen":"PASS","effect":{"type":"pass","skipped":"B"}}}');
    assert.equal(JSON.stringify(records[54]), '{"line":55,"text":"C IN Z","skipped":{"player":"B","by":"A"}}');
  });
});

describe('Mahjong decisions in official case 01', { skip: sharedSkip }, () => {
  test('line 58, C OUT Z: every kind C holds, with the distance of the hand left, by brute force', () => {
    const game = officialGame('official-01');
    const index = 57;
    const decision = mahjongDecisions(game)[index];
    assert.equal(decision?.type, 'discard');
    const { counts, melds } = handAfter(game, index - 1, 2);
    const expected = counts.flatMap((n, kind) => {
      if (n === 0 || kind >= FIRST_SPECIAL) return [];
      counts[kind]--;
      const distance = bruteForceDistance(counts, melds);
      counts[kind]++;
      return [{ kind, distance }];
    });
    assert.deepEqual(decision.candidates, expected);
    // As the issue states it: every choice leaves 4 or 5; 5P, 6P, 6S, E, N, Z leave 4; Z goes.
    assert.deepEqual(new Set(expected.map((c) => c.distance)), new Set([4, 5]));
    assert.equal(decision.smallest, 4);
    assert.deepEqual(decision.tied, kinds('5P 6P 6S E N Z'));
    assert.equal(decision.chosen, kindOf('Z'));
  });

  const lines: MahjongExplainRecord[] = [
    {
      line: 54,
      text: 'A OUT PASS B',
      special: { player: 'A', held: ['PASS'], chosen: 'PASS', effect: { type: 'pass', skipped: 'B' } },
    },
    // B's turn is skipped: it prints nothing, so the next line carries it.
    { line: 55, text: 'C IN Z', skipped: { player: 'B', by: 'A' } },
    {
      line: 56,
      text: 'C OUT DOUBLE',
      special: { player: 'C', held: ['DOUBLE'], chosen: 'DOUBLE', effect: { type: 'double', extraDraw: true } },
    },
    { line: 57, text: 'C IN N' },
    { line: 59, text: 'A PONG Z Z Z' },
  ];
  for (const record of lines) {
    test(`line ${record.line}: ${record.text}`, () => {
      assert.deepEqual(mahjongExplainRecords(officialGame('official-01'))[record.line - 1], record);
    });
  }
});

/** Checks every decision of a game against the snapshots, with distances computed afresh. */
function checkDecisions(game: MahjongGame): void {
  const decisions = mahjongDecisions(game);
  const { events } = game;
  assert.equal(decisions.length, events.length);
  events.forEach((event, i) => {
    const decision = decisions[i];
    const following = events[i + 1];
    if (event.type === 'discard' && event.passTarget !== undefined) {
      assert.deepEqual(decisions[i + 1], { type: 'skippedTurn', player: event.passTarget, passedBy: event.player });
    }
    if (event.type !== 'discard' || event.kind >= FIRST_SPECIAL) return;
    assert.equal(decision?.type, 'discard', `line ${i + 1}`);
    assert.equal(decision.player, event.player);
    const { counts, melds } = handAfter(game, i - 1, event.player);
    const candidates = counts.flatMap((n, kind) => {
      if (n === 0) return [];
      counts[kind]--;
      const distance = winningDistance(counts, melds);
      counts[kind]++;
      return [{ kind, distance }];
    });
    assert.deepEqual(decision.candidates, candidates, `line ${i + 1}`);
    const smallest = Math.min(...candidates.map((c) => c.distance));
    assert.equal(decision.smallest, smallest);
    const tied = candidates.filter((c) => c.distance === smallest).map((c) => c.kind);
    assert.deepEqual(decision.tied, tied);
    // First in the discard order Z F B N W S E 9S..1M: the highest index.
    assert.equal(decision.chosen, Math.max(...tied));
    assert.equal(decision.chosen, event.kind);

    decision.ron.forEach((check, n) => {
      assert.equal(check.won, n === 0);
      const hand = handAfter(game, i, check.player);
      hand.counts[event.kind]++;
      assert.equal(winningDistance(hand.counts, hand.melds), 0);
    });
    if (decision.ron.length > 0) {
      const ron = { type: 'ron', player: decision.ron[0].player, from: event.player, tile: event.tile };
      assert.deepEqual(following, ron);
      assert.deepEqual(decision.claims, []);
      return;
    }
    assert.notEqual(following?.type, 'ron');
    decision.claims.forEach((claim, n) => {
      const { counts: held, melds: claimed } = handAfter(game, i, claim.player);
      assert.equal(claim.before, winningDistance(held, claimed));
      for (const kind of claim.kinds) held[kind]--;
      held[event.kind]++;
      assert.ok(held.every((c) => c >= 0), 'the claimant holds the two tiles');
      assert.equal(claim.after, winningDistance(held, claimed + 1));
      assert.equal(claim.taken, claim.after < claim.before);
      if (claim.taken) assert.equal(n, decision.claims.length - 1, 'nobody is asked after a taken claim');
    });
    const taken = decision.claims.find((claim) => claim.taken);
    if (taken) {
      assert.equal(following?.type, taken.type);
      assert.equal(following.type === 'pong' || following.type === 'chow' ? following.player : -1, taken.player);
    } else {
      assert.ok(following?.type !== 'pong' && following?.type !== 'chow');
    }
  });
}

describe('Mahjong decisions on seeded random decks', { skip: sharedSkip }, () => {
  test('300 decks: choices among the tied candidates, claims taken exactly when they help', () => {
    for (let seed = 1; seed <= 300; seed++) checkDecisions(simulateMahjong(shuffledMahjongDeck(seed)));
  });
  test('all 50 official cases', () => {
    for (const c of conformanceCases('mahjong')) checkDecisions(analyzeMahjong(c.input).game!);
  });
});
