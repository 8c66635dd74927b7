import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  analyzeMahjong, mahjongDeckText, renderMahjongTranscript, type MahjongAnalysis,
} from '../../server/src/core/mahjong';
import { MAHJONG_CATALOGUE } from '../../server/src/core/mahjong/catalogue';
import { deckOf } from './mahjong-hands';

/** A valid deck dealing these four hands, then the wall tiles given, then every tile left in index order. */
function analyzedDeckOf(hands: [string, string, string, string], wall: string): MahjongAnalysis {
  const deck = deckOf(hands, wall);
  const analysis = analyzeMahjong(mahjongDeckText(deck));
  assert.deepEqual(analysis.problems, []);
  return analysis;
}

/** The play after the deal, one event a line, joined by ' | '. */
const play = (analysis: MahjongAnalysis) =>
  renderMahjongTranscript(analysis.game!.events).trimEnd().split('\n').slice(52).join(' | ');

describe('Mahjong rule hits', () => {
  test('a discarder pongs their own fourth Z back, then declines their own F', () => {
    // A holds Z Z Z and four F: with the cap, neither can be the pair; the pong frees it.
    const analysis = analyzedDeckOf([
      'Z Z Z F F F F 1M 1M 1M 5P 5P 5P', '2M 3M 7M 8M 1S 2S 6S 7S E E S S W',
      '4M 5M 6M 9M 9M 2P 3P 4P 8P 8P N N B', '1P 6P 7P 9P 3S 4S 5S 8S 9S 9S W W B',
    ], 'Z');
    assert.equal(play(analysis), 'A IN Z | A OUT Z | A PONG Z Z Z | A OUT F | B IN 1M | B OUT W | D PONG W W W | '
      + 'D OUT B | A IN 2M | A OUT Z | B IN 2M | B OUT S | C IN 2M | C OUT B | D IN 3M | D OUT 9S | A IN 3M | '
      + 'A SELFDRAWN | A WIN');
    assert.deepEqual(Object.fromEntries(MAHJONG_CATALOGUE.ruleHits(analysis)!), {
      'pong-by-discarder': 1, 'pong-declined': 1, 'pong-taken': 1, 'discard-unique-best': 1, 'discard-tie': 7,
      'no-claim': 6, selfdrawn: 1,
    });
  });

  test('after a REVERSE, the discard of C is won by A, the first asked of B, A, D who win on it', () => {
    const analysis = analyzedDeckOf([
      'REVERSE E E E S S S W W W N N N', '1M 2M 3M 4M 4M 7P 8P 9P 1S 1S 5S 6S 7S',
      '2P 2P 2P 6P 6P 6P 9M 9M 9M 9S 9S 9S 5M', '5M 5M 7M 7M 7M 3S 3S 3S 8M 8M 8M B B',
    ], '5M 1P');
    assert.equal(play(analysis), 'A IN 5M | A OUT REVERSE | D IN 1P | D OUT 1P | C IN 1M | C OUT 5M | A RON | A WIN');
    assert.deepEqual(Object.fromEntries(MAHJONG_CATALOGUE.ruleHits(analysis)!), {
      'reverse-thrown': 1, 'discard-unique-best': 1, 'discard-tie': 1, 'no-claim': 1, 'ron-intercepted': 1,
      'ron-reversed': 1,
    });
    // A solution asking clockwise from C gives the tile to D, the first of D, A, B.
    const wrong = MAHJONG_CATALOGUE.mistakeTranscript(analysis, 'ron-ignores-direction')!;
    assert.deepEqual(wrong.trimEnd().split('\n').slice(58), ['D RON', 'D WIN']);
  });
});

/** For each mistake, the seed of its built deck and the first line that differs: number, reference, mistake. */
const CAUGHT: [string, number, number, string, string][] = [
  ['deal-in-blocks', 1, 2, 'B IN W', 'A IN W'],
  ['draw-on-last-tile', 1, 244, 'B OUT 1P', 'DRAW'],
  ['specials-by-index', 1, 54, 'A OUT PASS B', 'A OUT DOUBLE'],
  ['pass-ignores-direction', 1, 56, 'D OUT PASS C', 'D OUT PASS A'],
  ['reverse-old-direction', 1, 55, 'D IN E', 'B IN E'],
  ['double-no-extra-draw', 1, 55, 'A IN E', 'B IN E'],
  ['seven-pairs-win', 1, 54, 'A OUT Z', 'A SELFDRAWN'],
  ['discard-ties-lowest', 1, 54, 'A OUT Z', 'A OUT 1M'],
  ['ron-fixed-order', 1, 57, 'C RON', 'A RON'],
  ['ron-ignores-direction', 1, 57, 'C RON', 'A RON'],
  ['ron-last-asked-wins', 1, 55, 'B RON', 'C RON'],
  ['ron-with-specials', 1, 55, 'B IN 5S', 'B RON'],
  ['pong-before-ron', 1, 55, 'B RON', 'C PONG 3S 3S 3S'],
  ['no-self-pong', 1, 55, 'A PONG Z Z Z', 'B IN 1P'],
  ['pong-always', 1, 55, 'B IN 5M', 'C PONG 7S 7S 7S'],
  ['claimant-draws', 1, 56, 'C OUT B', 'C IN 4M'],
  ['claimant-keeps-special', 1, 56, 'C OUT PASS D', 'C OUT B'],
  ['turn-after-turn-owner', 1, 57, 'D IN 4M', 'B IN 4M'],
  ['chow-before-pong', 1, 55, 'C PONG 1S 1S 1S', 'B CHOW 1S 2S 3S'],
  ['chow-by-anyone', 1, 55, 'B IN 5M', 'C CHOW 1S 2S 3S'],
  ['chow-options-reversed', 1, 55, 'B CHOW 3S 4S 5S', 'B CHOW 1S 2S 3S'],
  ['chow-first-option-only', 1, 55, 'B CHOW 1S 2S 3S', 'B IN 8P'],
  ['chow-across-suits', 1, 55, 'B IN 1M', 'B CHOW 8P 9P 1S'],
  ['chow-of-honours', 1, 55, 'B IN 3S', 'B CHOW N B F'],
  ['claim-when-not-worse', 1, 55, 'B IN 5M', 'C PONG 7S 7S 7S'],
];

