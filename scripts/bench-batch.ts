/**
 * End-to-end batch throughput of `deck-sim simulate --out-dir`: writes 20,000 shuffled Mahjong
 * decks into a temporary folder, then runs the real CLI as a process over all of them, once
 * with one job and once with every core, and prints decks/s (process start included).
 * Run: npm run bench:batch [-- COUNT]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mahjongDeckText, shuffledMahjongDeck } from '../server/src/core/mahjong';

const count = Number(process.argv[2] ?? 20_000);
const root = mkdtempSync(join(tmpdir(), 'deck-sim-bench-'));
const bin = resolve(__dirname, '..', '..', 'bin', 'deck-sim.js');

function writeDecks(): string[] {
  const dir = join(root, 'decks');
  const files: string[] = [];
  mkdirSync(dir);
  for (let i = 0; i < count; i++) {
    const file = join(dir, `deck-${i}.mjdeck`);
    writeFileSync(file, mahjongDeckText(shuffledMahjongDeck(i)));
    files.push(file);
  }
  return files;
}

function timeRun(files: string[], jobs: number | undefined): number {
  const out = join(root, `out-${jobs ?? 'default'}`);
  const jobArgs = jobs === undefined ? [] : ['--jobs', String(jobs)];
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, 'simulate', ...jobArgs, '--out-dir', out, ...files], {
    encoding: 'utf8', maxBuffer: 64 << 20,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`deck-sim exited ${result.status}: ${result.stderr.slice(0, 500)}`);
  const written = readdirSync(out).length;
  if (written !== files.length) throw new Error(`expected ${files.length} transcripts, found ${written}`);
  return seconds;
}

try {
  const files = writeDecks();
  const cores = availableParallelism();
  const runs: [string, number | undefined][] = [['1 job', 1], [`${cores} jobs (all cores)`, cores]];
  if (process.env.BENCH_NO_JOBS) runs.splice(0, 2, ['no --jobs option', undefined]);
  for (const [label, jobs] of runs) {
    const seconds = timeRun(files, jobs);
    console.log(`${label}: ${count} decks in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} decks/s`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
