/** The mutation cache (its place, cap and scratch), build plans and the progress line of audit --reference. */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { cacheCapBytes, cacheRoot, MutationCache } from '../../server/src/cli/mutation/mutationCache';
import { buildPlan, leadingIncludes } from '../../server/src/cli/mutation/buildPlan';
import { Progress } from '../../server/src/cli/mutation/progress';
import type { Io } from '../../server/src/cli/processIo';
import { tempDir } from './harness';

describe('the mutation cache', () => {
  test('where it is: an absolute XDG_CACHE_HOME, else ~/.cache; its cap from DECK_SIM_CACHE_MB', () => {
    assert.equal(cacheRoot({ XDG_CACHE_HOME: '/x/cache' }), '/x/cache/deck-sim');
    assert.match(cacheRoot({ XDG_CACHE_HOME: 'relative' }), /\/\.cache\/deck-sim$/);
    assert.match(cacheRoot({}), /\/\.cache\/deck-sim$/);
    const caps = [{}, { DECK_SIM_CACHE_MB: '5' }, { DECK_SIM_CACHE_MB: '-1' }].map((env) => cacheCapBytes(env));
    assert.deepEqual(caps, [1024 * 1024 * 1024, 5 * 1024 * 1024, 1024 * 1024 * 1024]);
  });

  test('past the cap, the least recently used entries go first', () => {
    const root = tempDir();
    const cache = new MutationCache(root);
    const kb = 'x'.repeat(1024);
    for (const [i, name] of ['a', 'b', 'c', 'd'].entries()) {
      cache.writeJson('verdicts', `${name}.json`, kb);
      const when = new Date(Date.UTC(2026, 0, 1 + i));
      utimesSync(cache.path('verdicts', `${name}.json`), when, when);
    }
    // `a` is the oldest, but used now.
    assert.equal(cache.has('verdicts', 'a.json'), true);
    assert.equal(cache.evict(2 * 1026 + 100), 2);
    assert.deepEqual(readdirSync(join(root, 'mutation', 'verdicts')).sort(), ['a.json', 'd.json']);
    assert.equal(cache.evict(10_000), 0);
  });

  test('a scratch folder of a process that is gone is removed; a live one is kept', () => {
    const root = tempDir();
    const scratch = join(root, 'mutation', 'scratch');
    mkdirSync(join(scratch, '999999999-aa'), { recursive: true });
    writeFileSync(join(scratch, '999999999-aa', 'half.o'), 'half');
    mkdirSync(join(scratch, `${process.pid}-bb`));
    new MutationCache(root);
    assert.deepEqual(readdirSync(scratch), [`${process.pid}-bb`]);
  });

  test('a record that is not JSON reads as absent (it is rebuilt)', () => {
    const cache = new MutationCache(tempDir());
    writeFileSync(cache.path('builds', 'x.json'), '{"ok": tr');
    assert.equal(cache.readJson('builds', 'x.json'), undefined);
  });
});

describe('build plans', () => {
  test('the leading system includes, across comments and blank lines, up to the first other line', () => {
    const source = '// solution\n#include <cstdio>\n\n/* io */\n#include<vector>\n#define N 5\n#include <map>\n';
    assert.equal(leadingIncludes(source), '#include <cstdio>\n#include<vector>\n');
    assert.equal(leadingIncludes('#define X\n#include <cstdio>\n'), undefined);
    assert.equal(leadingIncludes('#include "local.h"\n'), undefined);
  });

  test('languages by ending; --build words; Python not built', () => {
    assert.deepEqual(buildPlan('a/b.cc', undefined), {
      language: 'cpp', fileName: 'b.cc', template: 'g++ -std=gnu++17 -O1 -w -o {out} {src}',
      words: ['g++', '-std=gnu++17', '-O1', '-w', '-o', '{out}', '{src}'], isDefault: true,
    });
    assert.deepEqual(buildPlan('b.c', "clang -O2 -o {out} '{src}'"), {
      language: 'c', fileName: 'b.c', template: "clang -O2 -o {out} '{src}'",
      words: ['clang', '-O2', '-o', '{out}', '{src}'], isDefault: false,
    });
    assert.deepEqual(buildPlan('s.py', undefined), { language: 'python', fileName: 's.py', isDefault: true });
  });
});

describe('progress', () => {
  function recorded(tty: boolean): { io: Io; text: () => string; clock: { now: number } } {
    let text = '';
    const io: Io = { stdout: () => undefined, stderr: (t) => { text += t; }, readStdin: () => '', stderrIsTTY: tty };
    return { io, text: () => text, clock: { now: 0 } };
  }

  test('on a terminal: one line redrawn, at most every 250 ms, with the ETA; then the summary', () => {
    const { io, text, clock } = recorded(true);
    const progress = new Progress(io, () => clock.now);
    progress.begin(4);
    for (const at of [300, 400, 900, 1000]) {
      clock.now = at;
      progress.step((done, total) => `built ${done}/${total}`);
    }
    progress.end((s) => `4 built in ${s} s`);
    assert.equal(text(),
      '\r\x1b[Kbuilt 1/4, ETA 1 s\r\x1b[Kbuilt 3/4, ETA 0 s\r\x1b[Kbuilt 4/4\r\x1b[K4 built in 1.0 s\n');
  });

  test('elsewhere: only the summary', () => {
    const { io, text, clock } = recorded(false);
    const progress = new Progress(io, () => clock.now);
    progress.begin(2);
    progress.step(() => 'x');
    clock.now = 61_000;
    progress.step(() => 'x');
    progress.end((s) => `done in ${s} s`);
    assert.equal(text(), 'done in 61.0 s\n');
  });
});
