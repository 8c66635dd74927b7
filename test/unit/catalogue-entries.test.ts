/** Every game's catalogue: its rule branches and likely mistakes are well-formed entries. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GAMES } from '../../server/src/core/gameRegistry';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** One sentence: a capital first, one full stop at the end and none inside. */
const ONE_SENTENCE = /^[A-Z][^.]*\.$/;
/** The least each game must list (issue 21): rule branches, then mistakes. */
const LEAST: Record<keyof typeof GAMES, [number, number]> = { mahjong: [25, 15], cirno: [15, 10] };

for (const [id, game] of Object.entries(GAMES) as [keyof typeof GAMES, (typeof GAMES)[keyof typeof GAMES]][]) {
  describe(`${game.name} catalogue entries`, () => {
    const catalogue = game.catalogue();
    const [leastRules, leastMistakes] = LEAST[id];
    for (const [name, list, least] of [
      ['rules', catalogue.rules, leastRules], ['mistakes', catalogue.mistakes, leastMistakes],
    ] as const) {
      test(`${name}: at least ${least}, ids unique and kebab-case, one sentence each`, () => {
        assert.ok(list.length >= least, `${list.length} ${name}`);
        assert.equal(new Set(list.map((entry) => entry.id)).size, list.length);
        for (const entry of list) {
          assert.match(entry.id, KEBAB);
          assert.match(entry.description, ONE_SENTENCE, entry.id);
          assert.doesNotMatch(entry.description.slice(0, -1), /[.!?] /, `${entry.id}: one sentence`);
        }
      });
    }
    test('rule and mistake ids do not overlap (a target names one of them)', () => {
      const rules = new Set(catalogue.rules.map((rule) => rule.id));
      assert.deepEqual(catalogue.mistakes.filter((mistake) => rules.has(mistake.id)), []);
    });
  });
}
