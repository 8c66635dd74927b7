/// <reference lib="dom" />
// The Testing view with a wrong solution (issue 11): every deck is a test, "Run All Tests" runs
// the user's solution on them, and Test Results shows the failure's diff (expected | actual).
// Locate the Mistake (issue 29) on a wrong C++ solution of the ⑨ game: the heat map with its
// hover, the repair's diff, Apply and Undo. Node only (test:e2e): the web build runs no
// solution. The expectations are data (JUDGE, LOCATE).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../config.mjs';
import { fail, matches, patience, until } from './checks.mjs';
import { log } from '../lib/log.mjs';
import { onCleanup } from '../lib/processes.mjs';

export const JUDGE = {
  // A solution that breaks the discard order's tie-break (test/cli/solutions/wrongTieBreak.ts).
  solution: path.join(REPO, 'out/test/cli/solutions/wrongTieBreak.js'),
  deck: 'sample.mjdeck',
  // Its first wrong line: C discards 5P where the judge discards Z (line 58 of official-01.ans).
  // The message's first words carry the point: Test Results shows only the start of its first line.
  results: [/Line 58: expected C OUT Z, got C OUT 5P/, 'C OUT Z', 'C OUT 5P'],
};

export const LOCATE = {
  /** The ⑨ game's public reference (never copied into the project: planted in a temporary copy). */
  reference: path.join(REPO, '..', 'shared', 'references', 'cirno_ref.cpp'),
  /** One token changed: line 53 multiplies where it divides. */
  line: 53,
  right: 'floor(1.0 * p / num)',
  wrong: 'floor(1.0 * p * num)',
  deck: 'sample.cirnodeck',
  /** The deck picker's placeholder (locateCommand.ts). */
  picker: 'A deck your solution fails',
  /** The hover of the planted line, the hottest. */
  hover: /Suspiciousness 1\.00: executed by (\d+) of \1 failing runs and 0 of \d+ passing runs/,
  /** The hot band's background (locateCommand.ts), as the editor paints it. */
  hotBackground: 'rgba(229, 57, 53, 0.18)',
};

/** The planted copy of the reference, made once per walk-through; undefined without ../shared. */
/** @type {string | undefined} */
let plantedSource;

function plantedCopy() {
  if (plantedSource !== undefined || !fs.existsSync(LOCATE.reference)) return plantedSource;
  const lines = fs.readFileSync(LOCATE.reference, 'utf8').split('\n');
  if (!lines[LOCATE.line - 1]?.includes(LOCATE.right)) fail(`line ${LOCATE.line} of the reference changed`);
  lines[LOCATE.line - 1] = lines[LOCATE.line - 1].replace(LOCATE.right, LOCATE.wrong);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deck-sim-e2e-locate-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  plantedSource = path.join(dir, 'sol.cpp');
  fs.writeFileSync(plantedSource, lines.join('\n'));
  return plantedSource;
}

/**
 * User settings for the walk-through's code-server: the solution the Testing view runs, and the
 * source Locate the Mistake reads, with small budgets (a run of well under a minute).
 */
export function judgeSettings() {
  const source = plantedCopy();
  return {
    'deckSim.solution.command': `node ${JUDGE.solution}`,
    ...(source ? {
      'deckSim.solution.source': source,
      'deckSim.locate.mutants': 40,
      'deckSim.locate.stressDecks': 100,
      'deckSim.locate.repairDecks': 50,
    } : {}),
  };
}

/**
 * The text of the active editor's rendered line holding `part`, spaces as spaces, or null.
 * @param {import('playwright-core').Page} page
 * @param {string} part
 */
async function shownLine(page, part) {
  const texts = await page.locator('.editor-group-container.active .monaco-editor .view-line').allInnerTexts();
  return texts.map((text) => text.replace(/\u00a0/g, ' ')).find((text) => text.includes(part)) ?? null;
}

/**
 * The walk-through's Locate the Mistake, or none when DECK_SIM_E2E_ONLY leaves the ⑨ deck out
 * or ../shared (the reference) is missing.
 * @returns {import('./deckSteps.mjs').Step[]}
 */
export function locateSteps(only = process.env.DECK_SIM_E2E_ONLY) {
  if ((only && !only.split(',').includes('cirno')) || !plantedCopy()) return [];
  return [{
    name: `locate: "Locate the Mistake" on ${LOCATE.deck}; the heat map with its hover; the repair's diff; Apply, Undo`,
    async run(wb) {
      const page = wb.page;
      await wb.openFromExplorer(LOCATE.deck);
      await wb.runCommand('Deck Simulator: Locate the Mistake');
      // The deck picker lists the active deck first. It opens some time after the palette closes:
      // until it has shown, "no quick input" would not mean the deck was picked.
      await until(() => wb.quickInputAsks(LOCATE.picker), {
        message: async () => `the deck picker did not open; the box holds ${await wb.quickInputValue()}`,
      });
      await wb.enterUntil(LOCATE.deck, async () => !(await wb.quickInputAsks(LOCATE.picker)), 'picking the deck');
      const started = Date.now();
      await until(async () => (await wb.activeTabLabel())?.includes(`repair at line ${LOCATE.line}`), {
        message: async () => `no repair diff opened (active tab: ${await wb.activeTabLabel()})`,
      });
      log(`    Locate the Mistake: the repair's diff after ${((Date.now() - started) / 1000).toFixed(1)} s`);

      // The heat map: the source's own tab, its planted line tinted red, a hover with the counts.
      await page.locator('.tabs-container .tab').filter({ hasText: /^sol\.cpp$/ }).first().click();
      await until(async () => (await shownLine(page, LOCATE.wrong)) !== null, {
        message: 'the source with the planted line did not show',
      });
      await until(() => page.evaluate((colour) => [...document.querySelectorAll(
        '.editor-group-container.active .monaco-editor .view-overlays div')]
        .some((el) => getComputedStyle(el).backgroundColor === colour), LOCATE.hotBackground), {
        message: 'no line of the source is tinted as hot',
      });
      const hover = page.locator('.monaco-hover').filter({ hasText: 'Suspiciousness' });
      await until(async () => {
        await page.locator('.editor-group-container.active .view-line').filter({ hasText: 'floor(1.0' }).first()
          .hover({ position: { x: 120, y: 4 } });
        return hover.isVisible();
      }, { message: 'no hover with the counts over the planted line' });
      const hoverText = (await hover.innerText()).replace(/\s+/g, ' ');
      if (!LOCATE.hover.test(hoverText)) fail(`the hover says ${JSON.stringify(hoverText)}`);
      await wb.screenshot('locate-heat-map');

      // The repair's diff, and its Apply the Repair in the title bar: an edit of the open source.
      await page.mouse.move(0, 0);
      await page.locator('.tabs-container .tab').filter({ hasText: 'repair at line' }).first().click();
      const diff = page.locator('.editor-group-container.active .monaco-diff-editor');
      await diff.waitFor({ state: 'visible', timeout: patience() });
      await wb.elementScreenshot('locate-repair-diff', page.locator('.part.editor'));
      await page.locator('.editor-group-container.active .editor-actions [aria-label*="Apply the Repair"]').click();
      await until(async () => (await wb.activeTabLabel()) === 'sol.cpp'
        && (await shownLine(page, LOCATE.right)) !== null, { message: 'the repair was not applied to the source' });
      await wb.screenshot('locate-repair-applied');
      await wb.key('Control+z');
      await until(async () => (await shownLine(page, LOCATE.wrong)) !== null, {
        message: 'Undo did not bring the planted line back',
      });
      await wb.runCommand('File: Revert File');
    },
  }];
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
