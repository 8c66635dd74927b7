#!/usr/bin/env node
// End-to-end tests of the extension in a REAL VS Code: code-server (VS Code 1.139 server + web
// workbench) driven by headless Debian chromium through playwright-core.
//
//   node test/e2e/run.mjs            (what `npm run test:e2e` calls; expects `npm run build` done)
//
// Phases:
//   1. install    scripts/e2e/install-debian-deps.sh, scripts/e2e/install-code-server.sh (cached)
//   2. package    the extension is packaged as a .vsix (npm run package, else vsce)
//   3. suite      the mocha suite out/test/vscode/suite/index.js (same contract as
//                 @vscode/test-electron: exports run(): Promise<void>) runs in code-server's
//                 extension host with the repo as extensionDevelopmentPath; exit code = result
//   4. walkthrough  a fresh code-server with the .vsix installed; a user's walk-through with
//                 playwright (test/e2e/walkthrough.mjs); screenshots in test-results/e2e/
//
// Environment overrides:
//   DECK_SIM_E2E_EXTENSION_PATH   extension under test: suite + packaging (default: repo root)
//   DECK_SIM_E2E_TESTS_PATH       suite entry, without .js (default: <repo>/out/test/vscode/suite/index)
//   DECK_SIM_E2E_SUITE_FIXTURES   folder copied as the suite's workspace (default: <repo>/test/vscode/fixtures)
//   DECK_SIM_E2E_SKIP_SUITE=1     skip phase 3
//   DECK_SIM_E2E_SKIP_WALKTHROUGH=1  skip phases 2 and 4
//   DECK_SIM_E2E_VSIX             use this .vsix instead of packaging (phase 2)
//   DECK_SIM_E2E_SKIP_DEBIAN=1    do not run install-debian-deps.sh (e.g. not root, already set up)
//   DECK_SIM_E2E_TIMEOUT          suite timeout in seconds (default 180)
//   DECK_SIM_E2E_RESULTS_DIR      screenshots/logs (default: <repo>/test-results/e2e)
//   DECK_SIM_E2E_KEEP_TMP=1       keep the temp folder (user data, workspaces) for debugging
//   DECK_SIM_E2E_CACHE            code-server cache (see scripts/e2e/install-code-server.sh)
//   DECK_SIM_E2E_ONLY             walkthrough: only the deck specs whose name is in this comma list
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  Timings, cleanupAll, copyDir, installSignalHandlers, launchChromium, loadPlaywright, log,
  onCleanup, run, startCodeServer, withTimeout, workbenchUrl,
} from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '..', '..');
const env = process.env;
const flag = (name) => env[name] === '1' || env[name] === 'true';

const cfg = {
  repo: REPO,
  extensionPath: path.resolve(env.DECK_SIM_E2E_EXTENSION_PATH || REPO),
  testsPath: path.resolve(env.DECK_SIM_E2E_TESTS_PATH || path.join(REPO, 'out/test/vscode/suite/index')),
  suiteFixtures: path.resolve(env.DECK_SIM_E2E_SUITE_FIXTURES || path.join(REPO, 'test/vscode/fixtures')),
  skipSuite: flag('DECK_SIM_E2E_SKIP_SUITE'),
  skipWalkthrough: flag('DECK_SIM_E2E_SKIP_WALKTHROUGH'),
  skipDebian: flag('DECK_SIM_E2E_SKIP_DEBIAN'),
  vsix: env.DECK_SIM_E2E_VSIX ? path.resolve(env.DECK_SIM_E2E_VSIX) : null,
  timeoutMs: Number(env.DECK_SIM_E2E_TIMEOUT || 180) * 1000,
  resultsDir: path.resolve(env.DECK_SIM_E2E_RESULTS_DIR || path.join(REPO, 'test-results/e2e')),
  keepTmp: flag('DECK_SIM_E2E_KEEP_TMP'),
};

const timings = new Timings();
const failures = [];
// Tests counted over all phases, for the closing line `e2e: N passed, N failed`: mocha's tests,
// the walk-through's steps, and 1 failed for a phase that failed without counting (install,
// packaging, a suite that never finished).
const tally = { passed: 0, failed: 0 };

