/**
 * What `audit --reference` costs, cold and warm, on the official data of both games with their
 * public references (../shared/references): for each game, the whole audit from an empty cache,
 * again over the warm cache, then with --augment (the killer search for the survivors) and
 * again. Prints the mutants by status and, per run, wall time and CPU time (deck-sim's own and
 * its children's: the compilers and the programs). Usage:
 *
 *     node out/scripts/bench-reference-audit.js [--jobs N] [--game mahjong|cirno] [--no-augment]
 *       [--compare-pch] [--save DIR] [SHARED_DIR]
 *
 * --compare-pch adds a cold run with the default command given as --build, which builds without
 * the precompiled header: the speed-up it measures. --save DIR keeps each game's report after
 * --augment as DIR/GAME.json (for scripts/check-survivors.ts).
 *
 * The cache is a fresh folder under the system's temporary folder (XDG_CACHE_HOME is set to it),
 * removed at the end.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { run } from '../server/src/cli/main';
import { DEFAULT_BUILDS } from '../server/src/cli/mutation/buildPlan';

interface GameBench { id: string; reference: string; cases: string; format: string }

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const jobs = option('--jobs') ?? String(availableParallelism());
const save = option('--save');
const only = option('--game');
const flags = ['--no-augment', '--compare-pch'];
const noAugment = args.includes('--no-augment');
const comparePch = args.includes('--compare-pch');
const shared = args.filter((arg) => !flags.includes(arg))[0] ?? join(__dirname, '..', '..', '..', 'shared');

const GAMES: GameBench[] = [
  { id: 'mahjong', reference: 'mahjong_std.cpp', cases: 'mahjong', format: 'mjdeck' },
  { id: 'cirno', reference: 'cirno_ref.cpp', cases: 'cirno', format: 'cirnodeck' },
];

/** CPU seconds of this process and of the children it has waited for (compilers, programs). */
function cpuSeconds(): { own: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // After the command: state is field 3, so utime/stime/cutime/cstime (14-17) are at 11-14.
  const ticks = (i: number) => Number(fields[i]) / 100;
  return { own: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

interface Figures { seconds: number; cpu: number; childCpu: number; report: Record<string, unknown> }

async function audit(game: GameBench, augment?: string, build?: string): Promise<Figures> {
  let stdout = '';
  const words = ['audit', '--json', '--jobs', jobs, '--format', game.format,
    '--reference', join(shared, 'references', game.reference)];
  if (augment) words.push('--augment', augment);
  if (build) words.push('--build', build);
  words.push(join(shared, 'conformance', game.cases));
  const cpu = cpuSeconds();
  const start = performance.now();
  const status = await run(words, {
    stdout: (text) => { stdout += text; }, stderr: (text) => process.stderr.write(text), readStdin: () => '',
  });
  const seconds = (performance.now() - start) / 1000;
  const after = cpuSeconds();
  if (status === 2 || stdout === '') throw new Error(`deck-sim ${words.join(' ')}: exit status ${status}`);
  return {
    seconds, cpu: after.own - cpu.own, childCpu: after.children - cpu.children,
    report: JSON.parse(stdout) as Record<string, unknown>,
  };
}

function line(what: string, f: Figures): string {
  const r = f.report.reference as Record<string, number>;
  const counts = `${r.mutants} mutants: ${r.equivalent} equivalent, ${r.duplicate} duplicate, `
    + `${r.buildFailed} build failed, ${r.killed} killed, ${r.survived} survived, `
    + `${r.likelyEquivalent} likely equivalent; score ${r.score}`;
  const time = `${f.seconds.toFixed(1)} s wall, ${f.cpu.toFixed(1)} s CPU + ${f.childCpu.toFixed(1)} s children`;
  return `  ${what.padEnd(16)} ${time}\n  ${''.padEnd(16)} ${counts}`;
}

async function bench(game: GameBench): Promise<void> {
  const cache = mkdtempSync(join(tmpdir(), 'deck-sim-bench-cache-'));
  const out = mkdtempSync(join(tmpdir(), 'deck-sim-bench-augment-'));
  process.env.XDG_CACHE_HOME = cache;
  try {
    console.log(`${game.id}: ${game.reference} on ../shared/conformance/${game.cases}, --jobs ${jobs}`);
    console.log(line('cold', await audit(game)));
    console.log(line('warm', await audit(game)));
    if (comparePch) {
      process.env.XDG_CACHE_HOME = mkdtempSync(join(cache, 'no-pch-'));
      console.log(line('cold, no PCH', await audit(game, undefined, DEFAULT_BUILDS.cpp)));
      process.env.XDG_CACHE_HOME = cache;
    }
    if (noAugment) return;
    for (const what of ['--augment', '--augment again']) {
      const dir = join(out, what === '--augment' ? 'first' : 'again');
      const f = await audit(game, dir);
      const added = (f.report.referenceMutants as { killedBy: string | null }[])
        .filter((m) => m.killedBy?.startsWith(dir)).length;
      const decks = new Set((f.report.referenceMutants as { killedBy: string | null }[])
        .flatMap((m) => (m.killedBy?.startsWith(dir) ? [m.killedBy] : []))).size;
      console.log(`${line(what, f)}\n  ${''.padEnd(16)} killed after augment ${added} by ${decks} decks added`);
      if (save !== undefined && what === '--augment') {
        writeFileSync(join(save, `${game.id}.json`), JSON.stringify(f.report));
      }
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  for (const game of GAMES.filter((g) => only === undefined || g.id === only)) await bench(game);
}

void main();
