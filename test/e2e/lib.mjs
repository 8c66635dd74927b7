// Shared helpers for the e2e harness: process groups and cleanup, code-server, chromium.
// Plain Node ESM, no build step. Used by run.mjs and walkthrough.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

export const CHROMIUM = process.env.DECK_SIM_E2E_CHROMIUM || '/usr/bin/chromium';

export function log(...args) {
  console.log('[e2e]', ...args);
}

// ---------------------------------------------------------------------------------------------
// Timing

export class Timings {
  constructor() { this.rows = []; }
  async phase(name, fn) {
    const t0 = Date.now();
    log(`── ${name} ──`);
    let ok = false;
    try {
      const r = await fn();
      ok = true;
      return r;
    } finally {
      const ms = Date.now() - t0;
      this.rows.push({ name, ms, ok });
      log(`${ok ? 'done' : 'FAILED'}: ${name} (${(ms / 1000).toFixed(1)} s)`);
    }
  }
  add(name, ms, ok = true) { this.rows.push({ name, ms, ok }); }
  markFailed(name) { for (const r of this.rows) if (r.name === name) r.ok = false; }
  print() {
    const w = Math.max(10, ...this.rows.map((r) => r.name.length));
    console.log('\n[e2e] timing summary');
    for (const r of this.rows) {
      console.log(`  ${r.name.padEnd(w)}  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.ok ? 'ok' : 'FAILED'}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Process groups: every long-lived child is started detached (setsid: its own process group)
// and ended by group, SIGTERM then SIGKILL after a grace period. Cleanup runs on normal end,
// on exceptions and on SIGINT/SIGTERM/SIGHUP.

const groups = new Map(); // pid -> { name, child }
const cleanups = []; // extra async cleanup functions (browser.close, tmp removal), LIFO

function groupAlive(pid) {
  try { process.kill(-pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
}

export async function killGroup(pid, name = String(pid), graceMs = 5000) {
  if (!groupAlive(pid)) { groups.delete(pid); return; }
  try { process.kill(-pid, 'SIGTERM'); } catch { /* gone */ }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && groupAlive(pid)) await sleep(100);
  if (groupAlive(pid)) {
    log(`${name} (pgid ${pid}) still alive after ${graceMs} ms: SIGKILL`);
    try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
    const d2 = Date.now() + 3000;
    while (Date.now() < d2 && groupAlive(pid)) await sleep(100);
  }
  groups.delete(pid);
}

/** Spawn a child in its own process group (detached = setsid on Linux), tracked for cleanup. */
export function spawnGroup(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { ...opts, detached: true });
  if (child.pid) groups.set(child.pid, { name, child });
  child.once('exit', () => { /* group may still have members: killGroup checks the group */ });
  return child;
}

export function onCleanup(fn) {
  cleanups.push(fn);
  return () => { const i = cleanups.indexOf(fn); if (i >= 0) cleanups.splice(i, 1); };
}

let cleaning = null;
export function cleanupAll() {
  if (cleaning) return cleaning;
  cleaning = (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try { await fn(); } catch (e) { log('cleanup step failed:', e?.message || e); }
    }
    await Promise.all([...groups.entries()].map(([pid, g]) => killGroup(pid, g.name)));
  })();
  return cleaning;
}

/** Synchronous last resort (process 'exit'): SIGKILL whatever groups remain. */
function killAllSync() {
  for (const pid of groups.keys()) {
    try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ }
  }
}

let handlersInstalled = false;
export function installSignalHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, async () => {
      log(`received ${sig}: stopping everything`);
      const hardExit = setTimeout(() => { killAllSync(); process.exit(130); }, 15000);
      hardExit.unref();
      await cleanupAll();
      process.exit(sig === 'SIGINT' ? 130 : 143);
    });
  }
  process.on('exit', killAllSync);
}

// ---------------------------------------------------------------------------------------------
// Small utilities

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Run a command to completion (not detached; short-lived), streaming output with a prefix. */
export function run(cmd, args, opts = {}) {
  const { prefix = '', capture = false, ...spawnOpts } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOpts });
    let out = '';
    let err = '';
    const fwd = (stream, buf) => (d) => {
      const s = d.toString();
      if (buf === 'out') out += s; else err += s;
      if (!capture || buf === 'err') stream.write(prefix ? s.replace(/^(?=.)/gm, prefix) : s);
    };
    child.stdout.on('data', fwd(process.stdout, 'out'));
    child.stderr.on('data', fwd(process.stderr, 'err'));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout: out, stderr: err });
      else {
        const e = new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`);
        e.stdout = out; e.stderr = err;
        reject(e);
      }
    });
  });
}