async function main() {
  installSignalHandlers();
  const tStart = Date.now();
  await fsp.rm(cfg.resultsDir, { recursive: true, force: true });
  await fsp.mkdir(cfg.resultsDir, { recursive: true });
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'deck-sim-e2e-'));
  // Registered first, so it runs last (after servers and browsers are stopped).
  onCleanup(async () => {
    if (cfg.keepTmp) log(`kept temp folder ${tmp}`);
    else await fsp.rm(tmp, { recursive: true, force: true });
  });
  log(`repo ${REPO}; temp ${tmp}; results ${cfg.resultsDir}`);

  // 1. install ------------------------------------------------------------------------------
  if (!cfg.skipDebian) {
    await timings.phase('install: debian packages', () =>
      run('bash', [path.join(REPO, 'scripts/e2e/install-debian-deps.sh')], { cwd: REPO }));
  }
  const tools = await timings.phase('install: node 24 + code-server', async () => {
    const { stdout } = await run('bash', [path.join(REPO, 'scripts/e2e/install-code-server.sh')], { cwd: REPO });
    const m = stdout.match(/^E2E_TOOLS=(.+)$/m);
    if (!m) throw new Error('install-code-server.sh did not print E2E_TOOLS=<path>');
    return JSON.parse(await fsp.readFile(m[1].trim(), 'utf8'));
  });
  const playwright = await loadPlaywright(REPO);

  // 2. package (first, so that a `package` script's build also serves the suite) ---------
  let vsix = cfg.vsix;
  let packageFailed = false;
  if (!cfg.skipWalkthrough && !vsix) {
    try {
      vsix = await timings.phase('package: .vsix', () => packageExtension(tmp));
    } catch (e) {
      packageFailed = true;
      tally.failed += 1;
      failures.push(`package: ${e.message}`);
      log(`PACKAGING FAILED: ${e.message}`);
    }
  }

  // 3. integration suite --------------------------------------------------------------------
  if (cfg.skipSuite) {
    log('suite skipped (DECK_SIM_E2E_SKIP_SUITE=1)');
  } else {
    try {
      await timings.phase('suite: mocha in code-server', () => runSuite({ tools, tmp, playwright }));
    } catch (e) {
      if (!e.counted) tally.failed += 1;
      failures.push(`suite: ${e.message}`);
      log(`SUITE FAILED: ${e.message}`);
    }
  }

  // 4. walk through the packaged extension --------------------------------------------------
  if (cfg.skipWalkthrough) {
    log('walk-through skipped (DECK_SIM_E2E_SKIP_WALKTHROUGH=1)');
  } else if (packageFailed) {
    log('walk-through skipped: packaging failed');
  } else {
    try {
      const { runWalkthrough } = await import('./walkthrough.mjs');
      const result = await timings.phase('walkthrough: user steps', () =>
        runWalkthrough({ tools, tmp, playwright, vsix, repo: REPO, resultsDir: cfg.resultsDir, timings }));
      for (const f of result.failures) failures.push(`walkthrough: ${f}`);
      tally.passed += result.results.filter((r) => r.ok).length;
      tally.failed += result.results.filter((r) => !r.ok).length;
      if (result.failures.length) timings.markFailed('walkthrough: user steps');
    } catch (e) {
      tally.failed += 1;
      failures.push(`walkthrough: ${e.message}`);
      log(`WALKTHROUGH FAILED: ${e.message}`);
    }
  }

  timings.add('total', Date.now() - tStart, failures.length === 0);
}

// -------------------------------------------------------------------------------------------
// Phase 2: the mocha suite inside code-server's extension host

