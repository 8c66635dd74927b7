/**
 * How well `deck-sim locate` finds a planted one-token mistake. Each mistake is an edit of one
 * line of a public reference solution (../shared/references, never copied here: the edit is
 * applied to a temporary copy); locate --repair runs on the game's conformance cases. Prints, per
 * mistake, the faulty line's rank, the first repair found and the time, then the totals (top-1,
 * top-3, repairs). Usage: node out/scripts/bench-locate.js [SHARED_DIR] [ONLY_ID]
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { run, type Io } from '../server/src/cli/main';

const shared = process.argv[2] ?? join(__dirname, '..', '..', '..', 'shared');
const only = process.argv[3];

interface Planted {
  id: string;
  reference: 'mahjong_std.cpp' | 'cirno_ref.cpp';
  /** 1-based line of the edit, the text replaced and its replacement. */
  line: number;
  from: string;
  to: string;
}

const PLANTED: Planted[] = [
  { id: 'mj-draw-early', reference: 'mahjong_std.cpp', line: 57, from: 'head > 148', to: 'head >= 148' },
  { id: 'mj-special-bound', reference: 'mahjong_std.cpp', line: 105, from: '> 34', to: '>= 34' },
  { id: 'mj-pong-not-worse', reference: 'mahjong_std.cpp', line: 121, from: 'lst > work', to: 'lst >= work' },
  { id: 'mj-chow-honours', reference: 'mahjong_std.cpp', line: 137, from: 'chu > 27', to: 'chu > 26' },
  { id: 'mj-selfdrawn', reference: 'mahjong_std.cpp', line: 198, from: 'chu == -1', to: 'chu != -1' },
  { id: 'mj-reverse', reference: 'mahjong_std.cpp', line: 187, from: 'fx *= -1', to: 'fx *= 1' },
  { id: 'cirno-cap', reference: 'cirno_ref.cpp', line: 68, from: 'calc(p) <= 99', to: 'calc(p) < 99' },
  { id: 'cirno-max-tie', reference: 'cirno_ref.cpp', line: 69, from: 'calc(p) > res', to: 'calc(p) >= res' },
  { id: 'cirno-min-tie', reference: 'cirno_ref.cpp', line: 120, from: 'calc(p) < res', to: 'calc(p) <= res' },
  { id: 'cirno-redraw', reference: 'cirno_ref.cpp', line: 181, from: 'i < 3', to: 'i < 2' },
  { id: 'cirno-turn', reference: 'cirno_ref.cpp', line: 198, from: 'turn ^= 1', to: 'turn ^= 0' },
  { id: 'cirno-minus', reference: 'cirno_ref.cpp', line: 51, from: 'p - num', to: 'p + num' },
];

const CASES: Record<Planted['reference'], string> = { 'mahjong_std.cpp': 'mahjong', 'cirno_ref.cpp': 'cirno' };

async function locate(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, readStdin: () => '' };
  const status = await run(['locate', ...args], io);
  return { status, stdout, stderr };
}

interface Report {
  lines: { line: number }[];
  repairs?: { line: number; original: string; replacement: string }[];
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'deck-sim-bench-locate-'));
  const rows: { id: string; rank: number; repaired: boolean; seconds: number }[] = [];
  for (const planted of PLANTED.filter((p) => only === undefined || p.id === only)) {
    const lines = readFileSync(join(shared, 'references', planted.reference), 'utf8').split('\n');
    const at = planted.line - 1;
    if (!lines[at]?.includes(planted.from)) {
      throw new Error(`${planted.id}: line ${planted.line} has no '${planted.from}'`);
    }
    lines[at] = lines[at].replace(planted.from, planted.to);
    const source = join(dir, `${planted.id}.cpp`);
    writeFileSync(source, lines.join('\n'));
    const format = planted.reference === 'cirno_ref.cpp' ? ['--format', 'cirnodeck'] : [];
    const start = performance.now();
    const result = await locate(['--json', '--repair', '--top', '1000', '--solution-source', source, ...format,
      join(shared, 'conformance', CASES[planted.reference])]);
    const seconds = (performance.now() - start) / 1000;
    if (result.status !== 0) {
      console.log(`${planted.id}: locate exited ${result.status}: ${result.stdout}${result.stderr.split('\n')[0]}`);
      rows.push({ id: planted.id, rank: Infinity, repaired: false, seconds });
      continue;
    }
    const report = JSON.parse(result.stdout) as Report;
    const rank = report.lines.findIndex((entry) => entry.line === planted.line) + 1 || Infinity;
    const repair = report.repairs?.find((r) => r.line === planted.line);
    rows.push({ id: planted.id, rank, repaired: repair !== undefined, seconds });
    const first = report.repairs?.[0];
    console.log(`${planted.id.padEnd(18)} rank ${String(rank).padStart(3)}  `
      + `repair ${first ? `line ${first.line}: ${first.original} → ${first.replacement}` : 'none'}`
      + `${repair && repair !== first ? ' (the planted line\'s too)' : ''}  ${seconds.toFixed(1)} s`);
  }
  const top = (n: number) => rows.filter((row) => row.rank <= n).length;
  const mean = rows.reduce((sum, row) => sum + row.seconds, 0) / Math.max(1, rows.length);
  console.log(`\n${rows.length} planted mistakes: top-1 ${top(1)}, top-3 ${top(3)}, `
    + `repaired at the planted line ${rows.filter((row) => row.repaired).length}, ${mean.toFixed(1)} s per solution`);
}

void main();
