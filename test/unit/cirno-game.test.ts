import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  analyzeCirno, cirnoCardAt, cirnoCardFate, cirnoPlayerSummary, type CirnoEvent,
} from '../../server/src/core/cirno';
import { conformanceCase, sharedSkip } from '../helpers';
import { deck as deckText } from './cirno-helpers';

// Sample 1, worked by hand: JoesSR holds B9 A99 PASS, Cirno C2 D2 A49; the pile is
// E49 DOUBLE PASS A19 A49 A99 A99 A99 A99 A99.
const sample1 = conformanceCase('cirno', 'sample-1');
const analysis = analyzeCirno(sample1.input);
const game = analysis.game!;
const deck = analysis.deck!;

const hand = (player: number, slot: number) => ({ from: 'hand', player, slot }) as const;
const pile = (index: number) => ({ from: 'pile', index }) as const;

describe('the events of a game', { skip: sharedSkip }, () => {
  test('every event of sample 1, in order', () => {
    const play = (
      turn: number, player: number, card: string, source: object, pBefore: number, pAfter: number, doubled = false,
    ) =>
      ({ kind: 'play', round: 1, turn, player, card, source, pBefore, pAfter, doubled, line: turn + 1 });
    const draw = (turn: number, player: number, pileIndex: number, afterLoss = false) =>
      ({ kind: 'draw', round: 1, turn, player, pileIndex, afterLoss });
    const expected = [
      { kind: 'roundStart', round: 1, starter: 0, line: 1 },
      play(1, 0, 'A99', hand(0, 1), 0, 99), draw(1, 0, 0),
      play(2, 1, 'D2', hand(1, 1), 99, 49), draw(2, 1, 1),
      play(3, 0, 'E49', pile(0), 49, 49), draw(3, 0, 2),
      play(4, 1, 'C2', hand(1, 0), 49, 98), draw(4, 1, 3),
      play(5, 0, 'B9', hand(0, 0), 98, 89), draw(5, 0, 4),
      play(6, 1, 'DOUBLE', pile(1), 89, 89), draw(6, 1, 5),
      // Doubled, JoesSR holds A49 PASS PASS: the PASS in the lowest slot, drawn from the pile.
      play(7, 0, 'PASS', pile(2), 89, 89, true), draw(7, 0, 6),
      {
        kind: 'lose', round: 1, turn: 8, player: 1, p: 89, doubled: true,
        dropped: [
          { card: 'A19', source: pile(3) }, { card: 'A99', source: pile(5) }, { card: 'A49', source: hand(1, 2) },
        ],
        redrawn: [7, 8, 9],
        line: 9,
      },
      draw(8, 1, 7, true), draw(8, 1, 8, true), draw(8, 1, 9, true),
    ];
    assert.deepEqual(game.events, expected);
    assert.equal(game.eventCount, expected.length);
    expected.forEach((event, i) => assert.deepEqual(game.event(i), event));
  });

  test('the totals: rounds played, cards drawn out of k, transcript lines', () => {
    assert.deepEqual(
      [game.players, game.rounds, game.roundsPlayed, game.cardsDrawn, game.pileSize, game.lineCount],
      [['JoesSR', 'Cirno'], 1, 1, 10, 10, 9],
    );
  });

  test('final hands, each card with where it came from', () => {
    assert.deepEqual(game.finalHands, [
      [{ card: 'A49', source: pile(4) }, { card: 'A99', source: pile(6) }, { card: 'PASS', source: hand(0, 2) }],
      [{ card: 'A99', source: pile(7) }, { card: 'A99', source: pile(8) }, { card: 'A99', source: pile(9) }],
    ]);
  });

  test('events built on demand are the same before and after `events`', () => {
    const fresh = analyzeCirno(sample1.input).game!;
    const one = fresh.event(3);
    assert.deepEqual(fresh.events[3], one);
    assert.equal(fresh.event(3), fresh.events[3], 'once built, the same object');
  });
});

describe('the events of games that end early or last more than a round', () => {
  const events = (text: string): readonly CirnoEvent[] => {
    const analysis = analyzeCirno(text);
    return (analysis.game ?? analysis.partialGame!).events;
  };
  const play = (
    round: number, turn: number, card: string, source: object, pBefore: number, pAfter: number, line: number,
  ) => ({ kind: 'play', round, turn, player: 0, card, source, pBefore, pAfter, doubled: false, line });
  const draw = (round: number, turn: number, pileIndex: number, afterLoss = false) =>
    ({ kind: 'draw', round, turn, player: 0, pileIndex, afterLoss });
  const lose = (round: number, dropped: object[], redrawn: number[], line: number) =>
    ({ kind: 'lose', round, turn: 2, player: 0, p: 99, doubled: false, dropped, redrawn, line });

  test('the pile runs out after a play: that play is the last event, with no draw', () => {
    // A5 then A2 (the largest safe cards); the A2 finds the pile empty.
    assert.deepEqual(events(deckText('1 1 1', 'X A1 A2 A5', 'B1')), [
      { kind: 'roundStart', round: 1, starter: 0, line: 1 },
      play(1, 1, 'A5', hand(0, 2), 0, 5, 2), draw(1, 1, 0),
      play(1, 2, 'A2', hand(0, 1), 5, 7, 3),
    ]);
  });

  test('the pile runs out for the loser: she draws what is left', () => {
    // A99 to 99, then A1 A99 A99 all go past 99: she loses and finds one card of three.
    const dropped = [
      { card: 'A1', source: pile(0) }, { card: 'A99', source: hand(0, 1) }, { card: 'A99', source: hand(0, 2) },
    ];
    assert.deepEqual(events(deckText('1 1 2', 'X A99 A99 A99', 'A1 A2')), [
      { kind: 'roundStart', round: 1, starter: 0, line: 1 },
      play(1, 1, 'A99', hand(0, 0), 0, 99, 2), draw(1, 1, 0),
      lose(1, dropped, [1], 3),
      draw(1, 2, 1, true),
    ]);
  });

  test('two rounds: the second starts with the loser and goes on counting lines and pile cards', () => {
    const a99 = (source: object) => ({ card: 'A99', source });
    assert.deepEqual(events(deckText('1 2 8', 'X A99 A99 A99', Array(8).fill('A99').join(' '))), [
      { kind: 'roundStart', round: 1, starter: 0, line: 1 },
      play(1, 1, 'A99', hand(0, 0), 0, 99, 2), draw(1, 1, 0),
      lose(1, [a99(pile(0)), a99(hand(0, 1)), a99(hand(0, 2))], [1, 2, 3], 3),
      draw(1, 2, 1, true), draw(1, 2, 2, true), draw(1, 2, 3, true),
      { kind: 'roundStart', round: 2, starter: 0, line: 4 },
      play(2, 1, 'A99', pile(1), 0, 99, 5), draw(2, 1, 4),
      lose(2, [a99(pile(4)), a99(pile(2)), a99(pile(3))], [5, 6, 7], 6),
      draw(2, 2, 5, true), draw(2, 2, 6, true), draw(2, 2, 7, true),
    ]);
  });
});

