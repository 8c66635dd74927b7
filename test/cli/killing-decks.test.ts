/**
 * The search for decks that kill programs a set lets through (findKillingDecks): planted wrong
 * programs get a shrunk deck that kills them, one deck covers what it kills, a program that
 * cannot fail ends likely equivalent, the same seed gives the same decks for any number of jobs,
 * and cancelling leaves no process.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import {
  findKillingDecks, type KillSearchResult, type KnownVerdict, type ProgramToKill, type VerdictCache,
} from '../../server/src/cli/mutation/killingDecks';
import { DEFAULT_MEMORY_LIMIT_MB, OUTPUT_CAP_BYTES, runSolution } from '../../server/src/cli/judge/runner';
import { withBatchServer } from '../../server/src/cli/mutation/mutantSchema';
import { simulate } from '../../server/src/cli/gameFormats';
import { firstDifference } from '../../server/src/core/outputCompare';
import { sharedDir, sharedSkip } from '../helpers';
import { cli, gone, solution, tempDir, waitFor, within } from './harness';

// Only correctness is tested here: a loaded machine may take its time.
const PATIENT = { timeLimitMs: 60_000, memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB, outputCap: OUTPUT_CAP_BYTES };

function program(id: string, name: string, ...args: string[]): ProgramToKill {
  const argv = [process.execPath, join(__dirname, 'solutions', `${name}.js`), ...args];
  return { id, label: `the ${id} program`, argv };
}

const PONG = program('pong', 'divergesAt', 'mjdeck', ' PONG ');
const CLAIM = program('claim', 'divergesAt', 'mjdeck', ' (PONG|CHOW) ');
const CORRECT = program('correct', 'correct', 'mjdeck');

/** What a result says, without the run count (which depends on how runs were batched). */
function decisions(result: KillSearchResult): Omit<KillSearchResult, 'runs'> {
  const { runs: _runs, ...rest } = result;
  return rest;
}

