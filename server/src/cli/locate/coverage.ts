/**
 * The lines of a solution's source that one run executes. C and C++ are built with gcc's
 * `--coverage` and a small unit that writes the counters on a fatal signal too (a crash is a
 * failing run worth counting); each run writes its counters into a folder of its own
 * (GCOV_PREFIX), read back with `gcov --json-format`. Python runs under a tracer that records the
 * lines of the solution's file. A run killed at the time limit leaves no record: it is left out
 * of the spectra.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { runSolution, type RunLimits } from '../judge/runner';
import { buildFailure, withTemporaryFolder } from '../mutation/programBuilder';
import { buildArgv, PYTHON, type BuildPlan } from '../mutation/buildPlan';

/** A solution built (or wrapped) so that each run records the lines it executes. */
export interface CoverageProgram {
  /** The words that run it, its record going to `runDir` (an empty folder). */
  argv(runDir: string): string[];
  /** The source lines the run that used `runDir` executed; undefined when it left no record. */
  linesOf(runDir: string): Promise<Set<number> | undefined>;
}


/** Compiled in beside the solution: counters written on a crash, then the signal's default action. */
const DUMP_ON_SIGNAL = `#include <signal.h>
#ifdef __cplusplus
extern "C" {
#endif
void __gcov_dump(void);
static void deck_sim_dump(int sig) { __gcov_dump(); signal(sig, SIG_DFL); raise(sig); }
__attribute__((constructor)) static void deck_sim_on_signals(void) {
  int sigs[] = { SIGSEGV, SIGABRT, SIGFPE, SIGBUS, SIGILL, SIGTERM, SIGXCPU };
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], deck_sim_dump);
}
#ifdef __cplusplus
}
#endif
`;

/** Runs the script, recording the lines executed in its own file, and writes them out however it ends. */
const PYTHON_TRACER = `import atexit, os, runpy, signal, sys, threading
out, script = sys.argv[1], os.path.abspath(sys.argv[2])
lines = set()
def local(frame, event, arg):
    if event == 'line':
        lines.add(frame.f_lineno)
    return local
def tracer(frame, event, arg):
    return local if frame.f_code.co_filename == script else None
def save():
    with open(out, 'w') as f:
        f.write(' '.join(map(str, sorted(lines))))
atexit.register(save)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
sys.argv = [script] + sys.argv[3:]
sys.path[0] = os.path.dirname(script)
threading.settrace(tracer)
sys.settrace(tracer)
runpy.run_path(script, run_name='__main__')
`;

/** A compiler's or gcov's limits: generous, as for any tool deck-sim runs, but still limits. */
const TOOL_LIMITS: RunLimits = { timeLimitMs: 120_000, memoryLimitMb: 4096, outputCap: 64 * 1024 * 1024 };

/** A build that failed, with the compiler's first lines. */
export class BuildFailed extends Error {}

/**
 * Builds `source` for coverage in `workDir` (C, C++: the plan's build, to which --coverage, -O0
 * and the signal unit are added; Python: run by the interpreter under the tracer).
 */
export async function coverageProgram(source: string, plan: BuildPlan, workDir: string): Promise<CoverageProgram> {
  const file = resolve(source);
  if (plan.language === 'python') {
    const tracer = join(workDir, 'deck_sim_trace.py');
    writeFileSync(tracer, PYTHON_TRACER, { flag: 'wx' });
    const record = (runDir: string) => join(runDir, 'lines');
    return {
      argv: (runDir) => [PYTHON, tracer, record(runDir), file],
      linesOf: (runDir) => Promise.resolve(readLines(record(runDir))),
    };
  }
  const buildDir = join(workDir, 'coverage');
  mkdirSync(buildDir);
  const helper = join(buildDir, `deck_sim_dump.${plan.language === 'c' ? 'c' : 'cc'}`);
  writeFileSync(helper, DUMP_ON_SIGNAL, { flag: 'wx' });
  const binary = join(buildDir, 'solution');
  const argv = [...buildArgv(plan.words!, file, binary), '--coverage', '-O0', helper];
  const failure = buildFailure(await runSolution(withTemporaryFolder(argv, buildDir), '', TOOL_LIMITS));
  if (failure !== undefined) {
    throw new BuildFailed(`cannot build '${source}' for coverage (${argv.join(' ')}): ${failure}`);
  }
  const notes = readdirSync(buildDir).filter((name) => name.endsWith('.gcno') && !name.includes('deck_sim_dump'));
  if (notes.length !== 1) throw new Error(`the coverage build left ${notes.length} notes files, not 1`);
  const note = notes[0];
  // The counters' path is the build folder's: strip all of it, so each run's land in its own folder.
  const strip = buildDir.split(sep).filter(Boolean).length;
  const name = basename(file);
  return {
    argv: (runDir) => ['env', `GCOV_PREFIX=${runDir}`, `GCOV_PREFIX_STRIP=${strip}`, binary],
    linesOf: async (runDir) => {
      const data = join(runDir, note.replace(/\.gcno$/, '.gcda'));
      if (!existsSync(data)) return undefined;
      copyFileSync(join(buildDir, note), join(runDir, note));
      const run = await runSolution(['gcov', '--json-format', '--stdout', data], '', TOOL_LIMITS);
      if (run.kind !== 'exited' || run.code !== 0) return undefined;
      return gcovLines(run.stdout, name);
    },
  };
}

interface GcovJson {
  files?: { file?: string; lines?: { line_number?: number; count?: number }[] }[];
}

/** The executed lines of the file named `name` in gcov's JSON (one object per line of output). */
export function gcovLines(json: string, name: string): Set<number> {
  const lines = new Set<number>();
  for (const text of json.split('\n')) {
    if (text.trim() === '') continue;
    const parsed = JSON.parse(text) as GcovJson;
    for (const file of parsed.files ?? []) {
      if (file.file === undefined || basename(file.file) !== name) continue;
      for (const line of file.lines ?? []) {
        if ((line.count ?? 0) > 0 && line.line_number !== undefined) lines.add(line.line_number);
      }
    }
  }
  return lines;
}

function readLines(path: string): Set<number> | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8').trim();
  return new Set(text === '' ? [] : text.split(' ').map(Number));
}
