/**
 * The toy game's Python reference driven end to end: `deck-sim audit --reference` with the real
 * mutator on a folder of decks, the JSON; then again, from the cache.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { registerSumRace } from '../toyGame';
import { cli, tempDir } from './harness';
import { SHORT_PYTHON_REFERENCE, writeDecks } from './reference-fixtures';

registerSumRace();

describe('audit --reference through the CLI', () => {
  test('the toy game: every mutant of a Python reference, its status and the deck killing it', async () => {
    const dir = tempDir();
    const file = join(dir, 'race.py');
    writeFileSync(file, SHORT_PYTHON_REFERENCE);
    const decks = join(dir, 'decks');
    mkdirSync(decks);
    writeDecks(decks);
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = tempDir();
    try {
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
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });

  test('--kill-mutant: the decks of one survivor alone, written to --augment; its status then killed', async () => {
    const dir = tempDir();
    const file = join(dir, 'race.py');
    writeFileSync(file, SHORT_PYTHON_REFERENCE);
    const decks = join(dir, 'decks');
    mkdirSync(decks);
    writeDecks(decks);
    const out = join(dir, 'out');
    const saved = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = tempDir();
    try {
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
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    }
  });
});
