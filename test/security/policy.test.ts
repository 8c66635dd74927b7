/**
 * Issue 15's policy, kept true by a scan of the shipped code (server/src, client/src): nothing
 * executes code except the judge's runner (and the client's start of the CLI judge), and the
 * server and CLI write files only for `--out-dir` and the stress test's `--out`.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from '../helpers';
import { findUses, type Use } from './sourcePolicy';

/** Every allowed use: `file: kind name`, with why. Anything else found fails the test. */
const ALLOWED: Record<string, string> = {
  // The judge runs the user's solution: no shell, a time limit, an output cap, its group killed.
  'server/src/cli/judge/runner.ts: child_process child_process': 'the judge runner',
  // The extension runs its own bundled CLI (`deck-sim judge`, `deck-sim stress`) with VS Code's Node.
  'client/src/judge/cliJudge.ts: child_process child_process': 'starts the CLI judge',
  'client/src/judge/referenceAuditor.ts: fs write mkdtemp': "a fresh folder for --kill-mutant's deck, read back",
  'client/src/judge/referenceAuditor.ts: fs write rm': 'removes only that fresh folder, once its deck is read',
  'server/src/cli/batch.ts: fs write writeSync': 'one output file per input in --out-dir (opened by outputFiles.ts)',
  'server/src/cli/commands/simulate.ts: fs write mkdirSync': 'creates --out-dir',
  'server/src/cli/processIo.ts: fs write writeSync': "the CLI's stdout and stderr (file descriptors 1 and 2)",
  // Every checked output (outputFiles.ts): a regular file or a new name, replaced whole through a file beside it,
  // never through a link; a package or augment built in a staging folder and moved into place whole.
  'server/src/cli/outputFiles.ts: fs write openSync': 'an --out-dir file written in place (O_NOFOLLOW, fstat)',
  'server/src/cli/outputFiles.ts: fs write writeSync': 'the one-line message (fd 2) when a signal stops a write',
  'server/src/cli/outputFiles.ts: fs write writeFileSync': 'a staged file, or the temporary file beside a replaced one',
  'server/src/cli/outputFiles.ts: fs write copyFileSync': "a package's submissions and the files --force keeps",
  'server/src/cli/outputFiles.ts: fs write symlinkSync': 'a link --force keeps in a package, copied as a link',
  'server/src/cli/outputFiles.ts: fs write mkdirSync': 'the staging folder, its folders, and the parents of --out',
  'server/src/cli/outputFiles.ts: fs write renameSync': 'moves a staged file or folder into place (and the old aside)',
  'server/src/cli/outputFiles.ts: fs write rmSync': "removes a staging folder, or the old package once replaced",
  'server/src/cli/outputFiles.ts: fs write chmodSync': "the new package folder gets the old one's permissions",
  'server/src/cli/commands/locate.ts: fs write mkdtempSync': "locate's own temporary folder (builds, run records)",
  'server/src/cli/commands/locate.ts: fs write rmSync': "removes locate's own temporary folder",
  'server/src/cli/locate/coverage.ts: fs write copyFileSync': "gcc's notes beside a run's counters (locate's folder)",
  'server/src/cli/locate/coverage.ts: fs write writeFileSync': "the Python tracer, the signal unit (locate's folder)",
  'server/src/cli/locate/coverage.ts: fs write mkdirSync': "the coverage build's folder, in locate's folder",
  'server/src/cli/locate/spectra.ts: fs write mkdirSync': "a run's record folder, in locate's folder",
  'client/src/judge/stressCommand.ts: fs write mkdtemp': "Stress Test's private folder for the counterexample",
  'client/src/judge/stressCommand.ts: fs write rm': "removes Stress Test's private folder once the deck is read",
  // audit --reference's cache under $XDG_CACHE_HOME/deck-sim: written beside each entry and renamed into place.
  'server/src/cli/mutation/mutationCache.ts: fs write mkdirSync': "the mutation cache's folders",
  'server/src/cli/mutation/mutationCache.ts: fs write writeFileSync': 'a cache entry, beside its place (wx)',
  'server/src/cli/mutation/mutationCache.ts: fs write renameSync': 'a cache entry moved into its place whole',
  'server/src/cli/mutation/mutationCache.ts: fs write rmSync': 'scratch folders, failed writes, entries past the cap',
  'server/src/cli/mutation/mutationCache.ts: fs write utimesSync': 'marks a cache entry used (eviction order)',
  'server/src/cli/mutation/programBuilder.ts: fs write writeFileSync': "a mutant's source, in a new scratch folder",
};

