// The harness's settings, from the environment:
//   DECK_SIM_E2E_EXTENSION_PATH   extension under test: suite + packaging (default: repo root)
//   DECK_SIM_E2E_TESTS_PATH       suite entry, without .js (default: <repo>/out/test/vscode/suite/index)
//   DECK_SIM_E2E_SUITE_FIXTURES   folder copied as the suite's workspace (default: <repo>/test/vscode/fixtures)
//   DECK_SIM_E2E_SKIP_SUITE=1     skip phase 3
//   DECK_SIM_E2E_SKIP_RESTRICTED=1  skip phase 4 (the Restricted Mode suite)
//   DECK_SIM_E2E_RESTRICTED_TESTS_PATH  its entry (default: <repo>/out/test/vscode/restricted/index)
//   DECK_SIM_E2E_SKIP_WALKTHROUGH=1  skip phases 2 and 5
//   DECK_SIM_E2E_SKIP_NEOVIM=1    skip the Neovim suite
//   DECK_SIM_E2E_VSIX             use this .vsix instead of packaging (phase 2)
//   DECK_SIM_E2E_SKIP_DEBIAN=1    do not run install-debian-deps.sh (e.g. not root, already set up)
//   DECK_SIM_E2E_TIMEOUT          suite timeout in seconds (default 180)
//   DECK_SIM_E2E_RESULTS_DIR      screenshots/logs (default: <repo>/test-results/e2e)
//   DECK_SIM_E2E_KEEP_TMP=1       keep the temp folder (user data, workspaces) for debugging
//   DECK_SIM_E2E_CACHE            code-server cache (see scripts/e2e/install-code-server.sh)
//   DECK_SIM_E2E_CHROMIUM         chromium binary (default /usr/bin/chromium)
//   DECK_SIM_E2E_ONLY             walkthrough: only the deck specs whose name is in this comma list
//   DECK_SIM_E2E_CPU_THROTTLE     walkthrough: slow the page's CPU N times (chromium's throttling), as a
//                                 loaded machine would: the steps must get slower, never red
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @typedef {object} E2eConfig
 * @property {string} repo
 * @property {string} extensionPath
 * @property {string} testsPath
 * @property {string} restrictedTestsPath
 * @property {string} suiteFixtures
 * @property {boolean} skipSuite
 * @property {boolean} skipRestricted
 * @property {boolean} skipWalkthrough
 * @property {boolean} skipNeovim
 * @property {boolean} skipDebian
 * @property {string | null} vsix
 * @property {number} timeoutMs
 * @property {string} resultsDir
 * @property {boolean} keepTmp
 */

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ testsPath?: string, resultsDir?: string }} defaults another harness's own (test:web)
 * @returns {E2eConfig}
 */
export function readConfig(env = process.env, defaults = {}) {
  const flag = (/** @type {string} */ name) => env[name] === '1' || env[name] === 'true';
  return {
    repo: REPO,
    extensionPath: path.resolve(env.DECK_SIM_E2E_EXTENSION_PATH || REPO),
    testsPath: path.resolve(env.DECK_SIM_E2E_TESTS_PATH || defaults.testsPath
      || path.join(REPO, 'out/test/vscode/suite/index')),
    restrictedTestsPath: path.resolve(env.DECK_SIM_E2E_RESTRICTED_TESTS_PATH
      || path.join(REPO, 'out/test/vscode/restricted/index')),
    suiteFixtures: path.resolve(env.DECK_SIM_E2E_SUITE_FIXTURES || path.join(REPO, 'test/vscode/fixtures')),
    skipSuite: flag('DECK_SIM_E2E_SKIP_SUITE'),
    skipRestricted: flag('DECK_SIM_E2E_SKIP_RESTRICTED'),
    skipWalkthrough: flag('DECK_SIM_E2E_SKIP_WALKTHROUGH'),
    skipNeovim: flag('DECK_SIM_E2E_SKIP_NEOVIM'),
    skipDebian: flag('DECK_SIM_E2E_SKIP_DEBIAN'),
    vsix: env.DECK_SIM_E2E_VSIX ? path.resolve(env.DECK_SIM_E2E_VSIX) : null,
    timeoutMs: Number(env.DECK_SIM_E2E_TIMEOUT || 600) * 1000,
    resultsDir: defaults.resultsDir ?? resultsDir(env),
    keepTmp: flag('DECK_SIM_E2E_KEEP_TMP'),
  };
}

/** Where screenshots and logs go. */
export function resultsDir(env = process.env) {
  return path.resolve(env.DECK_SIM_E2E_RESULTS_DIR || path.join(REPO, 'test-results/e2e'));
}

/**
 * Tests counted over all phases, for the closing line `e2e: N passed, N failed`.
 * @typedef {{ passed: number, failed: number }} Tally
 */
