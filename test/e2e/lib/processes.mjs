// Child processes: every long-lived child is started detached (setsid: its own process group)
// and ended by group, SIGTERM then SIGKILL after a grace period. Cleanup runs on normal end,
// on exceptions and on SIGINT/SIGTERM/SIGHUP. Also short commands, free ports and time limits.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { log } from './log.mjs';

export { sleep };

/** @type {Map<number, { name: string, child: import('node:child_process').ChildProcess }>} */
const groups = new Map();
/** Extra async cleanup functions (browser.close, tmp removal), run LIFO. */
/** @type {(() => unknown)[]} */
const cleanups = [];

/** @param {number} pid */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch (e) {
    return /** @type {NodeJS.ErrnoException} */ (e).code === 'EPERM';
  }
}

/** Ends a process group: SIGTERM, then SIGKILL after `graceMs`. */
export async function killGroup(/** @type {number} */ pid, name = String(pid), graceMs = 5000) {
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

/**
 * Spawn a child in its own process group (detached = setsid on Linux), tracked for cleanup.
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} opts
 */
export function spawnGroup(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { ...opts, detached: true });
  if (child.pid) groups.set(child.pid, { name, child });
  child.once('exit', () => { /* group may still have members: killGroup checks the group */ });
  return child;
}

/** Registers a cleanup step; returns a function that unregisters it. */
export function onCleanup(/** @type {() => unknown} */ fn) {
  cleanups.push(fn);
  return () => { const i = cleanups.indexOf(fn); if (i >= 0) cleanups.splice(i, 1); };
}

/** @type {Promise<void> | null} */
let cleaning = null;
/** Runs the cleanup steps (last registered first), then ends every process group left. */
export function cleanupAll() {
  if (cleaning) return cleaning;
  cleaning = (async () => {
    while (cleanups.length) {
      const fn = /** @type {() => unknown} */ (cleanups.pop());
      try { await fn(); } catch (e) { log('cleanup step failed:', /** @type {Error} */ (e)?.message || e); }
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

/** @returns {Promise<number>} a TCP port free on 127.0.0.1 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** A command's failure, with what it printed. */
export class CommandError extends Error {
  /** @param {string} message @param {string} stdout @param {string} stderr */
  constructor(message, stdout, stderr) {
    super(message);
    this.stdout = stdout;
    this.stderr = stderr;
  }
}

/**
 * @typedef {import('node:child_process').SpawnOptions & { prefix?: string, capture?: boolean }} RunOptions
 * prefix: put before each forwarded line; capture: keep stdout to the result instead of printing it
 */

/**
 * Run a command to completion (not detached; short-lived), streaming output with a prefix.
 * @param {string} cmd
 * @param {string[]} args
 * @param {RunOptions} opts
 * @returns {Promise<{ stdout: string, stderr: string }>}
 */
export function run(cmd, args, opts = {}) {
  const { prefix = '', capture = false, ...spawnOpts } = opts;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOpts });
    let out = '';
    let err = '';
    /** @param {NodeJS.WriteStream} stream @param {'out' | 'err'} buf */
    const fwd = (stream, buf) => (/** @type {Buffer} */ d) => {
      const s = d.toString();
      if (buf === 'out') out += s; else err += s;
      if (!capture || buf === 'err') stream.write(prefix ? s.replace(/^(?=.)/gm, prefix) : s);
    };
    child.stdout?.on('data', fwd(process.stdout, 'out'));
    child.stderr?.on('data', fwd(process.stderr, 'err'));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout: out, stderr: err });
      else reject(new CommandError(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`, out, err));
    });
  });
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what named in the error
 * @returns {Promise<T>}
 */
export async function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let t;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    t = setTimeout(() => reject(new Error(`timed out after ${Math.round(ms / 1000)} s: ${what}`)), ms);
  });
  try { return await Promise.race([promise, timeout]); } finally { clearTimeout(t); }
}
