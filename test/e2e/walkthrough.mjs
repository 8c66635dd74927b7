// A user's walk-through of the packaged extension in code-server, with playwright.
// Imported by run.mjs (phase "walkthrough"); can also run alone:
//   DECK_SIM_E2E_VSIX=path/to.vsix node test/e2e/walkthrough.mjs
//
// What the extension is expected to show is data: walkthrough/expected.mjs and one file per
// deck kind (walkthrough/mahjong.mjs, walkthrough/cirno.mjs). The steps are built from it in
// walkthrough/deckSteps.mjs; walkthrough/workbench.mjs is what a user does in the workbench.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO, resultsDir as defaultResultsDir } from './config.mjs';
import { launchChromium, loadPlaywright } from './lib/chromium.mjs';
import { installCodeServer, installVsix, startCodeServer, workbenchUrl } from './lib/codeServer.mjs';
import { Timings, log } from './lib/log.mjs';
import { cleanupAll, installSignalHandlers, onCleanup, withTimeout } from './lib/processes.mjs';
import { STEP_LIMIT_MS, StepFailure, describeDiff, fail, startStepClock } from './walkthrough/checks.mjs';
import { deckSteps } from './walkthrough/deckSteps.mjs';
import { DECKS, FIXTURES } from './walkthrough/expected.mjs';
import { Workbench } from './walkthrough/workbench.mjs';

/**
 * @typedef {{ name: string, ok: boolean, ms: number, error?: string, screenshot: string }} StepResult
 */

/**
 * Installs the .vsix into a fresh code-server, opens a workspace of the decks' fixtures and
 * runs every step; a failed step does not stop the next ones.
 * @param {object} o
 * @param {import('./lib/codeServer.mjs').Tools} o.tools
 * @param {string} o.tmp
 * @param {import('./lib/chromium.mjs').Playwright} o.playwright
 * @param {string} o.vsix
 * @param {string} o.resultsDir
 * @param {Timings} [o.timings]
 * @param {Record<string, unknown>} [o.settings] user settings for code-server (test:web's extension kind)
 * @param {import('./walkthrough/deckSteps.mjs').Step[]} [o.finalSteps] steps after the decks' (test:web's)
 * @returns {Promise<{ failures: string[], results: StepResult[] }>}
 */
