/**
 * `audit --reference`: the toy game's reference in Python and in C++, its hand-picked mutants
 * built, compared (equivalent, duplicate), run on a tiny set and reported; the cache.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { buildIdSection } from '../../server/src/cli/mutation/binaryIdentity';
import { MutationCache } from '../../server/src/cli/mutation/mutationCache';
import { roundedLimit } from '../../server/src/cli/mutation/mutantRuns';
import {
  auditReference, prepareReference, referenceJson, referenceText, type ReferenceAudit,
} from '../../server/src/cli/mutation/referenceAudit';
import { killerSearch } from '../../server/src/cli/mutation/referenceOption';
import type { KillingDeck } from '../../server/src/cli/mutation/killingDecks';
import type { Io } from '../../server/src/cli/processIo';
import { registerSumRace, SUM_RACE } from '../toyGame';
import { cli, killAll, tempDir, waitFor, within, type CliResult } from './harness';
import { sharedDir, sharedSkip } from '../helpers';
import {
  CPP_REFERENCE, HAND_MUTANTS, handLister, type HandMutant, PYTHON_REFERENCE, writeDecks,
} from './reference-fixtures';

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
      + 'reference: 2 distinct mutants on 3 decks in \\d+\\.\\d s: 0 runs, 4 verdicts from the cache; 1 killed\n$'));
  });

  test('C++ with the default build: the compiler folds constants, so equal programs are found', async () => {
    const dir = tempDir();
    const file = join(dir, 'sum.cpp');
    writeFileSync(file, CPP_REFERENCE);
    const cacheDir = tempDir();
    const { audit, stderr } = await audited(file, cacheDir, dir);
    // The mutant that does not build is left out of the schema; the survivors are built alone.
    assert.match(stderr, new RegExp('^reference: 4 of 5 mutants built as 1 program \\(a mutant schema\\) '
      + 'in \\d+\\.\\d s\n'
      + 'reference: 4 mutants of the schema on 3 decks in \\d+\\.\\d s: 11 runs, 0 verdicts from the cache; 1 killed\n'
      + 'reference: 4 mutants not killed or left out of the schema in \\d+\\.\\d s: 3 built, 0 from the cache, '
      + '1 failed\n$'));
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
    // Three programs: the reference, the schema (the killed mutant runs from it, never built alone)
    // and the survivor; the duplicate's and the equivalent mutant's were the same as one of these but
    // for their build ids.
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

  test('a build that rejects the batch server: programs built as written, one by one, same verdicts', async () => {
    const dir = tempDir();
    const file = join(dir, 'sum.cpp');
    writeFileSync(file, CPP_REFERENCE);
    // The macro breaks only the server's code, as a compiler without fork would.
    const build = 'g++ -std=gnu++17 -O1 -w -D__ds_serve=1 -ffile-prefix-map={src}=sum.cpp -o {out} {src}';
    const { audit, stderr } = await audited(file, tempDir(), dir, build);
    assert.deepEqual(audit.mutants.map(({ id, status }) => [id, status]), [
      ['20:21:constant-plus-one', 'survived'], ['20:23:arithmetic', 'duplicate'],
      ['20:25:constant-plus-one', 'equivalent'], ['24:13:arithmetic', 'build-failed'], ['26:17:relational', 'killed'],
    ]);
    // No schema built: every mutant was built alone.
    assert.match(stderr, /^reference: 5 mutants in \d+\.\d s: 4 built, 0 from the cache, 1 failed\n/);
  });

  test('--augment: a survivor the search kills gets a kill deck, one it cannot kill is likely equivalent', async () => {
    const dir = tempDir();
    const file = join(dir, 'sum.py');
    writeFileSync(file, PYTHON_REFERENCE);
    const out = join(dir, 'extra');
    const mutants = [
      HAND_MUTANTS[0],
      // The last player is named the winner: the set's only two-player deck is won by its last player.
      { find: "[p], 'WINS'", original: 'p', replacement: '-1', operator: 'constant' },
    ];
    const decks = writeDecks(dir);
    const cacheDir = tempDir();
    const reference = await prepareReference(file, undefined, new MutationCache(cacheDir));
    const request = { file, equivalenceDecks: 20 };
    const options = { decks, format: 'sumdeck', jobs: 1, memoryLimitMb: 1024, seed: 1 };
    let stderr = '';
    const io: Io = { stdout: () => undefined, stderr: (text) => { stderr += text; }, readStdin: () => '' };
    const queued: KillingDeck[] = [];
    const killSurvivors = killerSearch(request, options, { dir: out, queue: (found) => queued.push(...found) }, io);
    const audit = await auditReference(reference, { ...options, lister: handLister(mutants), killSurvivors }, io);
    assert.match(stderr, /^reference: searching decks for 2 surviving mutants$/m);
    assert.deepEqual(referenceJson(audit), {
      reference: {
        file, build: null, mutants: 2, killed: 1, survived: 0, likelyEquivalent: 1, equivalent: 0, duplicate: 0,
        buildFailed: 0, score: 0.5,
      },
      referenceMutants: [
        { id: '18:13:constant-plus-one', line: 18, column: 13, operator: 'constant-plus-one', original: '0',
          replacement: '1', status: 'likely-equivalent', killedBy: null },
        { id: '25:27:constant', line: 25, column: 27, operator: 'constant', original: 'p', replacement: '-1',
          status: 'killed', killedBy: join(out, 'kill-01.in') },
      ],
    });
    // The search writes nothing: the audit writes its decks with the others at its end.
    assert.equal(existsSync(out), false);
    assert.deepEqual(queued.map((deck) => deck.name), ['kill-01']);
    assert.equal(queued[0].description,
      "kills sum.py line 25: print(players[p], 'WINS') → print(players[-1], 'WINS')");
    // The deck is one the last player does not win, and its .ans is the reference transcript.
    const analysis = SUM_RACE.analyze(queued[0].input);
    assert.equal(queued[0].answer, SUM_RACE.transcript(analysis));
    assert.equal(analysis.game!.winner, 0);
    // The search's verdicts are kept, one file per survivor's program, for a rerun to read.
    const verdicts = readdirSync(join(cacheDir, 'mutation', 'verdicts'));
    assert.equal(verdicts.filter((name) => name.endsWith('.search.json')).length, 2);

    // A rerun does not search again for the mutant no deck killed; the other's deck is found again.
    const rerun = (budget: number) => auditReference(reference, {
      ...options, lister: handLister(mutants),
      killSurvivors: killerSearch({ ...request, equivalenceDecks: budget }, options,
        { dir: out, queue: () => undefined }, io),
    }, io);
    stderr = '';
    assert.deepEqual(referenceJson(await rerun(20)), referenceJson(audit));
    assert.equal(stderr.split('\n').filter((line) => line.includes('surviving mutants')).join('\n'),
      'reference: 1 surviving mutants were searched before with these options and not killed: likely equivalent\n'
        + 'reference: searching decks for 1 surviving mutants');
    // Another budget is another search.
    stderr = '';
    await rerun(21);
    assert.match(stderr, /^reference: searching decks for 2 surviving mutants$/m);
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

describe('audit --reference on a real game: the public ⑨ reference and its samples', { skip: sharedSkip }, () => {
  test('hand-picked mutants of cirno_ref.cpp: killed, survived, equivalent, build failed', async () => {
    const reference = join(sharedDir, 'references', 'cirno_ref.cpp');
    const samples = join(sharedDir, 'conformance', 'cirno');
    const decks = ['sample-1.in', 'sample-2.in']
      .map((name) => ({ name: join(samples, name), text: readFileSync(join(samples, name), 'utf8') }));
    const mutants: HandMutant[] = [
      // A card of value 9 counted as a letter's: both samples have one.
      { find: "str[1] <= '9'", original: '<=', replacement: '<', operator: 'relational' },
      // The tile of 99 allowed one over: no sample reaches it.
      { find: '<= 99', original: '99', replacement: '100', operator: 'constant-plus-one' },
      // `i != 3` for `i < 3` from 0 by 1: the compiler emits the same loop.
      { find: 'i < 3; i++) {\n            if (cards[i].base == 0)', original: '<', replacement: '!=',
        operator: 'relational' },
      // `j > 3` and `j < 0`: the inner loop never runs in either (no fallback to a special card): one
      // program built alone, but sample 1 needs that fallback, so both are killed from the schema
      // (never built alone, a killed duplicate counts as killed).
      { find: 'j < 3; j++) {\n                    if (cards[j].base == 1', original: '<', replacement: '>',
        operator: 'relational' },
      { find: '3; j++) {\n                    if (cards[j].base == 1', original: '3', replacement: '0',
        operator: 'constant-zero' },
      { find: 'std::vector<Card> cards;', original: '<', replacement: '<=', operator: 'relational' },
    ];
    const prepared = await prepareReference(reference, undefined, new MutationCache(tempDir()));
    const audit = await auditReference(prepared, {
      decks, format: 'cirnodeck', jobs: 2, memoryLimitMb: 1024, lister: handLister(mutants),
    }, { stdout: () => undefined, stderr: () => undefined, readStdin: () => '' });
    const statuses = audit.mutants.map(({ id, status, killedBy }) => [id, status, killedBy]);
    assert.deepEqual(statuses, [
      ['18:37:relational', 'killed', join(samples, 'sample-1.in')],
      ['60:16:relational', 'build-failed', null],
      ['66:27:relational', 'equivalent', null],
      ['68:68:constant-plus-one', 'survived', null],
      ['78:35:relational', 'killed', join(samples, 'sample-1.in')],
      ['78:37:constant-zero', 'killed', join(samples, 'sample-1.in')],
    ]);
    assert.deepEqual(audit.summary, {
      file: reference, build: 'g++ -std=gnu++17 -O1 -w -o {out} {src}', mutants: 6, killed: 3, survived: 1,
      likelyEquivalent: 0, equivalent: 1, duplicate: 0, buildFailed: 1, score: 0.75,
    });
  });
});

describe('audit --reference: usage', () => {
  /** deck-sim with XDG_CACHE_HOME set to a fresh folder for the call. */
  async function cliWithCache(args: string[]): Promise<CliResult> {
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = tempDir();
    try {
      return await cli(args);
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  }

  test('a reference that does not build: exit 2 with the compiler\'s first lines, nothing written', async () => {
    const dir = tempDir();
    const file = join(dir, 'broken.cpp');
    writeFileSync(file, 'int main() { return x; }\n');
    writeDecks(dir);
    const out = join(dir, 'extra');
    const result = await cliWithCache(['audit', '--reference', file, '--augment', out, join(dir, 'race.sumdeck')]);
    assert.equal(result.status, 2);
    assert.equal(result.stdout, '');
    const lines = result.stderr.split('\n');
    assert.deepEqual(lines.slice(0, 2), [
      `deck-sim: the reference ${file} does not build (g++ -std=gnu++17 -O1 -w -o {out} {src}):`, 'exit status 1']);
    // Quotes as the locale has them.
    assert.match(lines[2], /^broken\.cpp: In function .int main\(\).:$/);
    assert.match(lines[3], /^broken\.cpp:1:21: error: .x. was not declared in this scope$/);
    assert.equal(lines.at(-2), "Run 'deck-sim audit --help' for usage.");
    assert.deepEqual(readdirSync(dir).sort(), ['broken.cpp', 'dry.sumdeck', 'exact.sumdeck', 'race.sumdeck']);
  });

  test('a reference failing a deck of the set: exit 2 naming the deck', async () => {
    const dir = tempDir();
    const file = join(dir, 'wrong.py');
    writeFileSync(file, PYTHON_REFERENCE.replace('>= target', '> target'));
    writeDecks(dir);
    const result = await cliWithCache(['audit', '--reference', file, dir]);
    assert.equal(result.status, 2);
    assert.equal(result.stderr.split('\n')[0], `deck-sim: the reference's verdict on ${join(dir, 'exact.sumdeck')} `
      + 'is WA, not AC: mutants are measured against a reference that passes every deck');
  });

  const usage: [string, string[], string][] = [
    ['--build without --reference', ['--build', 'cc -o {out} {src}'], '--build needs --reference FILE'],
    ['--build without {out}', ['--reference', 'x.cpp', '--build', 'g++ {src}'],
      '--build must name the source as {src} and the program it writes as {out}: g++ {src}'],
    ['an ending of no language', ['--reference', 'ref.java'],
      "--reference ref.java: cannot tell its language from '.java' (C: .c; C++: .cpp, .cc, .cxx; Python: .py)"],
    ['a reference that is not there', ['--reference', '/nonexistent/ref.py'],
      "--reference '/nonexistent/ref.py' does not exist"],
  ];
  for (const [what, words, message] of usage) {
    test(`usage error: ${what}`, async () => {
      const dir = tempDir();
      writeDecks(dir);
      const result = await cliWithCache(['audit', ...words, dir]);
      assert.deepEqual([result.status, result.stdout, result.stderr.split('\n')[0]], [2, '', `deck-sim: ${message}`]);
    });
  }
});

describe("a mutant run's time limit", () => {
  test('rounded up to 1, 2 or 5 times a power of ten, so a slightly slower reference keeps the cache', () => {
    const limits = [1000, 1001, 1999, 2000, 2001, 4999, 5001, 9999, 10_001, 37_000, 600_000]
      .map((ms) => roundedLimit(ms));
    assert.deepEqual(limits, [1000, 2000, 2000, 2000, 5000, 5000, 10_000, 10_000, 20_000, 50_000, 1_000_000]);
  });
});
