import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import {
  CIRNO_CHECKPOINT_EVERY, analyzeCirno, cirnoDecision, cirnoExplainRecord, cirnoExplainRecords, cirnoLineEvents,
  randomCirnoDeckText, renderCirnoTranscript,
  type CirnoCandidate, type CirnoDecision, type CirnoGame, type CirnoNextReason,
} from '../../server/src/core/cirno';
import { deck } from './cirno-helpers';

function played(text: string): CirnoGame {
  const analysis = analyzeCirno(text);
  assert.deepEqual(analysis.problems, []);
  return analysis.game!;
}

const c = (card: string, p: number, loses = false): CirnoCandidate => ({ card, p, loses }) as CirnoCandidate;
const next = (player: number, direction: 1 | -1, doubled: boolean, reason: CirnoNextReason) =>
  ({ player, direction, doubled, reason });

// Ann 0, Bob 1, Cid 2. Each deck is worked by hand: the hands and p are in the candidates.
const turnAndDouble = played(deck(
  '3 1 12', 'Ann A99 DOUBLE DOUBLE', 'Bob TURN A1 A2', 'Cid B1 B9 E0', 'A5 A99 A1 A99 A99 A99 A99 A99 A99 A99 A99 A99',
));
const twelveA99 = Array(12).fill('A99').join(' ');
const doubleOnDouble = played(deck('3 1 12', 'Ann A99 DOUBLE A1', 'Bob A1 DOUBLE A2', 'Cid B1 DOUBLE E0', twelveA99));
const turnOnDouble = played(deck('3 1 12', 'Ann A99 DOUBLE A1', 'Bob A1 DOUBLE A2', 'Cid B1 TURN E0', twelveA99));
const sample1 = played(deck(
  '2 1 10', 'JoesSR B9 A99 PASS', 'Cirno C2 D2 A49', 'E49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99',
));

const table: [string, CirnoGame, number, CirnoDecision | undefined][] = [
  ['a round start is no decision', turnAndDouble, 0, undefined],
  ['a draw is no decision', turnAndDouble, 2, undefined],
  ['max: the largest safe p; escape cards count as p unchanged', turnAndDouble, 1, {
    player: 0, double: false, p: 0, candidates: [c('A99', 99), c('DOUBLE', 0), c('DOUBLE', 0)],
    rule: 'max', chosen: 'A99', slot: 0, next: next(1, 1, false, 'seat'),
  }],
  ['escape: no safe normal card, TURN reverses to the player behind', turnAndDouble, 3, {
    player: 1, double: false, p: 99, candidates: [c('TURN', 99), c('A1', 100, true), c('A2', 101, true)],
    rule: 'escape', chosen: 'TURN', slot: 0, next: next(0, -1, false, 'turn'),
  }],
  ['escape: DOUBLE marks the next player in the reversed direction', turnAndDouble, 5, {
    player: 0, double: false, p: 99, candidates: [c('A5', 104, true), c('DOUBLE', 99), c('DOUBLE', 99)],
    rule: 'escape', chosen: 'DOUBLE', slot: 1, next: next(2, -1, true, 'double'),
  }],
  ['min-double: the smallest safe p, and she plays again unmarked', turnAndDouble, 7, {
    player: 2, double: true, p: 99, candidates: [c('B1', 98), c('B9', 90), c('E0', 0)],
    rule: 'min-double', chosen: 'E0', slot: 2, next: next(2, -1, false, 'again'),
  }],
  ['max again after the doubled card', turnAndDouble, 9, {
    player: 2, double: false, p: 0, candidates: [c('B1', -1), c('B9', -9), c('A99', 99)],
    rule: 'max', chosen: 'A99', slot: 2, next: next(1, -1, false, 'seat'),
  }],
  ['all-lose, not doubled', turnAndDouble, 11, {
    player: 1, double: false, p: 99, rule: 'all-lose',
    candidates: [c('A99', 198, true), c('A1', 100, true), c('A2', 101, true)],
  }],
  ['doubled, an escape card comes before a safe normal card: DOUBLE marks the next', doubleOnDouble, 5, {
    player: 2, double: true, p: 99, candidates: [c('B1', 98), c('DOUBLE', 99), c('E0', 0)],
    rule: 'escape', chosen: 'DOUBLE', slot: 1, next: next(0, 1, true, 'double'),
  }],
  ['doubled, TURN: the mark goes to the player behind', turnOnDouble, 5, {
    player: 2, double: true, p: 99, candidates: [c('B1', 98), c('TURN', 99), c('E0', 0)],
    rule: 'escape', chosen: 'TURN', slot: 1, next: next(1, -1, true, 'turn'),
  }],
  ['all-lose under DOUBLE', turnOnDouble, 7, {
    player: 1, double: true, p: 99, rule: 'all-lose',
    candidates: [c('A1', 100, true), c('A99', 198, true), c('A2', 101, true)],
  }],
  ['doubled PASS: the mark moves on to the next seat', sample1, 13, {
    player: 0, double: true, p: 89, candidates: [c('A49', 138, true), c('PASS', 89), c('PASS', 89)],
    rule: 'escape', chosen: 'PASS', slot: 1, next: next(1, 1, true, 'pass'),
  }],
];

