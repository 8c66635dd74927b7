// The end every harness run shares (test:e2e, test:web): run the phases, count a phase that
// threw as one failure, end every process, print the timings, the failures and the closing
// line `NAME: N passed, N failed` that CI reads, and exit with the verdict.
import { log } from './log.mjs';
import { cleanupAll } from './processes.mjs';

/** A failure's message, whatever was thrown. */
export const message = (/** @type {unknown} */ e) => (e instanceof Error ? e.message : String(e));

/**
 * @param {string} name the run's name in the closing line: `e2e`, `web`
 * @param {() => Promise<void>} main the phases
 * @param {{ tally: import('../config.mjs').Tally, failures: string[],
 *   timings: import('./log.mjs').Timings }} state what the phases counted
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
