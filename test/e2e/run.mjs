#!/usr/bin/env node
// End-to-end tests of the extension in a REAL VS Code: code-server (VS Code 1.139 server + web
// workbench) driven by headless Debian chromium through playwright-core.
//
//   node test/e2e/run.mjs            (what `npm run test:e2e` calls; expects `npm run build` done)
//
// Phases:
//   1. install    scripts/e2e/install-debian-deps.sh, scripts/e2e/install-code-server.sh (cached)
//   neovim        the Neovim suite (out/test/editors/): docs/cli.md's init.lua in Debian's Neovim
//   2. package    the extension is packaged as a .vsix (packageVsix.mjs)
//   3. suite      the mocha suite in code-server's extension host (suite.mjs)
//   4. restricted the Restricted Mode suite (out/test/vscode/restricted/): workspace trust on,
//                 the workspace untrusted (suite.mjs with workspaceTrust)
//   5. walkthrough  a fresh code-server with the .vsix installed; a user's walk-through with
//                 playwright (walkthrough.mjs); screenshots in test-results/e2e/
//
// Environment overrides: see config.mjs.
import { readConfig } from './config.mjs';
import { countedPhase, message, runAndExit, startRun } from './lib/harness.mjs';
import { Timings, log } from './lib/log.mjs';
import { runNeovimSuite } from './neovim.mjs';
import { packageExtension } from './packageVsix.mjs';
import { runSuite } from './suite.mjs';

const cfg = readConfig();
const timings = new Timings();
/** @type {string[]} */
const failures = [];
// Tests counted over all phases, for the closing line `e2e: N passed, N failed`: mocha's tests,
// the walk-through's steps, and 1 failed for a phase that failed without counting (install,
// packaging, a suite that never finished).
/** @type {import('./config.mjs').Tally} */
const tally = { passed: 0, failed: 0 };

/** @type {import('./lib/harness.mjs').RunState} */
const state = { tally, failures, timings };

async function main() {
  const tStart = Date.now();
  // 1. install ------------------------------------------------------------------------------
  const { tmp, tools, playwright } = await startRun('e2e', cfg, timings);

  // The other editor: Neovim, as docs/cli.md sets it up ----------------------------------
  if (cfg.skipNeovim) {
    log('neovim suite skipped (DECK_SIM_E2E_SKIP_NEOVIM=1)');
  } else {
    await countedPhase(state, 'neovim: the documented config', () => runNeovimSuite(tally), 'neovim');
  }

  // 2. package (first, so that a `package` script's build also serves the suite) ---------
  let vsix = cfg.vsix;
  let packageFailed = false;
  if (!cfg.skipWalkthrough && !vsix) {
    const packaged = await countedPhase(state, 'package: .vsix', async () => {
      vsix = await packageExtension(cfg, tmp);
    }, 'package');
    packageFailed = !packaged;
  }

  // 3. integration suite --------------------------------------------------------------------
  if (cfg.skipSuite) {
    log('suite skipped (DECK_SIM_E2E_SKIP_SUITE=1)');
  } else {
    await countedPhase(state, 'suite: mocha in code-server', () => runSuite({ cfg, tools, tmp, playwright, tally }),
      'suite');
  }

  // 4. the Restricted Mode suite: trust on, no prompt, the workspace untrusted ------------------
  if (cfg.skipRestricted) {
    log('restricted suite skipped (DECK_SIM_E2E_SKIP_RESTRICTED=1)');
  } else {
    await countedPhase(state, 'restricted: mocha in an untrusted workspace', () => runSuite({
      cfg, tools, tmp, playwright, tally,
      name: 'restricted', testsPath: cfg.restrictedTestsPath, workspaceTrust: true,
    }), 'restricted');
  }

  // 5. walk through the packaged extension --------------------------------------------------
  if (cfg.skipWalkthrough) {
    log('walk-through skipped (DECK_SIM_E2E_SKIP_WALKTHROUGH=1)');
  } else if (packageFailed || !vsix) {
    log('walk-through skipped: packaging failed');
  } else {
    const packaged = vsix;
    try {
      const { runWalkthrough } = await import('./walkthrough.mjs');
      const { judgeSettings, judgeSteps, locateSteps } = await import('./walkthrough/judgeSteps.mjs');
      const { referenceSteps, testSetSteps } = await import('./walkthrough/testSetSteps.mjs');
      const result = await timings.phase('walkthrough: user steps', () => runWalkthrough({
        tools, tmp, playwright, vsix: packaged, resultsDir: cfg.resultsDir, timings,
        settings: judgeSettings(),
        finalSteps: [...judgeSteps(), ...locateSteps(), ...testSetSteps(), ...referenceSteps()],
      }));
      for (const f of result.failures) failures.push(`walkthrough: ${f}`);
      tally.passed += result.results.filter((r) => r.ok).length;
      tally.failed += result.results.filter((r) => !r.ok).length;
      if (result.failures.length) timings.markFailed('walkthrough: user steps');
    } catch (e) {
      tally.failed += 1;
      failures.push(`walkthrough: ${message(e)}`);
      log(`WALKTHROUGH FAILED: ${message(e)}`);
    }
  }

  timings.add('total', Date.now() - tStart, failures.length === 0);
}

await runAndExit('e2e', main, state);
