// What the harness prints: `[e2e]` lines (`[web]` for test:web) and the closing timing table.

let prefix = '[e2e]';

/** Sets the tag of every line the harness prints. @param {string} tag */
export function setLogPrefix(tag) {
  prefix = tag;
}

/** @param {...unknown} args */
export function log(...args) {
  console.log(prefix, ...args);
}

/** @typedef {{ name: string, ms: number, ok: boolean }} TimingRow */

/** How long each phase took, and whether it passed. */
export class Timings {
  constructor() {
    /** @type {TimingRow[]} */
    this.rows = [];
  }

  /**
   * Runs one phase, logging its start and end.
   * @template T
   * @param {string} name
   * @param {() => Promise<T>} fn
   * @returns {Promise<T>}
   */
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

  /** @param {string} name @param {number} ms */
  add(name, ms, ok = true) { this.rows.push({ name, ms, ok }); }

  /** @param {string} name */
  markFailed(name) { for (const r of this.rows) if (r.name === name) r.ok = false; }

  print() {
    const w = Math.max(10, ...this.rows.map((r) => r.name.length));
    console.log(`\n${prefix} timing summary`);
    for (const r of this.rows) {
      console.log(`  ${r.name.padEnd(w)}  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.ok ? 'ok' : 'FAILED'}`);
    }
  }
}