export async function copyDir(src, dst, filter = () => true) {
  await fsp.mkdir(dst, { recursive: true });
  await fsp.cp(src, dst, { recursive: true, filter: (s) => filter(s) });
}

export async function withTimeout(promise, ms, what) {
  let t;
  const timeout = new Promise((_, reject) => {
    t = setTimeout(() => reject(new Error(`timed out after ${Math.round(ms / 1000)} s: ${what}`)), ms);
  });
  try { return await Promise.race([promise, timeout]); } finally { clearTimeout(t); }
}

// ---------------------------------------------------------------------------------------------
// code-server

/**
 * Start a fresh code-server on 127.0.0.1:<free port>.
 * tools: the tools.json written by scripts/e2e/install-code-server.sh
 * dir: a temp folder owned by this instance (user-data, extensions, config, log go there)
 * folder: the workspace folder to open
 * Returns { port, url, baseUrl, pid, logFile, stop() }.
 */
export async function startCodeServer({ tools, dir, folder, name = 'code-server', logFile, extraSettings = {} }) {
  const userData = path.join(dir, 'user-data');
  const extensions = path.join(dir, 'extensions');
  await fsp.mkdir(path.join(userData, 'User'), { recursive: true });
  await fsp.mkdir(extensions, { recursive: true });
  const settings = {
    'workbench.startupEditor': 'none',
    'chat.disableAIFeatures': true,
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'telemetry.telemetryLevel': 'off',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'security.workspace.trust.enabled': false,
    'git.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    ...extraSettings,
  };
  await fsp.writeFile(path.join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const config = path.join(dir, 'config.yaml');
  await fsp.writeFile(config, 'auth: none\ncert: false\n');

  const port = await freePort();
  const args = [
    tools.codeServerEntry,
    '--config', config,
    '--bind-addr', `127.0.0.1:${port}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--vscode-option', 'enable-smoke-test-driver',
    '--user-data-dir', userData,
    '--extensions-dir', extensions,
    folder,
  ];
  logFile ??= path.join(dir, `${name}.log`);
  await fsp.mkdir(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  const child = spawnGroup(name, tools.node, args, {
    stdio: ['ignore', out, out],
    env: codeServerEnv(tools, privateXdg(dir)),
    cwd: dir,
  });
  fs.closeSync(out);
  let exited = null;
  const whenExited = new Promise((resolve) => child.on('exit', (code, signal) => {
    exited = { code, signal };
    resolve(exited);
  }));

  const baseUrl = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  for (;;) {
    if (exited) throw new Error(`${name} exited early (${exited.code ?? exited.signal}); log: ${logFile}\n${tail(logFile)}`);
    try {
      const r = await fetch(`${baseUrl}/healthz`);
      if (r.ok) break;
    } catch { /* not yet */ }
    if (Date.now() - t0 > 60000) throw new Error(`${name} did not answer /healthz within 60 s; log: ${logFile}\n${tail(logFile)}`);
    await sleep(200);
  }
  log(`${name} ready on ${baseUrl} (pid ${child.pid}) after ${((Date.now() - t0) / 1000).toFixed(1)} s; log ${logFile}`);
  return {
    port, baseUrl, pid: child.pid, logFile, userData, extensions,
    get exited() { return exited; },
    whenExited,
    stop: () => killGroup(child.pid, name),
  };
}

/** Environment for code-server and its CLI: Node 24 first on PATH; no leaked VS Code vars. */
export function codeServerEnv(tools, extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(VSCODE_|ELECTRON_)/.test(k)) continue; // e.g. when run from a VS Code terminal
    env[k] = v;
  }
  env.PATH = `${path.join(tools.nodeHome, 'bin')}:${process.env.PATH}`;
  // No extension gallery: an empty serviceUrl disables it, so the workbench does not try to
  // reach open-vsx.org (no network here; and nothing should leave 127.0.0.1).
  env.EXTENSIONS_GALLERY = '{"serviceUrl":""}';
  return { ...env, ...extra };
}

/** XDG folders inside `dir`, so that nothing is written to ~/.cache, ~/.config, ~/.local
 * (code-server's coder-logs and heartbeat, the VS Code device id, chromium's caches, dconf). */
export function privateXdg(dir) {
  const x = path.join(dir, 'xdg');
  const env = { XDG_CONFIG_HOME: `${x}/config`, XDG_CACHE_HOME: `${x}/cache`, XDG_DATA_HOME: `${x}/data`, XDG_STATE_HOME: `${x}/state` };
  for (const d of Object.values(env)) fs.mkdirSync(d, { recursive: true });
  return env;
}

export function tail(file, n = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
  } catch { return '(no log)'; }
}

/** Install a .vsix into an extensions dir with code-server's CLI (no server needed). */
export async function installVsix({ tools, vsix, dir }) {
  const userData = path.join(dir, 'user-data');
  const extensions = path.join(dir, 'extensions');
  const config = path.join(dir, 'config.yaml');
  await fsp.mkdir(userData, { recursive: true });
  await fsp.mkdir(extensions, { recursive: true });
  if (!fs.existsSync(config)) await fsp.writeFile(config, 'auth: none\ncert: false\n');
  const { stdout } = await run(tools.node, [
    tools.codeServerEntry, '--config', config,
    '--user-data-dir', userData, '--extensions-dir', extensions,
    '--install-extension', vsix, '--force',
  ], { env: codeServerEnv(tools, privateXdg(dir)), prefix: '  [install-extension] ', cwd: dir });
  return stdout;
}

/** The payload URL that makes the workbench run extension tests (needs enable-smoke-test-driver). */
export function workbenchUrl(baseUrl, port, folder, payload = []) {
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const entries = payload.map(([k, v]) => [k, k === 'extensionEnvironment' ? JSON.stringify(v) : remote(v)]);
  const q = new URLSearchParams();
  q.set('folder', folder);
  if (entries.length) q.set('payload', JSON.stringify(entries));
  return `${baseUrl}/?${q.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// chromium: started by us (detached, own process group, debugging port on 127.0.0.1 only) and
// driven by playwright-core over CDP, so that we own its whole process tree.

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
  const logStream = logFile ? fs.createWriteStream(logFile) : null;
  const wsUrl = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not print its DevTools URL within 30 s:\n${buf.slice(-2000)}`)), 30000);
    child.stderr.on('data', (d) => {
      const s = d.toString();
      logStream?.write(s);
      buf += s;
      const m = buf.match(/DevTools listening on (ws:\/\/\S+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${buf.slice(-2000)}`)); });
    child.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
  child.stderr.on('data', (d) => logStream?.write(d));
  const browser = await playwright.chromium.connectOverCDP(wsUrl);
  const stop = async () => {
    try { await withTimeout(browser.close(), 5000, 'browser.close'); } catch { /* killed below */ }
    await killGroup(child.pid, name);
    logStream?.end();
  };
  return { browser, pid: child.pid, stop };
}

/** Import playwright-core from the repo's node_modules (resolved relative to the repo root). */
export async function loadPlaywright(repoRoot) {
  const { createRequire } = await import('node:module');
  const req = createRequire(path.join(repoRoot, 'package.json'));
  let p;
  try { p = req.resolve('playwright-core'); } catch {
    throw new Error(`playwright-core is not installed in ${repoRoot}/node_modules (npm ci first)`);
  }
  const mod = await import(p);
  return mod.default ?? mod;
}
