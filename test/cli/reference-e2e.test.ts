/**
 * The toy game's Python reference driven end to end: `deck-sim audit --reference` with the real
 * mutator on a folder of decks, the JSON; then again, from the cache.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { registerSumRace } from '../toyGame';
import { cli, killAll, tempDir, waitFor, within } from './harness';
import { SHORT_PYTHON_REFERENCE, writeDecks } from './reference-fixtures';

registerSumRace();

describe('audit --reference through the CLI', () => {
  /** A fresh folder with the toy game's reference `race.py` and the decks in `decks/`. */
  function raceSet(reference = SHORT_PYTHON_REFERENCE): { dir: string; file: string; decks: string } {
    const dir = tempDir();
    const file = join(dir, 'race.py');
    writeFileSync(file, reference);
    const decks = join(dir, 'decks');
    mkdirSync(decks);
    writeDecks(decks);
    return { dir, file, decks };
  }

  /** Runs `run` with XDG_CACHE_HOME at a fresh folder, which its CLI runs share. */
  async function withFreshCache<T>(run: () => Promise<T>): Promise<T> {
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = tempDir();
    try {
      return await run();
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  }

  test('the toy game: every mutant of a Python reference, its status and the deck killing it', async () => {
    const { file, decks } = raceSet();
    await withFreshCache(async () => {
      const first = await cli(['audit', '--json', '--jobs', '1', '--reference', file, decks]);
      // A mutant survives: the audit fails.
      assert.equal(first.status, 1, first.stderr);
      const report = JSON.parse(first.stdout);
      assert.deepEqual(report.reference, {
        file, build: null, mutants: 48, killed: 47, survived: 1, likelyEquivalent: 0, equivalent: 0, duplicate: 0,
        buildFailed: 0, score: 0.9792,
      });
      type Row = { id: string; status: string; killedBy: string | null };
      const rows = report.referenceMutants as Row[];
      // `i - len(players)` indexes from the end: the same player on every deck of the set.
      assert.deepEqual(rows.filter((m) => m.status === 'survived'), [{
        id: '9:11:aor=-', line: 9, column: 11, operator: 'aor', original: '%', replacement: '-', status: 'survived',
        killedBy: null,
      }]);
      // The one-player deck landing on its target kills those that only differ there; the race those
      // that win only on an exact landing; the deck nobody wins the rest, first in every deck order.
      const by = (deck: string) => rows.filter((m) => m.killedBy === join(decks, deck)).map((m) => m.id);
      assert.deepEqual(by('exact.sumdeck'), ['12:8:cond-false', '12:16:ror=>', '13:9:stmt-delete', '14:9:stmt-delete']);
      assert.deepEqual(by('race.sumdeck'), ['12:16:ror===']);
      assert.equal(by('dry.sumdeck').length, 42);

      const second = await cli(['audit', '--json', '--jobs', '1', '--reference', file, decks]);
      assert.deepEqual(JSON.parse(second.stdout).referenceMutants, rows);
      assert.match(second.stderr, /^reference: 48 mutants in \d+\.\d s: 0 built, 48 from the cache, 0 failed\n/m);
      assert.match(second.stderr, /^reference: 48 distinct mutants on 3 decks in \d+\.\d s: 0 runs, /m);
    });
  });

  /** Runs `audit` with XDG_CACHE_HOME at a fresh folder. */
  const auditWithCache = (args: string[]) => withFreshCache(() => cli(['audit', ...args]));

  test('--augment: the deck killing a survivor is written with the others and judges the programs too', async () => {
    const { dir, file, decks } = raceSet();
    const out = join(dir, 'extra');
    const solution = `python3 ${file}`;
    const result = await auditWithCache(['--json', '--jobs', '1', '--reference', file, '--augment', out,
      '--equivalence-decks', '200', '--solution', solution, decks]);
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    const kill = join(out, 'kill-01.in');
    assert.deepEqual(report.referenceMutants.filter((m: { status: string }) => m.status !== 'killed'), []);
    assert.deepEqual(report.referenceMutants.find((m: { id: string }) => m.id === '9:11:aor=-').killedBy, kill);
    assert.deepEqual(readdirSync(out).sort(), ['kill-01.ans', 'kill-01.desc', 'kill-01.in']);
    // The solution is judged on the new deck as on the set's.
    assert.deepEqual(report.solutions, [{
      command: solution, role: 'solution', ok: true, verdicts: [
        ...['dry', 'exact', 'race'].map((name) => ({ deck: join(decks, `${name}.sumdeck`), verdict: 'AC' })),
        { deck: kill, verdict: 'AC' },
      ],
    }]);
  });

  test('Ctrl-C during the search for killing decks: nothing written, not even the decks found before', async () => {
    // `spare` changes no output: its mutants survive every deck, so the search spends its whole budget.
    const { dir, file, decks } = raceSet(`${SHORT_PYTHON_REFERENCE}spare = 3\n`);
    // The set lets it through; the search finds it a deck at once, before the mutants' search.
    const wrong = join(dir, 'wrong.py');
    writeFileSync(wrong, SHORT_PYTHON_REFERENCE.replace('p = i % len(players)', 'p = i - len(players)'));
    const out = join(dir, 'extra');
    const cache = tempDir();
    const child = spawn(process.execPath, [join(__dirname, 'cliDriver.js'), 'audit', '--jobs', '1',
      '--reference', file, '--augment', out, '--equivalence-decks', '1000000', '--wrong', `python3 ${wrong}`, decks],
    { env: { ...process.env, XDG_CACHE_HOME: cache }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_, signal) => resolve(signal)));
    try {
      const searching = /^reference: searching decks for \d+ surviving/m;
      await waitFor('the search for the survivors', () => searching.test(stderr));
      child.kill('SIGINT');
      assert.equal(await within('the audit', ended), 'SIGINT');
      assert.equal(existsSync(out), false);
      assert.deepEqual(readdirSync(dir).sort(), ['decks', 'race.py', 'wrong.py']);
    } finally {
      killAll([child.pid!]);
    }
  });

  test('--kill-mutant: the decks of one survivor alone, written to --augment; its status then killed', async () => {
    const { dir, file, decks } = raceSet();
    const out = join(dir, 'out');
    await withFreshCache(async () => {
      const args = ['audit', '--json', '--jobs', '1', '--equivalence-decks', '200', '--reference', file];
      const found = await cli([...args, '--kill-mutant', '9:11:aor=-', '--augment', out, decks]);
      const report = JSON.parse(found.stdout);
      const row = (report.referenceMutants as { id: string }[]).find((m) => m.id === '9:11:aor=-');
      assert.deepEqual(row, {
        id: '9:11:aor=-', line: 9, column: 11, operator: 'aor', original: '%', replacement: '-', status: 'killed',
        killedBy: join(out, 'kill-01.in'),
      });
      // Only the mutant's deck: no catalogue deck (audit-NN) is searched or written.
      assert.deepEqual(readdirSync(out).sort(), ['kill-01.ans', 'kill-01.desc', 'kill-01.in']);
      assert.equal(report.augment, undefined);
      assert.equal(readFileSync(join(out, 'kill-01.desc'), 'utf8'),
        'kills race.py line 9: p = i % len(players) → p = i - len(players)\n');
      assert.equal(found.status, 0, 'no mutant survives once its deck is found');

      const unknown = await cli([...args, '--kill-mutant', '9:99:aor=-', '--augment', join(dir, 'none'), decks]);
      assert.equal(unknown.status, 2);
      assert.equal(unknown.stderr, `deck-sim: --kill-mutant 9:99:aor=-: ${file} has no mutant with this id `
        + "(see --json)\nRun 'deck-sim audit --help' for usage.\n");
      const alone = await cli([...args, '--kill-mutant', '9:11:aor=-', decks]);
      assert.equal(alone.status, 2);
      assert.match(alone.stderr, /--kill-mutant needs --augment DIR, the folder for the decks that kill it/);
    });
  });
});