describe('findKillingDecks', () => {
  test('a planted wrong program gets a shrunk deck that kills it; the same for 1 and 2 jobs', async () => {
    const results = [];
    for (const jobs of [1, 2]) {
      results.push(await findKillingDecks([PONG], {
        format: 'mjdeck', limits: PATIENT, seed: 1, decksPerProgram: 4, jobs, shrinkRuns: 10,
      }));
    }
    assert.deepEqual(decisions(results[1]), decisions(results[0]));
    const { decks, likelyEquivalent, unconfirmed } = results[0];
    assert.deepEqual({ likelyEquivalent, unconfirmed }, { likelyEquivalent: [], unconfirmed: [] });
    assert.equal(decks.length, 1);
    const [deck] = decks;
    assert.equal(deck.name, 'kill-01');
    assert.deepEqual([deck.kills, deck.added, deck.description], [['pong'], ['pong'], 'kills the pong program']);
    const { shrink } = deck.foundFor;
    assert.equal(shrink.verdict, 'WA');
    assert.ok(shrink.lineAfter! < shrink.lineBefore!, `not shrunk: ${shrink.lineBefore} → ${shrink.lineAfter}`);
    // The deck's answer is the engine's transcript of its input, and its first PONG is where it was shrunk to.
    assert.equal(simulate('mjdeck', deck.input).transcript(), deck.answer);
    assert.equal(deck.answer.split('\n').findIndex((line) => line.includes(' PONG ')) + 1, shrink.lineAfter);
    assert.equal(simulate('mjdeck', deck.text).transcript(), deck.answer);
    assert.deepEqual(deck.text.split('\n').slice(0, 2), ['# deck-sim audit: kill-01', '# kills the pong program']);
    // The judge agrees, on the deck as written.
    const file = join(tempDir(), 'kill-01.in');
    writeFileSync(file, deck.input);
    const pong = solution('divergesAt', 'mjdeck', '" PONG "');
    const judged = await cli(['judge', '--json', '--time-limit', '60000', '--solution', pong, file]);
    assert.deepEqual([JSON.parse(judged.stdout).verdict, JSON.parse(judged.stdout).line], ['WA', shrink.lineAfter]);
  });

  test('one deck for two programs it kills; one that cannot fail is likely equivalent after the budget', async () => {
    const result = await findKillingDecks([PONG, CLAIM, CORRECT], {
      format: 'mjdeck', limits: PATIENT, seed: 1, decksPerProgram: 3, jobs: 2, shrinkRuns: 4, prefix: 'wrong-',
    });
    assert.deepEqual(result.decks.map((d) => [d.name, d.kills, d.description]), [
      ['wrong-01', ['pong', 'claim'], 'kills the pong program\nkills the claim program'],
    ]);
    assert.deepEqual(result.killedBy, { pong: 'wrong-01', claim: 'wrong-01' });
    assert.deepEqual(result.likelyEquivalent, [{ id: 'correct', label: 'the correct program', tried: 3 }]);
    assert.deepEqual(result.unconfirmed, []);
  });

  test('with a verdict cache a rerun runs nothing and finds the same decks', async () => {
    const known = new Map<string, KnownVerdict>();
    const verdicts: VerdictCache = {
      get: (id, input) => known.get(`${id}\n${input}`),
      set: (id, input, verdict) => known.set(`${id}\n${input}`, verdict),
    };
    const options = {
      format: 'mjdeck', limits: PATIENT, seed: 2, decksPerProgram: 3, jobs: 2, shrinkRuns: 4, verdicts,
    };
    const first = await findKillingDecks([CLAIM, CORRECT], options);
    assert.equal(first.decks.length, 1);
    assert.ok(first.runs > 0 && known.size > 0);
    const again = await findKillingDecks([CLAIM, CORRECT], options);
    assert.deepEqual(decisions(again), decisions(first));
    assert.equal(again.runs, 0);
  });

  test('a program that cannot start is listed with why, not called equivalent', async () => {
    const missing = { id: 'missing', label: 'missing', argv: [join(tempDir(), 'no-such-program')] };
    const result = await findKillingDecks([missing], {
      format: 'mjdeck', limits: PATIENT, seed: 1, decksPerProgram: 3,
    });
    assert.deepEqual(result, {
      decks: [], killedBy: {}, likelyEquivalent: [], runs: 0,
      unconfirmed: [
        { id: 'missing', label: 'missing', tried: 0, reason: `cannot run '${missing.argv[0]}': no such file` },
      ],
    });
  });

  test('cancelling ends the running program and every process it started, then rejects', async () => {
    const pidFile = join(tempDir(), 'child.pid');
    const abort = new AbortController();
    // A time limit far beyond the wait below: only cancelling can end the run in time.
    const search = findKillingDecks([program('fork', 'misbehaving', 'fork', pidFile)], {
      format: 'mjdeck', limits: { ...PATIENT, timeLimitMs: 600_000 }, seed: 1, decksPerProgram: 10, jobs: 2,
      signal: abort.signal,
    });
    const rejected = assert.rejects(search, { name: 'AbortError' });
    await waitFor('the program to start its child', () => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '');
    abort.abort();
    await within('the cancelled search', rejected, 30_000);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(await gone(pid), `process ${pid} is still running`);
  });
});

/** Why the tests with the public references cannot run here, or undefined. */
const gppSkip = sharedSkip ?? (spawnSync('g++', ['--version']).status === 0
  ? undefined : 'g++ is missing: install it to run the tests built from ../shared/references');

const gccSkip = spawnSync('gcc', ['--version']).status === 0 ? undefined
  : 'gcc is missing: install it to run this test';

describe('findKillingDecks with programs serving batches', { skip: gccSkip }, () => {
  test('a run the time limit stops in a batch is a TLE, and is not run again to be judged', async () => {
    const dir = tempDir();
    const source = join(dir, 'loop.c');
    writeFileSync(source, withBatchServer('int main(void) { for (;;) {} }\n'));
    const built = spawnSync('gcc', ['-O1', '-w', '-o', join(dir, 'loop'), source]);
    assert.equal(built.status, 0, built.stderr.toString());
    const loop = { id: 'loop', label: 'the loop', argv: [join(dir, 'loop')], batchServer: true };
    const result = await findKillingDecks([loop], {
      format: 'mjdeck', limits: { ...PATIENT, timeLimitMs: 300 }, seed: 1, decksPerProgram: 3, jobs: 1, shrinkRuns: 0,
    });
    assert.deepEqual(result.decks.map((deck) => [deck.kills, deck.foundFor.searchDeck, deck.foundFor.shrink.verdict]),
      [[['loop'], 1, 'TLE']]);
    // Two runs: the batch's, stopped at the limit, and the deck as written, judged alone.
    assert.equal(result.runs, 2);
  });
});

