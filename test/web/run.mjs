#!/usr/bin/env node
// The browser build tested in a real browser: the extension's web entry (package.json
// `browser`) in VS Code's WEB WORKER extension host, in code-server's web workbench, driven by
// headless Debian chromium through playwright-core. The e2e harness's code-server, chromium and
// suite runner (test/e2e/), with one difference: the user setting
// `remote.extensionKind: { "<our id>": ["web"] }` makes the workbench run the extension in its
// web worker extension host instead of code-server's Node one (see test/e2e/README.md).
//
//   node test/web/run.mjs            (what `npm run test:web` calls; expects `npm run build` done)
//
// Phases:
//   1. install      the e2e install scripts (cached: nothing to do after test:e2e)
//   2. package      the .vsix for the walk-through
//   3. bundle       the web suite (test/web/suite/) into out/test/web/suite.js (bundleSuite.mjs)
//   4. suite        that bundle in the web worker extension host; the first tests prove where it runs
//   5. walkthrough  the e2e walk-through on the .vsix, run in the web worker; screenshots in
//                   test-results/web/
//
// Environment: DECK_SIM_WEB_RESULTS_DIR (default test-results/web), DECK_SIM_WEB_SKIP_WALKTHROUGH=1,
// and the e2e knobs that make sense here (DECK_SIM_E2E_SKIP_DEBIAN, _CACHE, _CHROMIUM, _TIMEOUT,
// _KEEP_TMP, _VSIX, _ONLY; see test/e2e/config.mjs).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { REPO, readConfig } from '../e2e/config.mjs';
import { countedPhase, runAndExit, startRun } from '../e2e/lib/harness.mjs';
import { Timings, log, setLogPrefix } from '../e2e/lib/log.mjs';
import { packageExtension } from '../e2e/packageVsix.mjs';
import { SuiteError, runSuite } from '../e2e/suite.mjs';
import { WEB_SUITE, bundleWebSuite } from './bundleSuite.mjs';
import { testSetSteps } from '../e2e/walkthrough/testSetSteps.mjs';
import { webSteps } from './webSteps.mjs';

setLogPrefix('[web]');
const cfg = readConfig(process.env, {
  testsPath: WEB_SUITE,
  resultsDir: path.resolve(process.env.DECK_SIM_WEB_RESULTS_DIR || path.join(REPO, 'test-results/web')),
});
const skipWalkthrough = process.env.DECK_SIM_WEB_SKIP_WALKTHROUGH === '1';
const timings = new Timings();
/** @type {string[]} */
const failures = [];
/** @type {import('../e2e/config.mjs').Tally} */
const tally = { passed: 0, failed: 0 };

/** The extension's id, checked to have a web entry. */
async function webExtensionId() {
  const pkg = JSON.parse(await fsp.readFile(path.join(cfg.extensionPath, 'package.json'), 'utf8'));
  if (!pkg.browser) throw new Error('package.json has no `browser` entry: there is no web extension to test');
  return `${pkg.publisher}.${pkg.name}`;
}

/** @type {import('../e2e/lib/harness.mjs').RunState} */
const state = { tally, failures, timings };
const counted = (/** @type {string} */ name, /** @type {() => Promise<unknown>} */ work) =>
  countedPhase(state, name, work);

async function main() {
  const tStart = Date.now();
  const { tmp, tools, playwright } = await startRun('web', cfg, timings);
  const extensionId = await webExtensionId();
  // The user setting that puts the extension in the web worker extension host.
  const settings = { 'remote.extensionKind': { [extensionId]: ['web'] } };

  let vsix = cfg.vsix;
  if (!skipWalkthrough && !vsix) {
    await counted('package: .vsix', async () => { vsix = await packageExtension(cfg, tmp); });
  }
  // After packaging, whose build would not remove it but could be older.
  if (await counted('bundle: web suite', bundleWebSuite)) {
    await counted('suite: mocha in the web worker extension host', () =>
      runSuite({ cfg, tools, tmp, playwright, tally, settings }));
  }

  if (skipWalkthrough) {
    log('walk-through skipped (DECK_SIM_WEB_SKIP_WALKTHROUGH=1)');
  } else if (vsix) {
    const packaged = vsix;
    await counted('walkthrough: user steps in the web worker', async () => {
      const { runWalkthrough } = await import('../e2e/walkthrough.mjs');
      const result = await runWalkthrough({
        tools, tmp, playwright, vsix: packaged, resultsDir: cfg.resultsDir, timings, settings,
        finalSteps: [...webSteps(extensionId), ...testSetSteps()],
      });
      tally.passed += result.results.filter((r) => r.ok).length;
      tally.failed += result.results.filter((r) => !r.ok).length;
      if (result.failures.length) {
        throw new SuiteError(`${result.failures.length} step(s) failed: ${result.failures.join('; ')}`, true);
      }
    });
  }
  timings.add('total', Date.now() - tStart, failures.length === 0);
}

await runAndExit('web', main, state);