const SCANNED = ['server/src', 'client/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|cts|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file: kind name` for each use found in the shipped code, with its line. */
function scan(): { key: string; line: number }[] {
  return SCANNED.flatMap((dir) => sourceFiles(join(repoRoot, dir))).flatMap((file) => {
    const name = relative(repoRoot, file).split('\\').join('/');
    return findUses(readFileSync(file, 'utf8'), file)
      .map((use) => ({ key: `${name}: ${use.kind} ${use.name}`, line: use.line }));
  });
}

describe('source policy: execution and file writes', () => {
  const found = scan();

  test('nothing executes code or writes files outside the allowed modules', () => {
    const unexpected = found.filter((f) => !(f.key in ALLOWED)).map((f) => `${f.key} (line ${f.line})`);
    assert.deepEqual(unexpected, []);
  });

  test('every allowed use is still there (the list stays exact)', () => {
    const used = new Set(found.map((f) => f.key));
    assert.deepEqual(Object.keys(ALLOWED).filter((key) => !used.has(key)), []);
  });
});

describe('findUses', () => {
  const cases: [string, string, Use[]][] = [
    ['comments, strings and templates do not count',
      '// child_process eval(x)\n/* new Function vm.run */\nconst s = "eval(1)" + `new Function(${a})`;\n', []],
    ['a method named like eval is not eval', 'obj.evaluate(x); x.evalThis();', []],
    ['child_process imported', "import { spawn } from 'node:child_process';",
      [{ kind: 'child_process', name: 'child_process', line: 1 }]],
    ['child_process required', 'const a = 1;\nconst cp = require("child_process");',
      [{ kind: 'child_process', name: 'child_process', line: 2 }]],
    ['vm loaded by import()', "await import('node:vm');", [{ kind: 'vm', name: 'vm', line: 1 }]],
    ['vm. used', 'vm.runInNewContext(code);', [{ kind: 'vm', name: 'vm.runInNewContext', line: 1 }]],
    ['eval called', "eval('1');\nglobalThis.eval(x);",
      [{ kind: 'eval', name: 'eval', line: 1 }, { kind: 'eval', name: 'globalThis.eval', line: 2 }]],
    ['Function constructed or called', "new Function('a', 'return a');\nFunction('x')();",
      [{ kind: 'new Function', name: 'new Function', line: 1 }, { kind: 'new Function', name: 'Function', line: 2 }]],
    ['fs writes imported by name', "import { readFileSync, writeFileSync as w } from 'fs';",
      [{ kind: 'fs write', name: 'writeFileSync', line: 1 }]],
    ['fs writes through a namespace', "import * as fs from 'node:fs';\nfs.readFileSync(p);\nfs.createWriteStream(p);",
      [{ kind: 'fs write', name: 'fs.createWriteStream', line: 3 }]],
    ['fs.promises writes', "import { promises as p } from 'node:fs';\nawait p.appendFile(f, x);",
      [{ kind: 'fs write', name: 'p.appendFile', line: 2 }]],
    ['open for reading is not a write; other flags are',
      "import { openSync } from 'node:fs';\nopenSync(f);\nopenSync(f, 'r');\nopenSync(f, 'a');",
      [{ kind: 'fs write', name: 'openSync', line: 4 }]],
    ['fs required whole cannot be checked', "const fs = require('fs');",
      [{ kind: 'fs write', name: 'fs (loaded whole: its writes cannot be told apart)', line: 1 }]],
    ['reading fs is fine', "import { readFileSync, statSync } from 'node:fs/promises';", []],
  ];
  for (const [name, source, expected] of cases) {
    test(name, () => assert.deepEqual(findUses(source), expected));
  }
});
