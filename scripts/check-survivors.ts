/**
 * Whether a stronger set would kill what `audit --reference --augment` called likely equivalent:
 * each such mutant of the reference is built again with the default build and run by `deck-sim
 * stress` (the game's deck maker, rule-guided and random) on COUNT decks from a seed the audit's
 * search did not use. Prints, per mutant, whether stress found a deck where it differs from the
 * reference transcript, then the totals. Usage:
 *
 *     node out/scripts/check-survivors.js REPORT.json REFERENCE FORMAT [COUNT] [SEED] [JOBS]
 *
 * REPORT.json is the audit's `--json` output; FORMAT is the game's deck format (`mjdeck`,
 * `cirnodeck`). The programs are built into a temporary folder, removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { run } from '../server/src/cli/main';
import { loadMutantLister } from '../server/src/cli/mutation/mutantLister';
import { deckGame, type DeckFormat } from '../server/src/cli/gameFormats';

interface Row { id: string; status: string; line: number; original: string; replacement: string }

async function main(): Promise<void> {
  const [reportFile, reference, format, count = '2000', seed = '7919', jobs = '2'] = process.argv.slice(2);
  if (!reportFile || !reference || !format) {
    throw new Error('usage: check-survivors REPORT.json REFERENCE FORMAT [COUNT] [SEED] [JOBS]');
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { referenceMutants: Row[] };
  const left = report.referenceMutants.filter((m) => m.status === 'likely-equivalent' || m.status === 'survived');
  const source = readFileSync(reference, 'utf8');
  const lister = await loadMutantLister();
  const listed = new Map((await lister.list(source, 'cpp')).map((m) => [m.id, m]));
  const game = deckGame(format as DeckFormat).id;
  const dir = mkdtempSync(join(tmpdir(), 'deck-sim-check-survivors-'));
  let killed = 0;
  const start = performance.now();
  try {
    console.log(`${left.length} mutants left by the audit; stress: ${count} decks each, seed ${seed}`);
    for (const row of left) {
      const mutant = listed.get(row.id);
      if (!mutant) throw new Error(`${row.id} is not a mutant of ${basename(reference)}`);
      const src = join(dir, 'mutant.cpp');
      const program = join(dir, 'mutant');
      writeFileSync(src, lister.apply(source, mutant));
      execFileSync('g++', ['-std=gnu++17', '-O1', '-w', '-o', program, src]);
      let stdout = '';
      const status = await run(['stress', '--solution', program, '--game', game, '--count', count, '--seed', seed,
        '--jobs', jobs, '--out', join(dir, `counterexample.${format}`), '--force', '--shrink-runs', '0'], {
        stdout: (text) => { stdout += text; }, stderr: () => undefined, readStdin: () => '',
      });
      if (status === 1) killed++;
      const first = stdout.trim().split('\n')[0];
      const verdict = status === 0 ? 'no deck differs' : status === 1 ? `KILLED: ${first}` : `exit ${status}`;
      console.log(`  ${row.id} (${row.status}) line ${row.line}: ${row.original} → ${row.replacement}: ${verdict}`);
    }
    const seconds = ((performance.now() - start) / 1000).toFixed(0);
    console.log(`${killed} of ${left.length} killed by ${count} more decks each (${seconds} s)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