describe('findKillingDecks on the official Mahjong reference and mutants of it', { skip: gppSkip }, () => {
  test('two mutants of the RON guard fall to one deck, which the reference passes', async () => {
    const dir = tempDir();
    const source = readFileSync(join(sharedDir, 'references', 'mahjong_std.cpp'), 'utf8').split('\n');
    /** A one-line mutant of the reference, built with g++ (with `serve`, serving batches of runs). */
    const build = (name: string, edit?: { line: number; from: string; to: string }, serve = false): string[] => {
      const lines = [...source];
      if (edit) {
        const { line, from, to } = edit;
        assert.ok(lines[line - 1].includes(from), `line ${line} of the reference has no '${from}'`);
        lines[line - 1] = lines[line - 1].replace(from, to);
      }
      writeFileSync(join(dir, `${name}.cpp`), serve ? withBatchServer(lines.join('\n')) : lines.join('\n'));
      const built = spawnSync('g++', ['-std=gnu++17', '-O1', '-w', '-o', join(dir, name), join(dir, `${name}.cpp`)]);
      assert.equal(built.status, 0, built.stderr.toString());
      return [join(dir, name)];
    };
    const reference = build('reference');
    const guard = { line: 109, from: 'if(!ts(i))', to: 'if(1)' };
    const special = { line: 105, from: 'if(p[x].a[i] > 34)', to: 'if(0)' };
    const programsServing = (serve: boolean): ProgramToKill[] => [
      { id: '109:44', label: 'mahjong_std.cpp line 109: if(!ts(i)) → if(1)',
        argv: build(`guard-${serve}`, guard, serve) },
      { id: '105:30', label: 'mahjong_std.cpp line 105: if(p[x].a[i] > 34) → if(0)',
        argv: build(`special-${serve}`, special, serve) },
      { id: 'reference', label: 'the reference', argv: serve ? build('reference-true', undefined, true) : reference },
    ].map((p) => (serve ? { ...p, batchServer: true } : p));
    const programs = programsServing(false);
    const result = await findKillingDecks(programs, {
      format: 'mjdeck', limits: { ...PATIENT, timeLimitMs: 10_000 }, seed: 1, decksPerProgram: 200,
      jobs: 2,
    });
    assert.deepEqual(result.decks.map((d) => d.kills), [['109:44', '105:30']]);
    assert.deepEqual(result.likelyEquivalent, [{ id: 'reference', label: 'the reference', tried: 200 }]);
    const [deck] = result.decks;
    assert.equal(deck.description,
      'kills mahjong_std.cpp line 109: if(!ts(i)) → if(1)\nkills mahjong_std.cpp line 105: if(p[x].a[i] > 34) → if(0)');
    // A RON the guard forbids: the first difference is the mutant's RON.
    const run = await runSolution(programs[0].argv, deck.input, PATIENT);
    assert.equal(run.kind, 'exited');
    const difference = firstDifference(deck.answer, run.kind === 'exited' ? run.stdout : '');
    assert.match(difference?.actual ?? '', /^[A-D] RON$/);
    const answer = await runSolution(reference, deck.input, PATIENT);
    assert.equal(answer.kind === 'exited' && answer.stdout, deck.answer);
    // The same programs serving batches of runs find the same decks, judged the same.
    const batched = await findKillingDecks(programsServing(true), {
      format: 'mjdeck', limits: { ...PATIENT, timeLimitMs: 10_000 }, seed: 1, decksPerProgram: 200, jobs: 2,
    });
    assert.deepEqual(decisions(batched), decisions(result));
  });
});