async function runSuite({ tools, tmp, playwright }) {
  const testsFile = fs.existsSync(cfg.testsPath) ? cfg.testsPath : `${cfg.testsPath}.js`;
  if (!fs.existsSync(testsFile)) {
    throw new Error(`suite entry not found: ${cfg.testsPath}(.js): run \`npm run build\` first ` +
      '(the suite must compile to out/test/vscode/suite/index.js, exporting run(): Promise<void>)');
  }
  if (!fs.existsSync(path.join(cfg.extensionPath, 'package.json'))) {
    throw new Error(`no extension manifest at ${cfg.extensionPath}/package.json`);
  }
  const dir = path.join(tmp, 'suite');
  const workspace = path.join(dir, 'workspace');
  if (fs.existsSync(cfg.suiteFixtures)) {
    await copyDir(cfg.suiteFixtures, workspace);
  } else {
    log(`warning: ${cfg.suiteFixtures} does not exist; the suite gets an empty workspace folder`);
    await fsp.mkdir(workspace, { recursive: true });
  }
  const resultsJson = path.join(cfg.resultsDir, 'suite-results.json');

  const cs = await startCodeServer({
    tools, dir, folder: workspace, name: 'code-server-suite',
    logFile: path.join(cfg.resultsDir, 'code-server-suite.log'),
  });
  onCleanup(cs.stop);
  const chrome = await launchChromium({
    playwright, profileDir: path.join(dir, 'chromium-profile'), name: 'chromium-suite',
    logFile: path.join(cfg.resultsDir, 'chromium-suite.log'),
  });
  onCleanup(chrome.stop);

  try {
    const context = await chrome.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    const counts = { passing: null, failing: null, pending: null };
    let resolveExit;
    let rejectExit;
    const exited = new Promise((res, rej) => { resolveExit = res; rejectExit = rej; });
    cs.whenExited.then((e) => rejectExit(new Error(`code-server exited during the suite (${e.code ?? e.signal}); ` +
      `see ${path.relative(REPO, cs.logFile)}`)));
    const windowLog = fs.createWriteStream(path.join(cfg.resultsDir, 'suite-window.log'));

    // The workbench calls these (smoke-test-driver mode) - expose them before navigating.
    // The workbench calls these (smoke-test-driver mode) - expose them before navigating.
    // codeAutomationLog(level, args) receives the window's log service entries; in test mode
    // that includes the extension host's console (mocha's reporter), unlabelled, as the
    // console.log arguments (format string first). All of it goes to suite-window.log; stdout
    // gets everything but the workbench's known start-up chatter.
    await page.exposeFunction('codeAutomationLog', (level, args) => {
      const text = formatLogArgs(args);
      windowLog.write(`[${level}] ${text}\n`);
      if (WORKBENCH_NOISE.some((re) => re.test(text))) return;
      // The workbench's own errors carry stacks into its bundle: their first line is enough here.
      const shown = /\n\s+at .*https?:\/\/127\.0\.0\.1:\d+\//.test(text)
        ? `${text.split('\n')[0]} (workbench; stack in suite-window.log)` : text;
      process.stdout.write(level === 'info' || level === 'log' ? `${shown}\n` : `[${level}] ${shown}\n`);
      const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
      for (const k of ['passing', 'failing', 'pending']) {
        const c = plain.match(new RegExp(`^\\s*(\\d+) ${k}\\b`));
        if (c) counts[k] = Number(c[1]);
      }
    });
    await page.exposeFunction('codeAutomationExit', async (code, logs) => {
      try {
        const logDir = path.join(cfg.resultsDir, 'suite-logs');
        for (const l of logs || []) {
          const f = path.join(logDir, l.relativePath);
          await fsp.mkdir(path.dirname(f), { recursive: true });
          await fsp.writeFile(f, l.contents);
        }
      } catch { /* logs are a bonus */ }
      resolveExit(Number(code));
    });
    page.on('pageerror', (e) => windowLog.write(`[pageerror] ${e.message}\n`));
    page.on('crash', () => rejectExit(new Error('the workbench page crashed')));

    const url = workbenchUrl(cs.baseUrl, cs.port, workspace, [
      ['extensionDevelopmentPath', cfg.extensionPath],
      ['extensionTestsPath', cfg.testsPath],
      ['extensionEnvironment', {
        DECK_SIM_RESULTS: resultsJson,
        DECK_SIM_E2E: '1',
        DECK_SIM_WORKSPACE: workspace,
      }],
    ]);
    log(`suite: extension ${cfg.extensionPath}`);
    log(`suite: tests ${cfg.testsPath}; workspace ${workspace}; timeout ${cfg.timeoutMs / 1000} s`);
    await page.goto(url);

    let code;
    try {
      code = await withTimeout(exited, cfg.timeoutMs,
        `the suite did not finish (window.codeAutomationExit was never called). ` +
        `See ${path.relative(REPO, cfg.resultsDir)}/suite-window.log and code-server-suite.log`);
    } finally {
      await page.screenshot({ path: path.join(cfg.resultsDir, 'suite-final.png') }).catch(() => {});
      windowLog.end();
    }

    let summary = null;
    if (fs.existsSync(resultsJson)) {
      try { summary = JSON.parse(await fsp.readFile(resultsJson, 'utf8')); } catch { /* ignore */ }
    }
    const passed = summary?.passed ?? counts.passing;
    const failed = summary?.failed ?? counts.failing ?? (passed != null ? 0 : null);
    if (passed !== null && passed !== undefined) {
      log(`suite: ${passed} passed, ${failed ?? 0} failed${(summary?.pending ?? counts.pending) ? `, ${summary?.pending ?? counts.pending} pending` : ''}`);
    }
    for (const f of summary?.failures ?? []) log(`suite failure: ${f.title}: ${f.error}`);
    const counted = Number.isInteger(passed) && Number.isInteger(failed) && (code === 0 || failed > 0);
    if (counted) { tally.passed += passed; tally.failed += failed; }
    if (code !== 0) {
      const e = new Error(`the mocha suite exited with code ${code}` + (failed ? ` (${failed} failing)` : ''));
      e.counted = counted;
      throw e;
    }
    if (passed === 0) throw new Error('the mocha suite ran no test');
    log('suite: passed (exit code 0)');
  } finally {
    await chrome.stop();
    await cs.stop();
  }
}