export async function runWalkthrough({
  tools, tmp, playwright, vsix, resultsDir, timings = new Timings(), settings = {}, finalSteps = [],
}) {
  const only = process.env.DECK_SIM_E2E_ONLY;
  const decks = only ? DECKS.filter((d) => only.split(',').includes(d.name)) : DECKS;
  const dir = path.join(tmp, 'walkthrough');
  const workspace = path.join(dir, 'workspace');
  await fsp.mkdir(workspace, { recursive: true });
  for (const d of decks) {
    for (const f of d.workspaceFiles) {
      const src = path.join(FIXTURES, f);
      if (!fs.existsSync(src)) throw new Error(`fixture missing: ${path.relative(process.cwd(), src)}`);
      await fsp.copyFile(src, path.join(workspace, f));
    }
  }
  await fsp.mkdir(resultsDir, { recursive: true });

  await timings.phase('walkthrough: install .vsix', () => installVsix({ tools, vsix, dir }));
  const cs = await startCodeServer({
    tools, dir, folder: workspace, name: 'code-server-walkthrough', extraSettings: settings,
    logFile: path.join(resultsDir, 'code-server-walkthrough.log'),
  });
  onCleanup(cs.stop);
  const chrome = await launchChromium({
    playwright, profileDir: path.join(dir, 'chromium-profile'), name: 'chromium-walkthrough',
    logFile: path.join(resultsDir, 'chromium-walkthrough.log'),
  });
  onCleanup(chrome.stop);

  /** @type {string[]} */
  const failures = [];
  /** @type {StepResult[]} */
  const results = [];
  try {
    const context = await chrome.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: cs.baseUrl });
    const page = await context.newPage();
    const throttle = Number(process.env.DECK_SIM_E2E_CPU_THROTTLE || 1);
    if (throttle > 1) {
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
      log(`walkthrough: the page's CPU is throttled ${throttle} times`);
    }
    // Clicks, fills and page loads wait for their element as long as a step may take.
    page.setDefaultTimeout(STEP_LIMIT_MS);
    const wb = new Workbench(page, { workspace, resultsDir });
    const ctx = { workspace, baseUrl: cs.baseUrl };

    /** @type {import('./walkthrough/deckSteps.mjs').Step[]} */
    const steps = [
      {
        name: 'open the workspace in code-server; the extension is installed',
        async run() {
          await page.goto(workbenchUrl(cs.baseUrl, cs.port, workspace));
          await wb.waitForWorkbench();
        },
      },
      ...decks.flatMap(deckSteps),
      ...finalSteps,
      {
        // Nothing saved them, so no save ran while the extension host started (see codeServer.mjs).
        name: 'the user settings are as the harness wrote them: the workbench rewrote none',
        async run() {
          const now = await fsp.readFile(cs.settingsFile, 'utf8');
          if (now !== cs.settingsText) fail(`settings.json was rewritten: ${describeDiff(cs.settingsText, now)}`);
        },
      },
    ];

    for (const step of steps) {
      const t0 = Date.now();
      /** @type {Error | null} */
      let error = null;
      try {
        // Each wait of the step ends at the step's limit with its own message; this is the net under them.
        const limit = step.limitMs ?? STEP_LIMIT_MS;
        startStepClock(limit);
        await withTimeout(step.run(wb, ctx), limit + 30_000, step.name);
      } catch (e) {
        error = /** @type {Error} */ (e);
      }
      const ms = Date.now() - t0;
      const shot = await wb.screenshot(step.name);
      const screenshot = path.relative(resultsDir, shot);
      results.push({ name: step.name, ok: !error, ms, error: error?.message, screenshot });
      const seconds = (ms / 1000).toFixed(1);
      if (error) {
        log(`  ✗ ${step.name} (${seconds} s)\n      ${error instanceof StepFailure ? error.message : error.stack}`);
        failures.push(`${step.name}: ${error.message.split('\n')[0]}`);
        // Tidy up for the next step: close menus, pickers, hovers.
        for (let i = 0; i < 3; i++) await page.keyboard.press('Escape').catch(() => {});
        if (step === steps[0]) break; // without a workbench nothing else can run
      } else {
        log(`  ✓ ${step.name} (${seconds} s)`);
      }
    }
  } finally {
    await fsp.writeFile(path.join(resultsDir, 'walkthrough.json'), JSON.stringify(results, null, 2));
    await chrome.stop();
    await cs.stop();
  }
  const passed = results.filter((r) => r.ok).length;
  const where = path.relative(process.cwd(), resultsDir) || resultsDir;
  log(`walkthrough: ${passed} passed, ${results.length - passed} failed (screenshots in ${where})`);
  return { failures, results };
}

// Standalone: node test/e2e/walkthrough.mjs (needs DECK_SIM_E2E_VSIX and an installed code-server)
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  installSignalHandlers();
  let code = 1;
  try {
    if (!process.env.DECK_SIM_E2E_VSIX) throw new Error('set DECK_SIM_E2E_VSIX (or use test/e2e/run.mjs)');
    const tools = await installCodeServer(REPO, { capture: true });
    const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'deck-sim-e2e-'));
    onCleanup(() => fsp.rm(tmp, { recursive: true, force: true }));
    const r = await runWalkthrough({
      tools, tmp, playwright: await loadPlaywright(REPO), vsix: path.resolve(process.env.DECK_SIM_E2E_VSIX),
      resultsDir: defaultResultsDir(),
    });
    code = r.failures.length ? 1 : 0;
  } catch (e) {
    log(`ERROR: ${e instanceof Error ? e.stack || e.message : e}`);
  } finally {
    await cleanupAll();
  }
  process.exit(code);
}
