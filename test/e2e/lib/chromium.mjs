// chromium: started by us (detached, own process group, debugging port on 127.0.0.1 only) and
// driven by playwright-core over CDP, so that we own its whole process tree.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { privateXdg } from './codeServer.mjs';
import { killGroup, spawnGroup, withTimeout } from './processes.mjs';

export const CHROMIUM = process.env.DECK_SIM_E2E_CHROMIUM || '/usr/bin/chromium';

/** @typedef {typeof import('playwright-core')} Playwright */

/**
 * @param {object} o
 * @param {Playwright} o.playwright
 * @param {string} o.profileDir a fresh folder: the profile, and chromium's HOME and XDG folders
 * @param {string} [o.name]
 * @param {string} [o.logFile] chromium's stderr
 * @returns {Promise<{ browser: import('playwright-core').Browser, pid: number, stop: () => Promise<void> }>}
 */
export async function launchChromium({ playwright, profileDir, name = 'chromium', logFile }) {
  await fsp.mkdir(profileDir, { recursive: true });
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-crash-reporter',
    '--disable-breakpad',
    '--disable-features=Translate,MediaRouter,OptimizationHints',
    '--disable-dev-shm-usage',
    '--password-store=basic',
    '--use-mock-keychain',
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${profileDir}`,
    '--window-size=1600,1000',
    'about:blank',
  ];
  const child = spawnGroup(name, CHROMIUM, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own HOME too: chromium puts "Crash Reports" and headless caches under $HOME.
    env: { ...process.env, ...privateXdg(profileDir), HOME: profileDir },
  });
  const stderr = /** @type {import('node:stream').Readable} */ (child.stderr);
  const pid = /** @type {number} */ (child.pid);
  const logStream = logFile ? fs.createWriteStream(logFile) : null;
  /** @type {string} */
  const wsUrl = await new Promise((resolve, reject) => {
    let buf = '';
    const notReady = (/** @type {string} */ why) => new Error(`${name} ${why}:\n${buf.slice(-2000)}`);
    const timer = setTimeout(() => reject(notReady('did not print its DevTools URL within 30 s')), 30000);
    const onData = (/** @type {Buffer} */ d) => {
      const s = d.toString();
      logStream?.write(s);
      buf += s;
      const m = buf.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) { clearTimeout(timer); stderr.off('data', onData); resolve(m[1]); }
    };
    stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(notReady(`exited (${code ?? signal}) before it was ready`));
    });
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
  stderr.on('data', (d) => logStream?.write(d));
  const browser = await playwright.chromium.connectOverCDP(wsUrl);
  const stop = async () => {
    try { await withTimeout(browser.close(), 5000, 'browser.close'); } catch { /* killed below */ }
    await killGroup(pid, name);
    logStream?.end();
  };
  return { browser, pid, stop };
}

/**
 * Import playwright-core from the repo's node_modules (resolved relative to the repo root).
 * @param {string} repoRoot
 * @returns {Promise<Playwright>}
 */
export async function loadPlaywright(repoRoot) {
  const req = createRequire(path.join(repoRoot, 'package.json'));
  let p;
  try { p = req.resolve('playwright-core'); } catch {
    throw new Error(`playwright-core is not installed in ${repoRoot}/node_modules (npm ci first)`);
  }
  const mod = await import(p);
  return mod.default ?? mod;
}
