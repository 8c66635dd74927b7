/// <reference lib="dom" />
// A folder of decks as a test set (issues 21 and 23): "Audit Test Set" from the Explorer's
// context menu shows the report, the Testing view lists the mistakes as a group, the report's
// button writes the deck that catches a mistake, and "Export Problem Package" writes a package.
// The audit runs in the language server, so test:e2e and test:web both take these steps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { REPO } from '../config.mjs';
import { fail, patience, probe, until } from './checks.mjs';
import { FIXTURES } from './expected.mjs';
import { log } from '../lib/log.mjs';

export const TEST_SET = {
  folder: 'tests',
  /** Copied into the folder: the ⑨ walk-through deck. */
  deck: 'sample.cirnodeck',
  /** The first mistake the deck lets through, and the deck its button writes. */
  missing: 'halve-toward-zero',
  written: 'audit-01-halve-toward-zero',
  group: 'Test set: tests',
  packageFolder: 'package',
};

/** What the report must say: the last line of `deck-sim audit` on the same deck (exit 1: mistakes let through). */
function expectedSummary() {
  const audit = spawnSync(process.execPath, [path.join(REPO, 'bin', 'deck-sim.js'), 'audit', '--format', 'cirnodeck',
    path.join(FIXTURES, TEST_SET.deck)], { encoding: 'utf8' });
  const summary = audit.stdout.trimEnd().split('\n').pop() ?? '';
  if (!summary.startsWith('rules ')) fail(`deck-sim audit printed no summary: ${audit.stderr}`);
  return summary;
}

/**
 * The report webview's inner frame (the page with the summary), or null.
 * @param {import('playwright-core').Page} page
 */
async function reportFrame(page) {
  for (const frame of page.frames()) {
    if (await frame.$('#summary').catch(() => null)) return frame;
  }
  return null;
}

/** @param {import('playwright-core').Page} page */
async function summaryShown(page) {
  const frame = await reportFrame(page);
  return frame ? frame.evaluate(() => document.getElementById('summary')?.textContent ?? '') : null;
}

/**
 * Right-clicks the folder in the Explorer and picks a command of its context menu.
 * @param {import('./workbench.mjs').Workbench} wb
 * @param {string} folder
 * @param {string} item the menu entry
 */
async function folderMenu(wb, folder, item) {
  const page = wb.page;
  // The folder's own row (a row merely containing its name can be another, hidden one).
  const row = page.locator('.explorer-folders-view').getByRole('treeitem', { name: folder, exact: true });
  if (!(await row.isVisible())) await wb.runCommand('View: Show Explorer');
  // The Explorer's file watcher shows a folder made on disk by itself.
  await until(() => row.isVisible(), { message: `"${folder}" is not in the Explorer` });
  const menu = page.locator('.monaco-menu');
  const entry = menu.locator('.action-item', { hasText: item }).first();
  // Taken when the menu closes: a click on a menu still settling can be lost, so it is given
  // again (the highlighted entry and Enter) after growing waits.
  let attempt = 0;
  await until(async () => {
    if (attempt > 0 && !(await menu.isVisible())) return true;
    if (!(await entry.isVisible())) await row.click({ button: 'right' });
    await entry.waitFor({ state: 'visible', timeout: patience() });
    if (attempt === 0) await entry.click();
    else {
      await entry.hover();
      await wb.key('Enter');
    }
    return menu.waitFor({ state: 'hidden', timeout: probe(attempt++) }).then(() => true, () => false);
  }, { interval: 100, message: `the Explorer's "${item}" on ${folder}/ was not taken` });
}

