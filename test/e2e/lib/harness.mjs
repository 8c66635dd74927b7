// What every harness run shares (test:e2e, test:web): its start (a clean results folder, a temp
// folder ended with the run, the Debian packages, code-server and playwright) and its end (a
// phase that threw counted as one failure, every process ended, the timings, the failures and
// the closing line `NAME: N passed, N failed` that CI reads, the exit status).
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../config.mjs';
import { loadPlaywright } from './chromium.mjs';
import { installCodeServer } from './codeServer.mjs';
import { log } from './log.mjs';
import { cleanupAll, installSignalHandlers, onCleanup, run } from './processes.mjs';
import { SuiteError } from '../suite.mjs';

/**
 * What a run's phases count: its tests passed and failed, the failures' words, the timings.
 * @typedef {{ tally: import('../config.mjs').Tally, failures: string[],
 *   timings: import('./log.mjs').Timings }} RunState
 */

/** A failure's message, whatever was thrown. */
export const message = (/** @type {unknown} */ e) => (e instanceof Error ? e.message : String(e));

/**
 * The start of a run: signal handlers, an empty results folder, a temp folder (removed at the
 * end unless kept), then what the run needs installed.
 * @param {string} name the run's name: `e2e`, `web` (the temp folder's prefix)
 * @param {import('../config.mjs').E2eConfig} cfg
 * @param {import('./log.mjs').Timings} timings
 */
export async function startRun(name, cfg, timings) {
  installSignalHandlers();
  await fsp.rm(cfg.resultsDir, { recursive: true, force: true });
  await fsp.mkdir(cfg.resultsDir, { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), `deck-sim-${name}-`));
  // Registered first, so it runs last (after servers and browsers are stopped).
  onCleanup(async () => {
    if (cfg.keepTmp) log(`kept temp folder ${tmp}`);
    else await fsp.rm(tmp, { recursive: true, force: true });
  });
  log(`repo ${REPO}; temp ${tmp}; results ${cfg.resultsDir}`);
  if (!cfg.skipDebian) {
    await timings.phase('install: debian packages', () =>
      run('bash', [path.join(REPO, 'scripts/e2e/install-debian-deps.sh')], { cwd: REPO }));
  }
  const tools = await timings.phase('install: node 24 + code-server', () => installCodeServer(REPO, { cwd: REPO }));
  const playwright = await loadPlaywright(REPO);
  return { tmp, tools, playwright };
}

/**
 * Runs one phase whose tests the tally counts; a failure that did not count its own tests
 * (an install, a build, a suite that never finished) counts as one failed test.
 * @param {RunState} state
 * @param {string} phase the phase's name in the timings
 * @param {() => Promise<unknown>} work
 * @param {string} [label] the phase's name in the failures and the log
 * @returns {Promise<boolean>} whether it passed
 */
export async function countedPhase({ tally, failures, timings }, phase, work, label = phase) {
  try {
    await timings.phase(phase, work);
    return true;
  } catch (e) {
    if (!(e instanceof SuiteError && e.counted)) tally.failed += 1;
    failures.push(`${label}: ${message(e)}`);
    log(`${label.toUpperCase()} FAILED: ${message(e)}`);
    return false;
  }
}

/**
 * The end of a run.
 * @param {string} name the run's name in the closing line: `e2e`, `web`
 * @param {() => Promise<void>} main the phases
 * @param {RunState} state what the phases counted
 * @returns {Promise<never>}
 */
export async function runAndExit(name, main, { tally, failures, timings }) {
  let exitCode = 0;
  try {
    await main();
  } catch (e) {
    tally.failed += 1;
    failures.push(message(e));
    log(`ERROR: ${e instanceof Error ? e.stack || e.message : e}`);
  } finally {
    await cleanupAll();
    timings.print();
    if (failures.length) {
      console.log(`\n[${name}] FAILED (${failures.length}):`);
      for (const f of failures) console.log(`  - ${f}`);
      exitCode = 1;
    } else {
      console.log(`\n[${name}] all ${name} phases passed`);
    }
    console.log(`${name}: ${tally.passed} passed, ${tally.failed} failed`);
  }
  process.exit(exitCode);
}