describe('ron-with-specials: a win check counting ordinary tiles against the hand\'s size', () => {
  test('B, holding four specials and nine tiles that W completes up to four missing tiles, declares RON on W', () => {
    const analysis = analyzedDeckOf([
      '1M 1M 1M 2P 2P 2P 9S 9S 9S N N N W', '3M 5M 6M 7M 8M 3P 5P E W REVERSE PASS PASS PASS',
      '2M 4M 9M 1P 4P 6P 8P 2S 4S 6S 8S S B', '3S 5S 7S 7P 9P 2M 4M 9M 1P 4P 6P F Z',
    ], '1S');
    assert.equal(play(analysis).split(' | ').slice(0, 3).join(' | '), 'A IN 1S | A OUT W | B IN 1M');
    const wrong = MAHJONG_CATALOGUE.mistakeTranscript(analysis, 'ron-with-specials')!;
    assert.deepEqual(wrong.trimEnd().split('\n').slice(52), ['A IN 1S', 'A OUT W', 'B RON', 'B WIN']);
  });

  test('a tile to spare (3P 5P become 3P 6P) keeps B from the RON', () => {
    const analysis = analyzedDeckOf([
      '1M 1M 1M 2P 2P 2P 9S 9S 9S N N N W', '3M 5M 6M 7M 8M 3P 6P E W REVERSE PASS PASS PASS',
      '2M 4M 9M 1P 4P 5P 8P 2S 4S 6S 8S S B', '3S 5S 7S 7P 9P 2M 4M 9M 1P 4P 6P F Z',
    ], '1S');
    const wrong = MAHJONG_CATALOGUE.mistakeTranscript(analysis, 'ron-with-specials')!;
    assert.equal(wrong, renderMahjongTranscript(analysis.game!.events));
  });
});

describe('each Mahjong mistake is caught by a deck of its own', () => {
  test('every mistake has its deck here', () => {
    assert.deepEqual(CAUGHT.map(([id]) => id), MAHJONG_CATALOGUE.mistakes.map((mistake) => mistake.id));
  });
  for (const [id, seed, line, expected, actual] of CAUGHT) {
    test(id, () => {
      const text = MAHJONG_CATALOGUE.targetedDeck(id, seed);
      assert.ok(text);
      const analysis = analyzeMahjong(text);
      assert.deepEqual(analysis.problems, []);
      const reference = renderMahjongTranscript(analysis.game!.events).split('\n');
      const wrong = MAHJONG_CATALOGUE.mistakeTranscript(analysis, id)!.split('\n');
      const first = reference.findIndex((text, i) => text !== wrong[i]);
      assert.deepEqual([first + 1, reference[first], wrong[first]], [line, expected, actual]);
    });
  }
});

describe('Mahjong targeted decks', () => {
  const targets = [...MAHJONG_CATALOGUE.rules, ...MAHJONG_CATALOGUE.mistakes].map((entry) => entry.id);
  test('a builder for every rule branch and every mistake, none for an unknown target', () => {
    for (const target of targets) assert.ok(MAHJONG_CATALOGUE.targetedDeck(target, 1), target);
    assert.equal(MAHJONG_CATALOGUE.targetedDeck('no-such-target', 1), undefined);
  });
  for (const rule of MAHJONG_CATALOGUE.rules) {
    test(`the deck built for ${rule.id} (seed 2) is valid and takes it`, () => {
      const analysis = analyzeMahjong(MAHJONG_CATALOGUE.targetedDeck(rule.id, 2)!);
      assert.deepEqual(analysis.problems, []);
      assert.ok((MAHJONG_CATALOGUE.ruleHits(analysis)!.get(rule.id) ?? 0) > 0);
    });
  }
  test('the same target and seed give the same deck, another seed another deck', () => {
    const built = (seed: number) => MAHJONG_CATALOGUE.targetedDeck('ron-intercepted', seed);
    assert.equal(built(5), built(5));
    assert.notEqual(built(5), built(6));
  });
});
