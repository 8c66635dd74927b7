// Phase 3: the extension's mocha suite (out/test/vscode/suite/index.js, @vscode/test-electron's
// contract) inside code-server's extension host, with the repo as extensionDevelopmentPath.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import util from 'node:util';
import { launchChromium } from './lib/chromium.mjs';
import { startCodeServer, workbenchUrl } from './lib/codeServer.mjs';
import { log } from './lib/log.mjs';
import { onCleanup, withTimeout } from './lib/processes.mjs';

/** A suite failure; `counted` when its tests are already in the tally. */
export class SuiteError extends Error {
  /** @param {string} message */
  constructor(message, counted = false) {
    super(message);
    this.counted = counted;
  }
}

/**
 * Runs the suite and adds its tests to `tally`; throws when it fails.
 * @param {object} o
 * @param {import('./config.mjs').E2eConfig} o.cfg
 * @param {import('./lib/codeServer.mjs').Tools} o.tools
 * @param {string} o.tmp
 * @param {import('./lib/chromium.mjs').Playwright} o.playwright
 * @param {import('./config.mjs').Tally} o.tally
 * @param {Record<string, unknown>} [o.settings] user settings for code-server (test:web's extension kind)
 * @param {string} [o.name] names the temp folder and the result files (`NAME-window.log`, ...)
 * @param {string} [o.testsPath] the suite entry (default `cfg.testsPath`)
 * @param {boolean} [o.workspaceTrust] workspace trust on and the workspace untrusted (Restricted Mode)
 */