/** console.log-style formatting of the forwarded arguments (format string first). */
function formatLogArgs(args) {
  if (!Array.isArray(args)) return typeof args === 'string' ? args : JSON.stringify(args);
  return util.format(...args);
}

/** Workbench log lines that are start-up chatter, not the extension host's console. */
const WORKBENCH_NOISE = [
  /^Resolving connection token|^Resolved connection token/,
  /^Creating a socket \(/,
  /^\[reconnection-grace-time\]/,
  /^Updating additional builtin extensions cache/,
  /^\[Service Worker\]/,
  /^\[AgentHost:/,
  /^\[AccountPolicyGate\]/,
  /^Timed out waiting for authentication provider 'github'/,
  /^Started local extension host with pid/,
  /^Ignoring fetching additional builtin extensions from gallery/,
];

// -------------------------------------------------------------------------------------------
// Phase 3: package the extension

async function packageExtension(tmp) {
  const out = path.join(tmp, 'deck-simulator.vsix');
  const root = cfg.extensionPath; // the repo, unless DECK_SIM_E2E_EXTENSION_PATH says otherwise
  const pkg = JSON.parse(await fsp.readFile(path.join(root, 'package.json'), 'utf8'));
  if (!fs.existsSync(path.join(root, (pkg.main || 'dist/client.js')))) {
    throw new Error(`${pkg.main} does not exist: run \`npm run build\` before the e2e tests`);
  }
  if (pkg.scripts?.package) {
    log(`packaging with \`npm run package -- --out ${out}\``);
    await run('npm', ['run', 'package', '--', '--out', out], { cwd: root, prefix: '  [package] ', stdio: ['ignore', 'pipe', 'pipe'] });
  } else {
    log('packaging with `vsce package --no-dependencies` (no "package" script in package.json)');
    const vsce = path.join(REPO, 'node_modules/.bin/vsce'); // the repo's devDependency
    await run(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out],
      { cwd: root, prefix: '  [vsce] ', stdio: ['ignore', 'pipe', 'pipe'] });
  }
  if (!fs.existsSync(out)) throw new Error(`packaging did not produce ${out}`);
  log(`packaged ${out} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
  return out;
}

// -------------------------------------------------------------------------------------------

let exitCode = 0;
try {
  await main();
} catch (e) {
  tally.failed += 1;
  failures.push(e.message);
  log(`ERROR: ${e.stack || e.message}`);
} finally {
  await cleanupAll();
  timings.print();
  if (failures.length) {
    console.log(`\n[e2e] FAILED (${failures.length}):`);
    for (const f of failures) console.log(`  - ${f}`);
    exitCode = 1;
  } else {
    console.log('\n[e2e] all e2e phases passed');
  }
  console.log(`e2e: ${tally.passed} passed, ${tally.failed} failed`);
}
process.exit(exitCode);
