// The Neovim suite (out/test/editors/): Debian's Neovim, installed with the other Debian packages,
// run with the init.lua block of docs/cli.md. Its tests are counted into the run's tally.
import path from 'node:path';
import { run } from 'node:test';
import { REPO } from './config.mjs';
import { log } from './lib/log.mjs';
import { SuiteError } from './suite.mjs';

/**
 * Runs the suite and adds its tests to `tally`; throws when one fails.
 * @param {import('./config.mjs').Tally} tally
 */
export async function runNeovimSuite(tally) {
  let passed = 0;
  /** @type {string[]} */
  const failed = [];
  const files = [path.join(REPO, 'out', 'test', 'editors', 'neovim.test.js')];
  for await (const event of run({ files })) {
    // Tests only: the describe blocks report their own pass or fail.
    if (event.type === 'test:pass' && event.data.details.type !== 'suite') {
      passed += 1;
      log(`neovim: ok ${event.data.name}`);
    } else if (event.type === 'test:fail' && event.data.details.type !== 'suite') {
      const error = /** @type {{ cause?: unknown, message?: string }} */ (event.data.details.error);
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? error.message);
      failed.push(`${event.data.name}: ${cause}`);
      log(`neovim: FAILED ${event.data.name}: ${cause}`);
    }
  }
  tally.passed += passed;
  tally.failed += failed.length;
  if (passed === 0 && failed.length === 0) throw new SuiteError('the Neovim suite ran no test');
  if (failed.length > 0) throw new SuiteError(`${failed.length} failed: ${failed.join('; ')}`, true);
}
