/**
 * What the search for killing decks costs. Builds the official Mahjong reference and a few
 * single-line mutants of it (made here by hand: the RON guard, the special-tile test, a
 * rebuild dropping PASS tiles, an unsorted hand) with g++ into a temporary folder, keeps those the
 * 50 official cases let through, and runs `findKillingDecks` on them and on the reference itself
 * (which no deck can kill: it shows the cost of a likely-equivalent program's whole budget).
 * Prints per program the wall and CPU time of its search, then the cover's decks and what each
 * kills. Usage: node out/scripts/bench-killing-decks.js [DECKS_PER_PROGRAM] [JOBS] [SHARED_DIR]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { findKillingDecks, type ProgramToKill } from '../server/src/cli/mutation/killingDecks';
import { DEFAULT_MEMORY_LIMIT_MB, OUTPUT_CAP_BYTES, runSolution } from '../server/src/cli/judge/runner';
import { firstDifference } from '../server/src/core/outputCompare';

const budget = Number(process.argv[2] ?? 2000);
const jobs = Number(process.argv[3] ?? 2);
const shared = process.argv[4] ?? join(__dirname, '..', '..', '..', 'shared');
const REFERENCE = 'mahjong_std.cpp';

/** One-line mutants: the line (1-based), the text replaced on it and its replacement. */
const MUTANTS: { line: number; from: string; to: string }[] = [
  { line: 109, from: 'if(!ts(i))', to: 'if(1)' },
  { line: 105, from: 'if(p[x].a[i] > 34)', to: 'if(0)' },
  { line: 105, from: '> 34', to: '> 35' },
  { line: 67, from: 'sort(p[x].a + 1,p[x].a + p[x].sum + 1);', to: '' },
  { line: 146, from: 'i <= 37', to: 'i <= 36' },
  { line: 158, from: 'i <= 37', to: 'i <= 36' },
  { line: 124, from: 'i <= 37', to: 'i <= 36' },
  { line: 100, from: '<= 34', to: '< 34' },
];

/** CPU seconds of this process and of the children it has waited for. */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + children;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'deck-sim-bench-'));
  try {
    const source = readFileSync(join(shared, 'references', REFERENCE), 'utf8');
    const lines = source.split('\n');
    const sources = [{ name: 'reference', text: source, label: `${REFERENCE} (unchanged)`, id: 'reference' }];
    for (const { line, from, to } of MUTANTS) {
      const original = lines[line - 1];
      if (!original.includes(from)) throw new Error(`line ${line} has no '${from}'`);
      const mutated = [...lines];
      mutated[line - 1] = original.replace(from, to);
      const id = `${line}:${original.indexOf(from) + 1}`;
      const shown = (text: string) => text.trim() || '(deleted)';
      sources.push({
        name: `m${sources.length}`, text: mutated.join('\n'), id,
        label: `${REFERENCE} line ${line}: ${shown(original)} → ${shown(mutated[line - 1])}`,
      });
    }
    const started = performance.now();
    for (const s of sources) writeFileSync(join(dir, `${s.name}.cpp`), s.text);
    await Promise.all(sources.map((s) =>
      promisify(execFile)('g++', ['-std=gnu++17', '-O1', '-w', '-o', join(dir, s.name), join(dir, `${s.name}.cpp`)])));
    console.log(`built ${sources.length} programs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const casesDir = join(shared, 'conformance', 'mahjong');
    const cases = readdirSync(casesDir).filter((f) => f.endsWith('.in')).sort()
      .map((f) => ({
        input: readFileSync(join(casesDir, f), 'utf8'),
        answer: readFileSync(join(casesDir, f.replace(/\.in$/, '.ans')), 'utf8'),
      }));
    const limits = { timeLimitMs: 1000, outputCap: OUTPUT_CAP_BYTES, memoryLimitMb: DEFAULT_MEMORY_LIMIT_MB };
    const programs: ProgramToKill[] = [];
    for (const s of sources) {
      const argv = [join(dir, s.name)];
      let killedBy = 0;
      for (const c of cases) {
        const run = await runSolution(argv, c.input, limits);
        if (run.kind !== 'exited' || run.code !== 0 || firstDifference(c.answer, run.stdout)) killedBy++;
      }
      console.log(`${s.label}: the official cases kill it on ${killedBy} of ${cases.length}`);
      if (killedBy === 0) programs.push({ id: s.id, label: s.label, argv });
    }
    console.log(`\nsearch: ${programs.length} programs the set lets through, ${budget} decks per program, `
      + `${jobs} jobs`);
    let mark = { wall: performance.now(), cpu: cpuSeconds() };
    const startAll = mark;
    const result = await findKillingDecks(programs, {
      format: 'mjdeck', limits, seed: 1, decksPerProgram: budget, jobs,
      onProgress: (p) => {
        const now = { wall: performance.now(), cpu: cpuSeconds() };
        const what = p.phase === 'search'
          ? programs[p.done - 1].label : `cover: deck ${p.done} of ${p.total} against all`;
        const wall = ((now.wall - mark.wall) / 1000).toFixed(2);
        console.log(`  ${wall} s wall, ${(now.cpu - mark.cpu).toFixed(2)} s CPU: ${what} (runs so far ${p.runs})`);
        mark = now;
      },
    });
    const wall = (performance.now() - startAll.wall) / 1000;
    const cpu = cpuSeconds() - startAll.cpu;
    console.log(`total: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU, ${result.runs} runs`);
    console.log(`cover: ${result.decks.length} decks`);
    for (const deck of result.decks) {
      const { id, searchDeck, shrink } = deck.foundFor;
      const moved = shrink.lineBefore === undefined ? shrink.verdict
        : `${shrink.verdict} line ${shrink.lineBefore} → ${shrink.lineAfter} in ${shrink.runs} runs`;
      console.log(`  ${deck.name}: found for ${id} at search deck ${searchDeck}, shrunk ${moved}`);
      for (const line of deck.description.split('\n')) console.log(`    ${line}`);
    }
    for (const u of result.likelyEquivalent) console.log(`likely equivalent: ${u.label} (${u.tried} decks)`);
    for (const u of result.unconfirmed) console.log(`unconfirmed: ${u.label}: ${u.reason}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
