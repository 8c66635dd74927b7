// How a walk-through step waits and fails: polling with a message that describes what was seen.
import { sleep } from '../lib/processes.mjs';

/** A step's expected failure: reported by its message alone, without a stack. */
export class StepFailure extends Error {}

/** @returns {never} */
export function fail(/** @type {string} */ msg) {
  throw new StepFailure(msg);
}

/** @param {string} text @param {import('./expected.mjs').Pattern} pattern */
export const matches = (text, pattern) => (pattern instanceof RegExp ? pattern.test(text) : text.includes(pattern));

/** A pattern as a step name or message shows it. */
export const show = (/** @type {import('./expected.mjs').Pattern} */ pattern) =>
  (pattern instanceof RegExp ? String(pattern) : JSON.stringify(pattern));

/**
 * How long one walk-through step may take in all. Every wait inside a step is for a state (a
 * list rendered, a diagnostic shown, a menu open) and ends at this one limit, not at a short one
 * of its own, so a loaded machine makes a step slower, never red.
 */
export const STEP_LIMIT_MS = 180_000;

let stepDeadline = Date.now() + STEP_LIMIT_MS;

/** Starts a step's clock: its waits share `limit` (STEP_LIMIT_MS, or the step's own) from now. */
export function startStepClock(limit = STEP_LIMIT_MS) {
  stepDeadline = Date.now() + limit;
}

/** What is left of the step's limit: the timeout of a wait on state. */
export function patience() {
  return Math.max(1, stepDeadline - Date.now());
}

/**
 * How long to wait for what a key press should bring (a menu, a box) before pressing again, in
 * case the press was lost while the focus moved: longer at each try, so a slow workbench is
 * waited for, and never past the step's limit.
 */
export function probe(/** @type {number} */ attempt) {
  return Math.min(patience(), 2000 * 2 ** attempt);
}

/**
 * Whether fn becomes true within `ms` (polled): for the state a key press should bring, before
 * the caller acts again. Never fails the step by itself.
 * @param {() => Promise<boolean>} fn
 * @param {number} ms
 */
export async function becomes(fn, ms, interval = 100) {
  const end = Date.now() + ms;
  for (;;) {
    if (await fn().catch(() => false)) return true;
    if (Date.now() >= end) return false;
    await sleep(interval);
  }
}

/** @template T @typedef {T | Promise<T>} Awaitable */
/**
 * What `until` gives back: the value it waited for, never a falsy one.
 * @template T @typedef {Exclude<T, undefined | null | false | 0 | ''>} Truthy
 */

/**
 * Poll fn until it returns a truthy value, or fail with message (a string or a function
 * called at failure time, so it can describe the last state seen). By default it waits for
 * what is left of the step's limit.
 * @template T
 * @param {() => Promise<T>} fn
 * @param {{ timeout?: number, interval?: number, message?: string | ((last: T | undefined) => Awaitable<string>) }} o
 * @returns {Promise<Truthy<T>>}
 */
export async function until(fn, { timeout = patience(), interval = 250, message = 'condition' } = {}) {
  const t0 = Date.now();
  /** @type {T | undefined} */
  let last;
  /** @type {Error | undefined} */
  let lastErr;
  for (;;) {
    try {
      last = await fn();
      if (last) return /** @type {Truthy<T>} */ (last);
    } catch (e) { lastErr = /** @type {Error} */ (e); }
    if (Date.now() - t0 > timeout) {
      const msg = typeof message === 'function' ? await message(last) : message;
      const waited = Math.round((Date.now() - t0) / 1000);
      fail(`${msg} (waited ${waited} s)${lastErr ? `; last error: ${lastErr.message}` : ''}`);
    }
    await sleep(interval);
  }
}

/** Where two texts first differ, line by line. */
export function describeDiff(/** @type {string} */ expected, /** @type {string} */ got, what = 'line') {
  const e = expected.split('\n');
  const g = got.split('\n');
  for (let i = 0; i < Math.max(e.length, g.length); i++) {
    if (e[i] !== g[i]) {
      return `first difference at ${what} ${i + 1}: expected ${JSON.stringify(e[i] ?? '<end>')}, `
        + `got ${JSON.stringify(g[i] ?? '<end>')} (${e.length} vs ${g.length} lines)`;
    }
  }
  return 'texts differ only in line endings';
}
