import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeCirno, randomCirnoDeckText, renderCirnoTranscript } from '../../server/src/core/cirno';
import { CIRNO_RULES_AS_WRITTEN, variantTranscript } from '../../server/src/core/cirno/catalogue/variantEngine';
import { seededRandom } from '../../server/src/core/seededRandom';
import { CIRNO_DECK_MAKER } from '../../server/src/core/cirno/deckMaker';
import { conformanceCases, sharedSkip } from '../helpers';

/** Whether the variant engine with no override plays a valid deck as the real engine does. */
function playsAsReference(text: string): boolean | undefined {
  const analysis = analyzeCirno(text);
  if (!analysis.game) return undefined;
  return variantTranscript(analysis.deck!, CIRNO_RULES_AS_WRITTEN) === renderCirnoTranscript(analysis.game);
}

/** The labels of the decks (of those valid) the variant engine plays differently, and how many were valid. */
function differing(decks: Iterable<[string, string]>): { differ: string[]; valid: number } {
  const differ: string[] = [];
  let valid = 0;
  for (const [label, text] of decks) {
    const same = playsAsReference(text);
    if (same === undefined) continue;
    valid++;
    if (!same) differ.push(label);
  }
  return { differ, valid };
}

describe('⑨ variant engine with the rules as written', () => {
  test('plays the samples as the reference', { skip: sharedSkip }, () => {
    for (const { name, input, expected } of conformanceCases('cirno')) {
      assert.equal(variantTranscript(analyzeCirno(input).deck!, CIRNO_RULES_AS_WRITTEN), expected, name);
    }
  });

  test('plays 1,500 stress decks of every mix and size as the real engine', () => {
    function* decks(): Generator<[string, string]> {
      for (const [generator, name] of CIRNO_DECK_MAKER.generators.entries()) {
        for (let seed = 1; seed <= 300; seed++) {
          yield [`${name} ${seed}`, CIRNO_DECK_MAKER.text(CIRNO_DECK_MAKER.generate(generator, seed))];
        }
      }
    }
    const { differ, valid } = differing(decks());
    assert.deepEqual(differ, []);
    assert.equal(valid, 1_500, 'the stress generators keep only valid decks');
  });

  test('plays 1,500 random decks of 1-30 players as the real engine', () => {
    function* decks(): Generator<[string, string]> {
      for (let seed = 1; seed <= 1_500; seed++) {
        const random = seededRandom(seed);
        const n = 1 + Math.floor(random() ** 2 * 30);
        const m = 1 + Math.floor(random() * 6);
        yield [`random ${seed}`, randomCirnoDeckText(seed, n, m, 40 * n * m + 20)];
      }
    }
    const { differ, valid } = differing(decks());
    assert.deepEqual(differ, []);
    assert.ok(valid >= 1_000, `${valid} valid decks`);
  });

  test('a game whose pile runs out under the rules is not defined', () => {
    // Valid for the engine only because the loser's three draws are the last cards: with one
    // fewer card, the variant runs out exactly where the engine does.
    const deck = analyzeCirno('1 1 3\nX A99 A1 A1\nA99 A99 A99\n').deck!;
    assert.equal(variantTranscript(deck, CIRNO_RULES_AS_WRITTEN), undefined);
  });
});