export async function runSuite({
  cfg, tools, tmp, playwright, tally, settings = {}, name = 'suite', testsPath = cfg.testsPath, workspaceTrust = false,
}) {
  const testsFile = fs.existsSync(testsPath) ? testsPath : `${testsPath}.js`;
  if (!fs.existsSync(testsFile)) {
    throw new Error(`suite entry not found: ${testsPath}(.js): run \`npm run build\` first ` +
      '(the suite must compile to out/test/vscode/suite/index.js, exporting run(): Promise<void>)');
  }
  if (!fs.existsSync(path.join(cfg.extensionPath, 'package.json'))) {
    throw new Error(`no extension manifest at ${cfg.extensionPath}/package.json`);
  }
  const dir = path.join(tmp, name);
  const workspace = path.join(dir, 'workspace');
  await fsp.mkdir(workspace, { recursive: true });
  if (fs.existsSync(cfg.suiteFixtures)) {
    await fsp.cp(cfg.suiteFixtures, workspace, { recursive: true });
  } else {
    log(`warning: ${cfg.suiteFixtures} does not exist; the suite gets an empty workspace folder`);
  }
  const resultsJson = path.join(cfg.resultsDir, `${name}-results.json`);

  const cs = await startCodeServer({
    tools, dir, folder: workspace, name: `code-server-${name}`, extraSettings: settings, workspaceTrust,
    logFile: path.join(cfg.resultsDir, `code-server-${name}.log`),
  });
  onCleanup(cs.stop);
  const chrome = await launchChromium({
    playwright, profileDir: path.join(dir, 'chromium-profile'), name: `chromium-${name}`,
    logFile: path.join(cfg.resultsDir, `chromium-${name}.log`),
  });
  onCleanup(chrome.stop);

  try {
    const context = await chrome.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    /** @type {Record<'passing' | 'failing' | 'pending', number | null>} */
    const counts = { passing: null, failing: null, pending: null };
    /** @type {(code: number) => void} */
    let resolveExit = () => {};
    /** @type {(e: Error) => void} */
    let rejectExit = () => {};
    /** @type {Promise<number>} */
    const exited = new Promise((res, rej) => { resolveExit = res; rejectExit = rej; });
    cs.whenExited.then((e) => rejectExit(new Error(`code-server exited during the suite (${e.code ?? e.signal}); ` +
      `see ${path.relative(cfg.repo, cs.logFile)}`)));
    const windowLog = fs.createWriteStream(path.join(cfg.resultsDir, `${name}-window.log`));

    // The workbench calls these (smoke-test-driver mode) - expose them before navigating.
    // codeAutomationLog(level, args) receives the window's log service entries; in test mode
    // that includes the extension host's console (mocha's reporter), unlabelled, as the
    // console.log arguments (format string first). All of it goes to suite-window.log; stdout
    // gets everything but the workbench's known start-up chatter.
    await page.exposeFunction('codeAutomationLog', (/** @type {string} */ level, /** @type {unknown} */ args) => {
      const text = formatLogArgs(args);
      windowLog.write(`[${level}] ${text}\n`);
      if (WORKBENCH_NOISE.some((re) => re.test(text))) return;
      // The workbench's own errors carry stacks into its bundle: their first line is enough here.
      const shown = /\n\s+at .*https?:\/\/127\.0\.0\.1:\d+\//.test(text)
        ? `${text.split('\n')[0]} (workbench; stack in suite-window.log)` : text;
      process.stdout.write(level === 'info' || level === 'log' ? `${shown}\n` : `[${level}] ${shown}\n`);
      const plain = util.stripVTControlCharacters(text);
      for (const k of /** @type {const} */ (['passing', 'failing', 'pending'])) {
        const c = plain.match(new RegExp(`^\\s*(\\d+) ${k}\\b`));
        if (c) counts[k] = Number(c[1]);
      }
    });
    /** @typedef {{ relativePath: string, contents: string }} WindowLogFile */
    await page.exposeFunction('codeAutomationExit', async (
      /** @type {number} */ code, /** @type {WindowLogFile[] | undefined} */ logs) => {
      try {
        const logDir = path.join(cfg.resultsDir, `${name}-logs`);
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
      ['extensionTestsPath', testsPath],
      ['extensionEnvironment', {
        DECK_SIM_RESULTS: resultsJson,
        DECK_SIM_E2E: '1',
        DECK_SIM_WORKSPACE: workspace,
      }],
    ]);
    log(`${name}: extension ${cfg.extensionPath}`);
    log(`${name}: tests ${testsPath}; workspace ${workspace}; timeout ${cfg.timeoutMs / 1000} s`);
    await page.goto(url);

    let code;
    try {
      code = await withTimeout(exited, cfg.timeoutMs,
        'the suite did not finish (window.codeAutomationExit was never called). ' +
        `See ${path.relative(cfg.repo, cfg.resultsDir)}/${name}-window.log and code-server-${name}.log`);
    } finally {
      await page.screenshot({ path: path.join(cfg.resultsDir, `${name}-final.png`) }).catch(() => {});
      windowLog.end();
    }

    /** @type {SuiteResults | null} */
    let summary = null;
    if (fs.existsSync(resultsJson)) {
      try { summary = JSON.parse(await fsp.readFile(resultsJson, 'utf8')); } catch { /* ignore */ }
    }
    const passed = summary?.passed ?? counts.passing;
    const failed = summary?.failed ?? counts.failing ?? (passed != null ? 0 : null);
    const pending = summary?.pending ?? counts.pending;
    if (passed !== null && passed !== undefined) {
      log(`${name}: ${passed} passed, ${failed ?? 0} failed${pending ? `, ${pending} pending` : ''}`);
    }
    for (const f of summary?.failures ?? []) log(`${name} failure: ${f.title}: ${f.error}`);
    const counted = Number.isInteger(passed) && Number.isInteger(failed) && (code === 0 || Number(failed) > 0);
    if (counted) { tally.passed += Number(passed); tally.failed += Number(failed); }
    if (code !== 0) {
      const failing = failed ? ` (${failed} failing)` : '';
      throw new SuiteError(`the mocha suite exited with code ${code}${failing}`, counted);
    }
    if (passed === 0) throw new Error('the mocha suite ran no test');
    log(`${name}: passed (exit code 0)`);
  } finally {
    await chrome.stop();
    await cs.stop();
  }
}

/**
 * What the suite may write to DECK_SIM_RESULTS.
 * @typedef {object} SuiteResults
 * @property {number} passed
 * @property {number} failed
 * @property {number} [pending]
 * @property {{ title: string, error: string }[]} [failures]
 */

/** console.log-style formatting of the forwarded arguments (format string first). */
function formatLogArgs(/** @type {unknown} */ args) {
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
