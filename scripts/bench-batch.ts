/**
 * End-to-end batch throughput of `deck-sim simulate --out-dir`: writes 20,000 shuffled Mahjong
 * decks into a temporary folder, then runs the real CLI as a process over all of them, once
 * with one job and once with every core, and prints decks/s (process start included). Each
 * run writes into a fresh folder, then again over its own files, since creating 20,000 files
 * costs the file system more than the engine; the CPU time per deck (user + system, all
 * threads, from /proc on Linux) shows the cost when other programs share the cores.
 * Run: npm run bench:batch [-- COUNT]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

/** CPU seconds of the children this process has waited for, or NaN off Linux. */
function childrenCpuSeconds(): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // cutime and cstime are fields 16 and 17 of stat(5), in clock ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function timeRun(files: string[], jobs: number | undefined, out: string): { seconds: number; cpu: number } {
  const jobArgs = jobs === undefined ? [] : ['--jobs', String(jobs)];
  const cpuBefore = childrenCpuSeconds();
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, 'simulate', ...jobArgs, '--out-dir', out, ...files], {
    encoding: 'utf8', maxBuffer: 64 << 20,
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`deck-sim exited ${result.status}: ${result.stderr.slice(0, 500)}`);
  const written = readdirSync(out).length;
  if (written !== files.length) throw new Error(`expected ${files.length} transcripts, found ${written}`);
  return { seconds, cpu: childrenCpuSeconds() - cpuBefore };
}

function readLoad(): string {
  if (!existsSync('/proc/loadavg')) return 'unknown';
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

try {
  const files = writeDecks();
  const cores = availableParallelism();
  const runs: [string, number | undefined][] = [['1 job', 1], [`${cores} jobs (all cores)`, cores]];
  if (process.env.BENCH_NO_JOBS) runs.splice(0, 2, ['no --jobs option', undefined]);
  for (const [label, jobs] of runs) {
    const out = join(root, `out-${jobs ?? 'default'}`);
    for (const pass of ['new files', 'overwrite']) {
      const { seconds, cpu } = timeRun(files, jobs, out);
      const perDeck = Number.isNaN(cpu) ? '' : `, CPU ${Math.round((cpu / count) * 1e6)} µs/deck`;
      const rate = Math.round(count / seconds);
      console.log(`${label}, ${pass}: ${count} decks in ${seconds.toFixed(2)} s = ${rate} decks/s${perDeck}`);
    }
  }
  console.log(`load average while running: ${readLoad()}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
