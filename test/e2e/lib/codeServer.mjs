// code-server (VS Code's server and web workbench): installing it, starting a private instance
// on 127.0.0.1, installing a .vsix into it, and the workbench URL that runs extension tests.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { log } from './log.mjs';
import { freePort, killGroup, run, sleep, spawnGroup } from './processes.mjs';

/**
 * What scripts/e2e/install-code-server.sh writes to its tools.json.
 * @typedef {{ node: string, nodeHome: string, codeServerEntry: string }} Tools
 */

/**
 * Installs Node 24 and code-server into the cache (or finds them there) and reads tools.json.
 * @param {string} repo
 * @param {import('./processes.mjs').RunOptions} opts how to run the install script
 * @returns {Promise<Tools>}
 */
export async function installCodeServer(repo, opts = {}) {
  const { stdout } = await run('bash', [path.join(repo, 'scripts/e2e/install-code-server.sh')], opts);
  const m = stdout.match(/^E2E_TOOLS=(.+)$/m);
  if (!m) throw new Error('install-code-server.sh did not print E2E_TOOLS=<path>');
  return JSON.parse(await fsp.readFile(m[1].trim(), 'utf8'));
}

/**
 * @typedef {object} CodeServer
 * @property {number} port
 * @property {string} baseUrl
 * @property {number} pid
 * @property {string} logFile
 * @property {string} userData
 * @property {string} extensions
 * @property {string} settingsFile the user settings.json
 * @property {string} settingsText what the harness wrote there
 * @property {{ code: number | null, signal: NodeJS.Signals | null } | null} exited
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} whenExited
 * @property {() => Promise<void>} stop
 */

/**
 * Start a fresh code-server on 127.0.0.1:<free port>.
 * @param {object} o
 * @param {Tools} o.tools the tools.json written by scripts/e2e/install-code-server.sh
 * @param {string} o.dir a temp folder owned by this instance (user-data, extensions, config, log go there)
 * @param {string} o.folder the workspace folder to open
 * @param {string} [o.name]
 * @param {string} [o.logFile]
 * @param {Record<string, unknown>} [o.extraSettings] user settings beyond the quiet defaults
 * @param {boolean} [o.workspaceTrust] workspace trust on (no trust prompt), so the folder opens in Restricted Mode
 * @returns {Promise<CodeServer>}
 */
export async function startCodeServer({
  tools, dir, folder, name = 'code-server', logFile, extraSettings = {}, workspaceTrust = false,
}) {
  const userData = path.join(dir, 'user-data');
  const extensions = path.join(dir, 'extensions');
  await fsp.mkdir(path.join(userData, 'User'), { recursive: true });
  await fsp.mkdir(extensions, { recursive: true });
  const settings = {
    'workbench.startupEditor': 'none',
    'chat.disableAIFeatures': true,
    // In the current form: VS Code rewrites a value of an older form (false) at start-up, and that
    // save, while the extension host starts, logs "Aborted onWillSaveTextDocument-event after 1750ms".
    'extensions.autoUpdate': 'off',
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'telemetry.telemetryLevel': 'off',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'security.workspace.trust.enabled': workspaceTrust,
    // Never ask: the folder stays untrusted, as when a user dismisses the prompt.
    ...(workspaceTrust ? { 'security.workspace.trust.startupPrompt': 'never' } : {}),
    'git.enabled': false,
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    ...extraSettings,
  };
  const settingsFile = path.join(userData, 'User', 'settings.json');
  const settingsText = JSON.stringify(settings, null, 2);
  await fsp.writeFile(settingsFile, settingsText);
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
    ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
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
  const pid = /** @type {number} */ (child.pid);
  /** @type {CodeServer['exited']} */
  let exited = null;
  /** @type {CodeServer['whenExited']} */
  const whenExited = new Promise((resolve) => child.on('exit', (code, signal) => {
    exited = { code, signal };
    resolve(exited);
  }));

  const baseUrl = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  const failure = (/** @type {string} */ what) => new Error(`${name} ${what}; log: ${logFile}\n${tail(logFile)}`);
  for (;;) {
    const gone = /** @type {CodeServer['exited']} */ (exited);
    if (gone) throw failure(`exited early (${gone.code ?? gone.signal})`);
    try {
      const r = await fetch(`${baseUrl}/healthz`);
      if (r.ok) break;
    } catch { /* not yet */ }
    if (Date.now() - t0 > 60000) throw failure('did not answer /healthz within 60 s');
    await sleep(200);
  }
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  log(`${name} ready on ${baseUrl} (pid ${pid}) after ${seconds} s; log ${logFile}`);
  return {
    port, baseUrl, pid, logFile, userData, extensions, settingsFile, settingsText,
    get exited() { return exited; },
    whenExited,
    stop: () => killGroup(pid, name),
  };
}

/**
 * Environment for code-server and its CLI: Node 24 first on PATH; no leaked VS Code vars.
 * @param {Tools} tools
 * @param {Record<string, string>} extra
 * @returns {NodeJS.ProcessEnv}
 */
export function codeServerEnv(tools, extra = {}) {
  /** @type {NodeJS.ProcessEnv} */
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

/**
 * XDG folders inside `dir`, so that nothing is written to ~/.cache, ~/.config, ~/.local
 * (code-server's coder-logs and heartbeat, the VS Code device id, chromium's caches, dconf).
 * @param {string} dir
 * @returns {Record<string, string>}
 */
export function privateXdg(dir) {
  const x = path.join(dir, 'xdg');
  const env = {
    XDG_CONFIG_HOME: `${x}/config`, XDG_CACHE_HOME: `${x}/cache`,
    XDG_DATA_HOME: `${x}/data`, XDG_STATE_HOME: `${x}/state`,
  };
  for (const d of Object.values(env)) fs.mkdirSync(d, { recursive: true });
  return env;
}

/** The last lines of a log file, for an error message. */
export function tail(/** @type {string} */ file, n = 40) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
  } catch { return '(no log)'; }
}

/**
 * Install a .vsix into an extensions dir with code-server's CLI (no server needed).
 * @param {{ tools: Tools, vsix: string, dir: string }} o
 */
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

/**
 * The payload URL that makes the workbench run extension tests (needs enable-smoke-test-driver).
 * Paths become vscode-remote URIs; `extensionEnvironment` (an object) is sent as JSON.
 * @param {string} baseUrl
 * @param {number} port
 * @param {string} folder
 * @param {[string, string | Record<string, string>][]} payload
 */
export function workbenchUrl(baseUrl, port, folder, payload = []) {
  const remote = (/** @type {string} */ p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const entries = payload.map(([k, v]) => [k, k === 'extensionEnvironment' ? JSON.stringify(v) : remote(String(v))]);
  const q = new URLSearchParams();
  q.set('folder', folder);
  if (entries.length) q.set('payload', JSON.stringify(entries));
  return `${baseUrl}/?${q.toString()}`;
}
