/**
 * `audit --reference`: the toy game's reference in Python and in C++, its hand-picked mutants
 * built, compared (equivalent, duplicate), run on a tiny set and reported; the cache.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildIdSection } from '../../server/src/cli/mutation/binaryIdentity';
import { MutationCache } from '../../server/src/cli/mutation/mutationCache';
import {
  auditReference, prepareReference, referenceJson, referenceText, type ReferenceAudit,
} from '../../server/src/cli/mutation/referenceAudit';
import type { Io } from '../../server/src/cli/processIo';
import { registerSumRace } from '../toyGame';
import { killAll, tempDir, waitFor, within } from './harness';
import { CPP_REFERENCE, handLister, PYTHON_REFERENCE, writeDecks } from './reference-fixtures';

registerSumRace();

async function audited(
  file: string, cacheDir: string, dir: string, build?: string,
): Promise<{ audit: ReferenceAudit; stderr: string }> {
  let stderr = '';
  const io: Io = { stdout: () => undefined, stderr: (text) => { stderr += text; }, readStdin: () => '' };
  const reference = await prepareReference(file, build, new MutationCache(cacheDir));
  const audit = await auditReference(reference, {
    decks: writeDecks(dir), format: 'sumdeck', jobs: 1, memoryLimitMb: 1024, lister: handLister(),
  }, io);
  return { audit, stderr };
}

describe('audit --reference on the toy game', () => {
  test('Python: statuses, JSON, the text report; a second run builds and runs nothing', async () => {
    const dir = tempDir();
    const file = join(dir, 'sum.py');
    writeFileSync(file, PYTHON_REFERENCE);
    const cacheDir = tempDir();
    const first = await audited(file, cacheDir, dir);
    const json = referenceJson(first.audit);
    assert.deepEqual(json.reference, {
      file, build: null, mutants: 5, killed: 1, survived: 1, likelyEquivalent: 0, equivalent: 1, duplicate: 1,
      buildFailed: 1, score: 0.5,
    });
    assert.deepEqual(json.referenceMutants, [
      { id: '18:13:constant-plus-one', line: 18, column: 13, operator: 'constant-plus-one', original: '0',
        replacement: '1', status: 'survived', killedBy: null },
      { id: '18:15:arithmetic', line: 18, column: 15, operator: 'arithmetic', original: '*', replacement: '+',
        status: 'duplicate', killedBy: null },
      { id: '18:17:constant-plus-one', line: 18, column: 17, operator: 'constant-plus-one', original: '2',
        replacement: '3', status: 'equivalent', killedBy: null },
      { id: '22:17:arithmetic', line: 22, column: 17, operator: 'arithmetic', original: '+=', replacement: '+==',
        status: 'build-failed', killedBy: null },
      { id: '24:20:relational', line: 24, column: 20, operator: 'relational', original: '>=', replacement: '>',
        status: 'killed', killedBy: join(dir, 'exact.sumdeck') },
    ]);
    assert.equal(referenceText(first.audit), [
      `Reference ${file} (run with python3):`,
      '  mutation score 50.0% (1 of 2 killed)',
      '  5 mutants: 1 killed, 1 survived, 0 likely equivalent, 1 equivalent, 1 duplicate, 1 build failed',
      '',
      'Surviving mutants:',
      '  line 18:13 constant-plus-one: 0 → 1 (survived)',
      '    - start = 0 * 2',
      '    + start = 1 * 2',
      '',
    ].join('\n'));
    // 4 mutants compiled (one does not), the reference on 3 decks, the survivor
    // on 3, the killed mutant on 2 (the deck that kills it is its second).
    assert.deepEqual([first.audit.builds, first.audit.runs],
      [{ built: 4, cached: 0, failed: 1 }, { runs: 8, cached: 0 }]);
    assert.match(first.stderr, /^reference: 5 mutants in \d+\.\d s: 4 built, 0 from the cache, 1 failed\n/);

    const second = await audited(file, cacheDir, dir);
    assert.deepEqual(referenceJson(second.audit), json);
    assert.deepEqual([second.audit.builds, second.audit.runs],
      [{ built: 0, cached: 5, failed: 1 }, { runs: 0, cached: 7 }]);
    assert.match(second.stderr, new RegExp(
      '^reference: 5 mutants in \\d+\\.\\d s: 0 built, 5 from the cache, 1 failed\n'
      + 'reference: 2 distinct mutants on 3 decks in \\d+\\.\\d s: 0 runs, 7 verdicts from the cache; 1 killed\n$'));
  });

  test('C++ with the default build: the compiler folds constants, so equal programs are found', async () => {
    const dir = tempDir();
    const file = join(dir, 'sum.cpp');
    writeFileSync(file, CPP_REFERENCE);
    const cacheDir = tempDir();
    const { audit } = await audited(file, cacheDir, dir);
    assert.deepEqual(referenceJson(audit), {
      reference: {
        file, build: 'g++ -std=gnu++17 -O1 -w -o {out} {src}', mutants: 5, killed: 1, survived: 1,
        likelyEquivalent: 0, equivalent: 1, duplicate: 1, buildFailed: 1, score: 0.5,
      },
      referenceMutants: [
        { id: '20:21:constant-plus-one', line: 20, column: 21, operator: 'constant-plus-one', original: '0',
          replacement: '1', status: 'survived', killedBy: null },
        { id: '20:23:arithmetic', line: 20, column: 23, operator: 'arithmetic', original: '*', replacement: '+',
          status: 'duplicate', killedBy: null },
        { id: '20:25:constant-plus-one', line: 20, column: 25, operator: 'constant-plus-one', original: '2',
          replacement: '3', status: 'equivalent', killedBy: null },
        { id: '24:13:arithmetic', line: 24, column: 13, operator: 'arithmetic', original: '+=', replacement: '+==',
          status: 'build-failed', killedBy: null },
        { id: '26:17:relational', line: 26, column: 17, operator: 'relational', original: '>=', replacement: '>',
          status: 'killed', killedBy: join(dir, 'exact.sumdeck') },
      ],
    });
    // Four distinct programs (the reference, the survivor, the killed one): the duplicate and the
    // equivalent mutant's binaries were the same as one of these but for their build ids.
    const programs = readdirSync(join(cacheDir, 'mutation', 'programs'));
    assert.equal(programs.length, 3);
    for (const program of programs) {
      const bytes = readFileSync(join(cacheDir, 'mutation', 'programs', program));
      const note = buildIdSection(bytes)!;
      // A GNU note: name size 4, descriptor size 20 (a SHA-1), type 3, name "GNU\0".
      assert.deepEqual([note.size, [...bytes.subarray(note.offset + 12, note.offset + 16)]], [36, [71, 78, 85, 0]]);
    }
    // The reference's leading includes, precompiled once.
    assert.deepEqual(readdirSync(join(cacheDir, 'mutation', 'headers')).length, 1);
  });

  /** Processes whose command line names `dir`: the builds and runs of an audit using it as its cache. */
  function processesUsing(dir: string): number[] {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).flatMap((name) => {
      try {
        return readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(dir) ? [Number(name)] : [];
      } catch {
        return [];
      }
    });
  }

  /** Files in `dir` and below, by path relative to it. */
  function filesUnder(dir: string, prefix = ''): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory()
      ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]));
  }

  for (const [language, name, text] of [['Python', 'sum.py', PYTHON_REFERENCE], ['C++', 'sum.cpp', CPP_REFERENCE]]) {
    test(`Ctrl-C while ${language} mutants run leaves no process and no half-written file`, async () => {
      const dir = tempDir();
      const file = join(dir, name);
      writeFileSync(file, text);
      const cacheDir = tempDir();
      const driver = join(__dirname, 'referenceDriver.js');
      const child = spawn(process.execPath, [driver, file, cacheDir, dir, '20'], { stdio: 'ignore' });
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)));
      const programs = join(cacheDir, 'mutation', 'programs');
      // A mutant's program running: its command line names the cache's programs folder.
      const running = () => processesUsing(programs).filter((pid) => pid !== child.pid);
      try {
        await waitFor('a mutant to run', () => running().length > 0);
        child.kill('SIGINT');
        assert.equal(await within('the audit', ended), 'SIGINT');
        await waitFor('every process to end', () => processesUsing(cacheDir).length === 0, 10_000);
        const left = filesUnder(join(cacheDir, 'mutation'));
        assert.deepEqual(left.filter((path) => path.endsWith('.tmp')), []);
        // Every verdict file is whole JSON.
        for (const path of left.filter((p) => p.startsWith('verdicts/'))) {
          JSON.parse(readFileSync(join(cacheDir, 'mutation', path), 'utf8'));
        }
      } finally {
        killAll([child.pid!, ...processesUsing(cacheDir)]);
      }
    });
  }
});