describe('what became of a card', { skip: sharedSkip }, () => {
  const eventAt = (index: number): CirnoEvent => game.event(index);

  test('a pile card drawn and played: who drew it when, and the play', () => {
    assert.deepEqual(cirnoCardFate(game, pile(0)), { fate: 'played', draw: eventAt(2), play: eventAt(5) });
    const fate = cirnoCardFate(game, pile(1));
    assert.ok(fate.fate === 'played');
    const { play } = fate;
    assert.deepEqual(
      [fate.draw?.player, fate.draw?.turn, play.player, play.line, play.pBefore, play.pAfter], [1, 2, 1, 7, 89, 89],
    );
  });

  test('dropped at a loss, held at the end, never drawn', () => {
    assert.deepEqual(cirnoCardFate(game, pile(3)), { fate: 'dropped', draw: eventAt(8), loss: eventAt(15) });
    assert.deepEqual(cirnoCardFate(game, pile(6)), { fate: 'held', draw: eventAt(14), player: 0 });
    const longer = analyzeCirno(sample1.input.replace('2 1 10', '2 1 12') + 'E0 E0\n');
    assert.deepEqual(longer.problems, []);
    assert.deepEqual(cirnoCardFate(longer.game!, pile(10)), { fate: 'notDrawn' });
    assert.deepEqual(cirnoCardFate(longer.game!, pile(12)), { fate: 'notDrawn' }, 'past the end');
  });

  test('starting cards: played, dropped, held', () => {
    assert.deepEqual(cirnoCardFate(game, hand(0, 1)), { fate: 'played', play: eventAt(1) });
    assert.deepEqual(cirnoCardFate(game, hand(1, 2)), { fate: 'dropped', loss: eventAt(15) });
    assert.deepEqual(cirnoCardFate(game, hand(0, 2)), { fate: 'held', player: 0 });
  });

  test("a player's plays, losses and final hand", () => {
    const joes = cirnoPlayerSummary(game, 0);
    assert.deepEqual(joes.plays.map((e) => e.card), ['A99', 'E49', 'B9', 'PASS']);
    assert.deepEqual(joes.losses, []);
    const cirno = cirnoPlayerSummary(game, 1);
    assert.deepEqual(cirno.plays.map((e) => `${e.card}@${e.line}`), ['D2@3', 'C2@5', 'DOUBLE@7']);
    assert.deepEqual(cirno.losses.map((e) => e.line), [9]);
    assert.equal(cirno.finalHand, game.finalHands[1]);
  });
});

describe('finding a card in the text', { skip: sharedSkip }, () => {
  test('hand cards, pile cards (ends included), and nothing on names or spaces', () => {
    // Lines: "2 1 10", "JoesSR B9 A99 PASS", "Cirno C2 D2 A49", "E49 DOUBLE PASS A19 …".
    assert.deepEqual(cirnoCardAt(deck, { line: 1, character: 10 }), hand(0, 1));
    assert.deepEqual(cirnoCardAt(deck, { line: 2, character: 15 }), hand(1, 2));
    assert.deepEqual(cirnoCardAt(deck, { line: 3, character: 0 }), pile(0));
    assert.deepEqual(cirnoCardAt(deck, { line: 3, character: 3 }), pile(0));
    assert.deepEqual(cirnoCardAt(deck, { line: 3, character: 17 }), pile(3));
    assert.equal(cirnoCardAt(deck, { line: 1, character: 2 }), undefined);
    assert.equal(cirnoCardAt(deck, { line: 0, character: 0 }), undefined);
    assert.equal(cirnoCardAt(deck, { line: 9, character: 0 }), undefined);
  });

  test('the pile gives its cards with their ranges', () => {
    assert.equal(deck.pile.length, 10);
    const range = { start: { line: 3, character: 16 }, end: { line: 3, character: 19 } };
    assert.deepEqual(deck.pile.at(3), { text: 'A19', card: 'A19', range });
    assert.equal(deck.pile.at(10), undefined);
    assert.deepEqual(
      [...deck.pile].map((c) => c.card), ['E49', 'DOUBLE', 'PASS', 'A19', 'A49', 'A99', 'A99', 'A99', 'A99', 'A99'],
    );
  });
});