describe('Cirno decisions', () => {
  for (const [name, game, index, expected] of table) {
    test(`${name} (event ${index})`, () => assert.deepEqual(cirnoDecision(game, index), expected));
  }

  test('an index outside the game is a RangeError', () => {
    assert.throws(() => cirnoDecision(sample1, sample1.eventCount), RangeError);
    assert.throws(() => cirnoDecision(sample1, -1), RangeError);
  });
});

describe('deck-sim explain --json records', () => {
  test('sample 1, exactly, keys in the documented order', () => {
    type Listed = [string, number, boolean][];
    const candidates = (list: Listed) => list.map(([card, p, loses]) => ({ card, p, loses }));
    // The line's text names the player first.
    const play = (line: number, text: string, double: boolean, list: Listed, rule: string, chosen?: string) => {
      const player = text.split(' ')[0];
      const decision = { player, double, candidates: candidates(list), rule, ...(chosen ? { chosen } : {}) };
      return JSON.stringify({ line, text, play: decision });
    };
    const loses = (card: string, p: number): [string, number, boolean] => [card, p, true];
    const safe = (card: string, p: number): [string, number, boolean] => [card, p, false];
    const escape = (card: string, p: number): [string, number, boolean] => [card, p, false];
    const expected = [
      JSON.stringify({ line: 1, text: 'Round 1:' }),
      play(2, 'JoesSR used A99,now p=99.', false, [safe('B9', -9), safe('A99', 99), escape('PASS', 0)], 'max', 'A99'),
      play(3, 'Cirno used D2,now p=49.', false, [loses('C2', 198), safe('D2', 49), loses('A49', 148)], 'max', 'D2'),
      play(4, 'JoesSR used E49,now p=49.', false, [safe('B9', 40), safe('E49', 49), escape('PASS', 49)], 'max', 'E49'),
      play(5, 'Cirno used C2,now p=98.', false, [safe('C2', 98), escape('DOUBLE', 49), safe('A49', 98)], 'max', 'C2'),
      play(6, 'JoesSR used B9,now p=89.', false, [safe('B9', 89), escape('PASS', 98), escape('PASS', 98)], 'max', 'B9'),
      play(7, 'Cirno used DOUBLE,now p=89.', false, [loses('A19', 108), escape('DOUBLE', 89), loses('A49', 138)],
        'escape', 'DOUBLE'),
      play(8, 'JoesSR used PASS,now p=89.', true, [loses('A49', 138), escape('PASS', 89), escape('PASS', 89)],
        'escape', 'PASS'),
      play(9, 'Cirno lost the game.', true, [loses('A19', 108), loses('A99', 188), loses('A49', 138)], 'all-lose'),
    ];
    assert.deepEqual([...cirnoExplainRecords(sample1)].map((record) => JSON.stringify(record)), expected);
  });

  test('on random decks: one record per transcript line, and every decision agrees with the play', () => {
    const decks = fc.record({
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      n: fc.integer({ min: 1, max: 6 }),
      m: fc.integer({ min: 1, max: 5 }),
    });
    const isEscape = (cand: CirnoCandidate) => ['PASS', 'TURN', 'DOUBLE'].includes(cand.card);
    const rulesSeen = new Set<string>();
    fc.assert(
      fc.property(decks, ({ seed, n, m }) => {
        const analysis = analyzeCirno(randomCirnoDeckText(seed, n, m, 300));
        const game = analysis.game ?? analysis.partialGame!;
        const records = [...cirnoExplainRecords(game)];
        assert.equal(records.map((r) => `${r.text}\n`).join(''), renderCirnoTranscript(game));
        assert.deepEqual(records.map((r) => r.line), records.map((_, i) => i + 1));
        for (let i = 0; i < game.eventCount; i++) {
          const event = game.event(i);
          const decision = cirnoDecision(game, i);
          if (event.kind !== 'play' && event.kind !== 'lose') continue;
          assert.ok(decision);
          rulesSeen.add(decision.rule);
          const record = records[event.line - 1].play!;
          const { double, candidates, rule, chosen } = decision;
          const fromRecord = [record.double, record.candidates, record.rule, record.chosen];
          assert.deepEqual(fromRecord, [double, candidates, rule, chosen]);
          if (event.kind === 'lose') {
            assert.equal(decision.rule, 'all-lose');
            assert.ok(decision.candidates.every((cand) => cand.loses), "she loses only when every card would");
            continue;
          }
          assert.equal(decision.chosen, event.card);
          assert.equal(decision.candidates[decision.slot!].p, event.pAfter);
          const safe = decision.candidates.filter((cand) => !cand.loses && !isEscape(cand)).map((cand) => cand.p);
          if (decision.rule === 'max') assert.equal(event.pAfter, Math.max(...safe));
          if (decision.rule === 'min-double') assert.equal(event.pAfter, Math.min(...safe));
          if (i + 2 < game.eventCount && game.event(i + 2).kind === 'play') {
            const following = game.event(i + 2);
            if (following.kind === 'play' && following.round === event.round) {
              assert.equal(following.player, decision.next!.player);
              assert.equal(following.doubled, decision.next!.doubled);
            }
          }
        }
      }),
      { numRuns: 200, seed: 1122 },
    );
    assert.deepEqual([...rulesSeen].sort(), ['all-lose', 'escape', 'max', 'min-double']);
  });

  test('cirnoLineEvents: the events that print a line, in order, with cirnoDecision\'s decisions', () => {
    const game = played(randomCirnoDeckText(7, 5, 100, 20000));
    assert.ok(game.eventCount > 2 * CIRNO_CHECKPOINT_EVERY, `${game.eventCount} events: past two checkpoints`);
    const expected = [];
    for (let index = 0; index < game.eventCount; index++) {
      const kind = game.event(index).kind;
      if (kind === 'roundStart') expected.push({ index });
      else if (kind !== 'draw') expected.push({ index, decision: cirnoDecision(game, index) });
    }
    assert.deepEqual([...cirnoLineEvents(game)], expected);
    const withoutNext = expected.map(({ index, decision }) => {
      if (!decision) return { index };
      const { next: _next, ...rest } = decision;
      return { index, decision: rest };
    });
    assert.deepEqual([...cirnoLineEvents(game, false)], withoutNext);
  });

  test('cirnoExplainRecord: the record of one event, as the walk over the whole game gives it', () => {
    const game = played(randomCirnoDeckText(7, 5, 100, 20000));
    const records = [...cirnoExplainRecords(game)];
    const alone = [];
    for (let index = 0; index < game.eventCount; index++) {
      const record = cirnoExplainRecord(game, index);
      if (game.event(index).kind === 'draw') assert.equal(record, undefined);
      else alone.push(record);
    }
    assert.deepEqual(alone, records);
    assert.throws(() => cirnoExplainRecord(game, game.eventCount), RangeError);
  });
});