/** @returns {import('./deckSteps.mjs').Step[]} */
export function testSetSteps(only = process.env.DECK_SIM_E2E_ONLY) {
  if (only && !only.split(',').includes('cirno')) return [];
  const t = TEST_SET;
  return [{
    name: `audit: Explorer, right-click ${t.folder}/, "Audit Test Set"; the report shows deck-sim audit's summary`,
    async run(wb, { workspace }) {
      const summary = expectedSummary();
      await fsp.mkdir(path.join(workspace, t.folder), { recursive: true });
      await fsp.copyFile(path.join(FIXTURES, t.deck), path.join(workspace, t.folder, t.deck));
      await folderMenu(wb, t.folder, 'Audit Test Set');
      await until(async () => (await summaryShown(wb.page)) === summary, {
        message: async () => `the report shows ${JSON.stringify(await summaryShown(wb.page))}, expected "${summary}"`,
      });
      const frame = await reportFrame(wb.page);
      if (!frame) fail('the report is gone');
      const row = await frame.evaluate(
        (id) => document.querySelector(`tr[data-mistake="${id}"]`)?.textContent, t.missing,
      );
      if (!row?.includes('Write a deck that catches it')) fail(`the row of ${t.missing} offers no deck: ${row}`);
      await wb.screenshot('audit-report');
    },
  }, {
    name: `audit: the Testing view lists "${t.group}" with the mistakes, caught ones passed`,
    async run(wb) {
      const page = wb.page;
      await wb.runCommand('Testing: Focus on Test Explorer View');
      const rows = page.locator('.test-explorer-tree .monaco-list-row');
      const labels = () => page.evaluate(() => [...document.querySelectorAll('.test-explorer-tree .monaco-list-row')]
        .map((r) => r.getAttribute('aria-label') || ''));
      /** @type {string[]} */
      let seen = [];
      await until(async () => {
        seen = await labels();
        const mistakes = seen.filter((l) => l.includes(`${t.missing}:`));
        if (mistakes.length > 0) return true;
        // Expand the controller's root and the group, whichever is shown collapsed.
        for (const name of ['Test Set Audit', t.group]) {
          const row = rows.filter({ hasText: name }).first();
          if (await row.isVisible() && (await row.getAttribute('aria-expanded')) === 'false') {
            await row.click();
            await wb.key('ArrowRight');
          }
        }
        return false;
      }, { message: () => `no mistake rows in the Test Explorer: ${JSON.stringify(seen)}` });
      for (const l of seen) log(`    test: ${l}`);
      if (!seen.some((l) => l.includes(t.missing) && /fail/i.test(l))) fail(`${t.missing} is not shown failed`);
      const caught = seen.find((l) => l.startsWith('plain-turn-before-pass:'));
      if (!caught || /fail/i.test(caught)) fail(`plain-turn-before-pass, which the deck catches, shows "${caught}"`);
      await wb.screenshot('audit-testing-view');
    },
  }, {
    name: `audit: the report's "Write a deck that catches it" for ${t.missing} writes ${t.written}.in/.ans/.desc`,
    async run(wb, { workspace }) {
      await until(async () => (await summaryShown(wb.page)) !== null, { message: 'no report shown' });
      const frame = await reportFrame(wb.page);
      if (!frame) fail('the report is gone');
      await frame.locator(`tr[data-mistake="${t.missing}"] a.write`).click();
      const dir = path.join(workspace, t.folder);
      await until(async () => ['.in', '.ans', '.desc'].every((end) => fs.existsSync(path.join(dir, t.written + end))), {
        message: () => `the folder holds ${JSON.stringify(fs.readdirSync(dir))}`,
      });
      /** @type {string | null | undefined} */
      let row = null;
      await until(async () => {
        const now = await reportFrame(wb.page);
        row = await now?.evaluate((id) => document.querySelector(`tr[data-mistake="${id}"]`)?.textContent, t.missing);
        return row?.includes(`caught by ${t.written}.in`) ?? false;
      }, { message: () => `the refreshed report's row: ${row}` });
      await wb.screenshot('audit-report-after-writing');
    },
  }, {
    name: `package: right-click ${t.folder}/, "Export Problem Package" into ${t.packageFolder}/`,
    async run(wb, { workspace }) {
      const out = path.join(workspace, t.packageFolder);
      await fsp.mkdir(out, { recursive: true });
      await folderMenu(wb, t.folder, 'Export Problem Package');
      // The folder dialog (code-server's own, a quick input with a path): type the folder, accept
      // it. The dialog writes its own path into the box once it has read the folder, which can
      // come after ours: enterUntil types ours again whenever the box holds another.
      const input = wb.page.locator('.quick-input-widget .quick-input-box input');
      await input.waitFor({ state: 'visible', timeout: patience() });
      const samples = wb.page.locator('.quick-input-widget', { hasText: 'Sample decks of the package' });
      const dialog = wb.page.locator('.monaco-dialog-box');
      await wb.enterUntil(`${out}/`, async () => {
        if (await dialog.isVisible()) fail(`a dialog asks: ${await dialog.innerText()}`);
        return samples.isVisible();
      }, 'the folder dialog did not give way to the sample decks\' question');
      await wb.key('Enter'); // no samples: every deck is secret
      const validator = path.join(out, 'input_validators', 'deck', 'validate.js');
      await until(async () => fs.existsSync(validator), {
        message: () => `${t.packageFolder}/ holds ${JSON.stringify(fs.readdirSync(out))}`,
      });
      const text = await fsp.readFile(validator, 'utf8');
      if (!text.endsWith('\nmodule.exports.runValidator("cirno");\n')) fail('validate.js ends without its call line');
      for (const file of ['problem.yaml', 'data/secret/sample.in', 'data/secret/sample.ans',
        `data/secret/${t.written}.in`, `data/secret/${t.written}.desc`]) {
        if (!fs.existsSync(path.join(out, file))) fail(`${t.packageFolder}/${file} was not written`);
      }
      await wb.screenshot('package-exported');
    },
  }];
}

