import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyzeCirno, renderCirnoTranscript } from '../../server/src/core/cirno';
import { CIRNO_CATALOGUE } from '../../server/src/core/cirno/catalogue';

const SEEDS = 20;

/** Whether the deck takes rule branch `target` or catches mistake `target`. */
function hitsTarget(text: string, target: string): boolean {
  const analysis = analyzeCirno(text);
  assert.deepEqual(analysis.problems, [], 'a targeted deck is valid and warns of nothing');
  assert.ok(analysis.game);
  if (CIRNO_CATALOGUE.rules.some((rule) => rule.id === target)) {
    return (CIRNO_CATALOGUE.ruleHits(analysis)!.get(target) ?? 0) > 0;
  }
  const variant = CIRNO_CATALOGUE.mistakeTranscript(analysis, target);
  return variant !== undefined && variant !== renderCirnoTranscript(analysis.game);
}

describe('⑨ targeted decks', () => {
  const targets = [...CIRNO_CATALOGUE.rules, ...CIRNO_CATALOGUE.mistakes].map((entry) => entry.id);
  for (const target of targets) {
    test(`${target}: every seed's deck hits it`, () => {
      const decks = new Set<string>();
      for (let seed = 0; seed < SEEDS; seed++) {
        const text = CIRNO_CATALOGUE.targetedDeck(target, seed);
        assert.ok(text !== undefined, `seed ${seed} gives a deck`);
        assert.ok(hitsTarget(text, target), `seed ${seed}:\n${text}`);
        decks.add(text);
      }
      assert.ok(decks.size > 1, 'seeds give other decks');
    });
  }

  test('no deck for an unknown target', () => {
    assert.equal(CIRNO_CATALOGUE.targetedDeck('no-such-rule', 0), undefined);
  });

  test('a deck is cut after the last card its game draws', () => {
    const text = CIRNO_CATALOGUE.targetedDeck('halve-negative-odd', 0)!;
    const game = analyzeCirno(text).game!;
    assert.equal(game.cardsDrawn, game.pileSize);
  });
});
