/** `npm test`'s reporter (scripts/test-reporter.mjs): a line per layer, failures in full, node's closing lines. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../helpers';
import { tempDir } from './harness';

const reporter = join(repoRoot, 'scripts', 'test-reporter.mjs');

/** Runs node's test runner with the reporter over `files` (path → source), from a fresh folder. */
function runReporter(files: Record<string, string>): { status: number | null; lines: string[] } {
  const dir = tempDir();
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  // Without NODE_TEST_CONTEXT, the inner runner reports for itself rather than to this one.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, ['--test', `--test-reporter=${reporter}`, 'test/alpha/', 'test/beta/'],
    { cwd: dir, env, encoding: 'utf8' });
  assert.equal(result.stderr, '');
  return { status: result.status, lines: result.stdout.replace(/duration_ms [\d.]+/, 'duration_ms T').split('\n') };
}

const PASSING = {
  'test/alpha/one.test.js': "const { test } = require('node:test');\ntest('a', () => {});\ntest('b', () => {});\n",
  'test/alpha/two.test.js': "const { test } = require('node:test');\ntest('c', () => {});\n",
  'test/beta/three.test.js': "const { test, describe } = require('node:test');\n"
    + "describe('s', () => { test('d', () => { console.log('quiet when it passes'); }); });\n"
    + "test('e', { skip: 'no shared folder' }, () => {});\n",
};

describe('test reporter', () => {
  test('a passing run: one line per layer and the closing lines, nothing else', () => {
    assert.deepEqual(runReporter(PASSING), {
      status: 0,
      lines: [
        'alpha  3 passed, 0 failed (2 files)',
        'beta   1 passed, 0 failed, 1 skipped (1 file)',
        '  skipped: no shared folder',
        '# tests 5', '# suites 1', '# pass 4', '# fail 0', '# cancelled 0', '# skipped 1', '# todo 0',
        '# duration_ms T', '',
      ],
    });
  });

  test('a failure in full: its path, where, the assertion and its diff, the file\'s output', () => {
    const { status, lines } = runReporter({
      ...PASSING,
      'test/beta/four.test.js': "const { test, describe } = require('node:test');\n"
        + "const assert = require('node:assert/strict');\n"
        + "describe('suite', () => {\n"
        + "  test('bad', () => { console.error('said before failing'); assert.deepEqual({ a: 1 }, { a: 2 }); });\n"
        + '});\n',
    });
    assert.equal(status, 1);
    const text = lines.join('\n');
    assert.deepEqual(lines.slice(0, 5), [
      '', '✖ suite › bad', '  test/beta/four.test.js:4',
      '  AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:', '  + actual - expected',
    ]);
    assert.match(text, /\n {4}\{\n {2}\+ {3}a: 1\n {2}- {3}a: 2\n {4}\}\n/);
    assert.match(text, /\n {2}output of test\/beta\/four\.test\.js:\n {2}\| said before failing\n/);
    assert.deepEqual(lines.slice(-12), [
      'alpha  3 passed, 0 failed (2 files)',
      'beta   1 passed, 1 failed, 1 skipped (2 files)',
      '  skipped: no shared folder',
      '# tests 6', '# suites 2', '# pass 4', '# fail 1', '# cancelled 0', '# skipped 1', '# todo 0',
      '# duration_ms T', '',
    ]);
  });

  test('a file that does not load fails as a whole, with what it printed', () => {
    const { status, lines } = runReporter({ ...PASSING, 'test/beta/broken.test.js': 'this is not javascript\n' });
    assert.equal(status, 1);
    const text = lines.join('\n');
    assert.match(text, /^\n✖ test\/beta\/broken\.test\.js\n/);
    assert.match(text, /\n {2}\| SyntaxError: Unexpected identifier/);
    assert.ok(lines.includes('# fail 1'));
  });
});
