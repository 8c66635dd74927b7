import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAHJONG_DECK_MAKER } from '../../server/src/core/mahjong/deckMaker';
import {
  analyzeMahjong, mahjongDeckText, renderMahjongTranscript, shuffledMahjongDeck, simulateMahjong,
} from '../../server/src/core/mahjong';
import { MAHJONG_CATALOGUE } from '../../server/src/core/mahjong/catalogue';
import { REFERENCE_RULES, playVariant } from '../../server/src/core/mahjong/catalogue/variantEngine';
import { conformanceCases, sharedSkip } from '../helpers';

describe('Mahjong catalogue', () => {
  test('the second official solution\'s reading is a mistake', () => {
    assert.equal(MAHJONG_CATALOGUE.mistakes.find((m) => m.id === 'no-self-pong')?.description,
      'A discarder may not pong their own discard.');
  });
});

describe('the variant engine with no mistake', () => {
  test('prints the official transcripts', { skip: sharedSkip }, () => {
    const cases = conformanceCases('mahjong');
    assert.equal(cases.length, 50);
    for (const c of cases) {
      const game = analyzeMahjong(c.input).game;
      assert.ok(game, c.name);
      assert.equal(playVariant(game.deck, REFERENCE_RULES), c.expected, c.name);
    }
  });
  test('prints the engine\'s transcript for 3,000 shuffled decks', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const deck = shuffledMahjongDeck(seed);
      const expected = renderMahjongTranscript(simulateMahjong(deck).events);
      assert.equal(playVariant(deck, REFERENCE_RULES), expected, `seed ${seed}`);
    }
  });
  test('prints the engine\'s transcript for 3,000 decks of the stress generators', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const deck = MAHJONG_DECK_MAKER.generate(seed % MAHJONG_DECK_MAKER.generators.length, seed);
      const expected = renderMahjongTranscript(simulateMahjong(deck).events);
      assert.equal(playVariant(deck, REFERENCE_RULES), expected, `seed ${seed}`);
    }
  });
  test('mistakeTranscript is undefined for an unknown mistake or a deck with errors', () => {
    const deck = analyzeMahjong(mahjongDeckText(shuffledMahjongDeck(7)));
    assert.ok(deck.game);
    assert.equal(MAHJONG_CATALOGUE.mistakeTranscript(deck, 'no-such-mistake'), undefined);
    const broken = analyzeMahjong('1M\n2M\n');
    assert.equal(broken.game, undefined);
    assert.equal(MAHJONG_CATALOGUE.mistakeTranscript(broken, 'no-self-pong'), undefined);
    assert.equal(MAHJONG_CATALOGUE.ruleHits(broken), undefined);
  });
});
