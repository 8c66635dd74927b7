import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultSettings, readSettings } from '../../server/src/protocol/settings';

describe('readSettings: the deckSim section as workspace/configuration answers it', () => {
  const cases: [string, unknown, Partial<ReturnType<typeof defaultSettings>>][] = [
    ['no section: every default', null, {}],
    ['nested keys are read', { hover: { pictures: false }, format: { pileCardsPerLine: 7 } },
      { 'hover.pictures': false, 'format.pileCardsPerLine': 7 }],
    ['a mistyped value keeps its default', { simulateOnSave: 'no', codeLens: { enabled: 0 } }, {}],
    ['a number below its minimum keeps its default', { format: { pileCardsPerLine: 0 } }, {}],
    ['a number above its maximum keeps its default', { format: { pileCardsPerLine: 1001 } }, {}],
    ['a fraction where a whole number is meant keeps its default', { format: { pileCardsPerLine: 2.5 } }, {}],
    ['the bounds themselves are taken', { format: { pileCardsPerLine: 1000 }, solution: { timeLimitMs: 1 } },
      { 'format.pileCardsPerLine': 1000, 'solution.timeLimitMs': 1 }],
  ];
  for (const [name, section, changed] of cases) {
    test(name, () => {
      assert.deepEqual(readSettings(section), { ...defaultSettings(), ...changed });
    });
  }
});
