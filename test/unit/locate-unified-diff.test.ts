/** The unified diff of a repair: exact text, and `patch` applies it. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { unifiedDiff } from '../../server/src/cli/locate/unifiedDiff';

const TEN = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const hasPatch = (() => {
  try {
    execFileSync('patch', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Applies `diff` to a file holding `before` with patch(1) and returns the file's text. */
function patched(before: string, diff: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'deck-sim-diff-')), 'sol.cpp');
  writeFileSync(file, before);
  execFileSync('patch', ['--quiet', file], { input: diff });
  return readFileSync(file, 'utf8');
}

describe('unifiedDiff', () => {
  test('one line changed in the middle: three lines of context each side', () => {
    const after = TEN.replace('line 5', 'line five');
    assert.equal(unifiedDiff('sol.cpp', TEN, after), [
      '--- sol.cpp', '+++ sol.cpp', '@@ -2,7 +2,7 @@',
      ' line 2', ' line 3', ' line 4', '-line 5', '+line five', ' line 6', ' line 7', ' line 8', '',
    ].join('\n'));
  });

  test('the first and the last line: context cut at the file\'s ends', () => {
    assert.equal(unifiedDiff('a.py', TEN, TEN.replace('line 1\n', 'line one\n')),
      ['--- a.py', '+++ a.py', '@@ -1,4 +1,4 @@', '-line 1', '+line one', ' line 2', ' line 3', ' line 4', '']
        .join('\n'));
    assert.equal(unifiedDiff('a.py', TEN, TEN.replace('line 10', 'line ten')),
      ['--- a.py', '+++ a.py', '@@ -7,4 +7,4 @@', ' line 7', ' line 8', ' line 9', '-line 10', '+line ten', '']
        .join('\n'));
  });

  test('a deleted line, and a last line without a newline', () => {
    assert.equal(unifiedDiff('a.c', 'a\nb\nc\n', 'a\nc\n'),
      ['--- a.c', '+++ a.c', '@@ -1,3 +1,2 @@', ' a', '-b', ' c', ''].join('\n'));
    assert.equal(unifiedDiff('a.c', 'x\ny', 'x\nz'),
      ['--- a.c', '+++ a.c', '@@ -1,2 +1,2 @@', ' x', '-y', '\\ No newline at end of file', '+z',
        '\\ No newline at end of file', ''].join('\n'));
  });

  test('equal texts: no diff', () => {
    assert.equal(unifiedDiff('a.c', TEN, TEN), '');
  });

  const noPatch = hasPatch ? false : 'patch is not installed';
  test('patch applies each diff and gives the changed text', { skip: noPatch }, () => {
    const changes = [TEN.replace('line 5', 'line five'), TEN.replace('line 1\n', ''), TEN.replace('line 10', 'x')];
    for (const after of changes) {
      assert.equal(patched(TEN, unifiedDiff('sol.cpp', TEN, after)), after);
    }
    assert.equal(patched('x\ny', unifiedDiff('sol.cpp', 'x\ny', 'x\nz')), 'x\nz');
  });
});