/** The reference's mutants (issue 28): a setter's Python reference of the ⑨ game, set in the workspace's settings. */
export const REFERENCE = {
  /** Copied into the workspace, and named relative to it by deckSim.audit.reference. */
  source: 'reference/cirno.py',
  /** A mutant the walk-through deck lets through: the loser's new hand of 2 cards, not 3. */
  survivor: '91:31:const-1',
};

/**
 * Audit Test Set with deckSim.audit.reference set: the report's mutation score and the surviving
 * mutants. Desktop only (the bundled CLI runs the mutants), so only test:e2e takes it.
 * @returns {import('./deckSteps.mjs').Step[]}
 */
export function referenceSteps(only = process.env.DECK_SIM_E2E_ONLY) {
  if (only && !only.split(',').includes('cirno')) return [];
  const t = TEST_SET;
  return [{
    name: `audit: with deckSim.audit.reference, "Audit Test Set" on ${t.folder}/ lists the reference's survivors`,
    // The reference's 361 mutants run on the set: about 3 minutes from a cold cache on a loaded machine.
    limitMs: 600_000,
    async run(wb, { workspace }) {
      const page = wb.page;
      await fsp.mkdir(path.join(workspace, path.dirname(REFERENCE.source)), { recursive: true });
      const source = path.join(REPO, 'test/vscode/fixtures', REFERENCE.source);
      await fsp.copyFile(source, path.join(workspace, REFERENCE.source));
      await fsp.mkdir(path.join(workspace, '.vscode'), { recursive: true });
      await fsp.writeFile(path.join(workspace, '.vscode', 'settings.json'),
        JSON.stringify({ 'deckSim.audit.reference': REFERENCE.source }, null, 2));
      // The settings file is read by VS Code's file watcher: an audit that began before it is
      // given again once it is over (no progress notification left), a few seconds apart.
      const busy = page.locator('.notifications-toasts .notification-toast', { hasText: /Auditing|mutants of/ });
      let started = 0;
      /** @type {number | undefined} */
      let idleSince;
      // Read in one go, once no audit runs: a second audit's report draws the page again, and a
      // frame read while it is replaced is detached (then read again). An audit is given again
      // only after 5 s without a progress notification: one audit's two notifications (the decks,
      // then the mutants) leave a moment between them with none.
      const shown = await until(async () => {
        const frame = await reportFrame(page);
        const report = frame && await frame.evaluate((id) => ({
          error: document.getElementById('reference-error')?.textContent,
          score: document.getElementById('reference-score')?.textContent,
          row: document.querySelector(`tr[data-mutant="${id}"]`)?.textContent,
        }), REFERENCE.survivor);
        const idle = !(await busy.isVisible());
        if (report && (report.error || report.score) && idle) return report;
        idleSince = idle ? idleSince ?? Date.now() : undefined;
        const settled = idleSince !== undefined && (started === 0 || Date.now() - idleSince > 5_000);
        if (Date.now() - started > 15_000 && settled) {
          await folderMenu(wb, t.folder, 'Audit Test Set');
          started = Date.now();
          idleSince = undefined;
        }
        return undefined;
      }, {
        interval: 1000,
        message: async () => {
          const frame = await reportFrame(page);
          const error = await frame?.evaluate(() => document.getElementById('reference-error')?.textContent);
          const toasts = await page.locator('.notifications-toasts').innerText({ timeout: 2000 }).catch(() => '');
          return `the report shows no mutants of the reference (its error: ${error}; notifications: ${toasts})`;
        },
      });
      if (shown.error) fail(`the reference's mutants did not run: ${shown.error}`);
      const score = shown.score ?? '';
      if (!/^mutation score \d+\.\d% \(\d+ of \d+ killed\)$/.test(score)) fail(`the score reads "${score}"`);
      if (shown.row !== '91:31const-13 → 2survivedShow Write a deck that kills it') {
        fail(`the row of ${REFERENCE.survivor} reads ${JSON.stringify(shown.row)}`);
      }
      log(`    ${score}`);
      await until(async () => {
        const frame = await reportFrame(page);
        await frame?.locator('#mutants').scrollIntoViewIfNeeded({ timeout: 2000 });
        return frame !== null;
      }, { message: 'the table of mutants did not scroll into view' });
      await wb.screenshot('audit-reference-mutants');
    },
  }];
}
