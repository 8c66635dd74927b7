/// <reference lib="dom" />
// The Testing view with a wrong solution (issue 11): every deck is a test, "Run All Tests" runs
// the user's solution on them, and Test Results shows the failure's diff (expected | actual). Node only
// (test:e2e): the web build runs no solution. The expectations are data (JUDGE).
import path from 'node:path';
import { REPO } from '../config.mjs';
import { fail, matches, patience, until } from './checks.mjs';
import { log } from '../lib/log.mjs';

export const JUDGE = {
  // A solution that breaks the discard order's tie-break (test/cli/solutions/wrongTieBreak.ts).
  solution: path.join(REPO, 'out/test/cli/solutions/wrongTieBreak.js'),
  deck: 'sample.mjdeck',
  // Its first wrong line: C discards 5P where the judge discards Z (line 58 of official-01.ans).
  // The message's first words carry the point: Test Results shows only the start of its first line.
  results: [/Line 58: expected C OUT Z, got C OUT 5P/, 'C OUT Z', 'C OUT 5P'],
};

/** User settings for the walk-through's code-server: the solution the Testing view runs. */
export function judgeSettings() {
  return { 'deckSim.solution.command': `node ${JUDGE.solution}` };
}

/**
 * The step, or none when DECK_SIM_E2E_ONLY leaves the Mahjong deck out of the workspace.
 * @returns {import('./deckSteps.mjs').Step[]}
 */
export function judgeSteps(only = process.env.DECK_SIM_E2E_ONLY) {
  if (only && !only.split(',').includes('mahjong')) return [];
  return [{
    name: `judge: "Test: Run All Tests" with a wrong solution; ${JUDGE.deck} fails; Test Results shows the diff`,
    async run(wb) {
      const page = wb.page;
      await wb.runCommand('Testing: Focus on Test Explorer View');
      const rows = page.locator('.test-explorer-tree .monaco-list-row');
      await rows.first().waitFor({ state: 'visible', timeout: patience() });
      await wb.runCommand('Test: Run All Tests');
      /** @type {string[]} */
      let labels = [];
      await until(async () => {
        labels = await page.evaluate(() => [...document.querySelectorAll('.test-explorer-tree .monaco-list-row')]
          .map((r) => r.getAttribute('aria-label') || ''));
        return labels.some((l) => l.includes(JUDGE.deck) && /fail/i.test(l));
      }, {
        message: () => `no failed row for ${JUDGE.deck} in the Test Explorer: ${JSON.stringify(labels)}`,
      });
      for (const l of labels) log(`    test: ${l}`);
      await wb.screenshot('judge-test-explorer');
      // The Test Results panel (VS Code opens it on a failed run): the failed test, then its message's diff.
      const results = page.locator('.test-output-peek-tree .monaco-list-row');
      await results.filter({ hasText: JUDGE.deck }).first().click();
      await wb.key('ArrowRight'); // expand the test: its messages
      await results.filter({ hasText: JUDGE.results[1] }).or(results.filter({ hasText: 'wrong answer' })).first()
        .click().catch(() => {});
      const panel = page.locator('.part.panel').first();
      let text = '';
      await until(async () => {
        text = (await panel.innerText()).replace(/\s+/g, ' ');
        return JUDGE.results.every((p) => matches(text, p));
      }, {
        message: () => `Test Results shows ${JSON.stringify(text.slice(0, 600))}; `
          + `expected ${JUDGE.results.map(String)}`,
      });
      if (!text) fail('Test Results is empty');
      await wb.elementScreenshot('judge-test-results-diff', panel);
    },
  }];
}
