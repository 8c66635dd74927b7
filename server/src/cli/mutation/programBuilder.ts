/**
 * Builds the reference and its mutants into programs, through the judge's runner (no shell, a
 * time limit, an output cap), in parallel and cached by content: a build record per (source,
 * build command, compiler version), a program per identity (binaryIdentity.ts), so that equal
 * programs are found without comparing files and a second audit builds nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../args';
import { runSolution, type RunResult } from '../judge/runner';
import { mapInOrder } from '../pool';
import { binaryIdentity, PYTHON_IDENTITY_SCRIPT } from './binaryIdentity';
import { buildArgv, headerArgv, leadingIncludes, PYTHON, runArgv, type BuildPlan } from './buildPlan';
import { sha256, type MutationCache } from './mutationCache';

/** A build that runs longer is stopped and counted as failed (a template or constexpr loop). */
export const BUILD_TIME_LIMIT_MS = 60_000;
const BUILD_OUTPUT_CAP = 1024 * 1024;
/** Compilers need room: cc1plus maps the precompiled header and optimises whole files. */
const BUILD_MEMORY_MB = 4096;
const BUILD_LIMITS = { timeLimitMs: BUILD_TIME_LIMIT_MS, outputCap: BUILD_OUTPUT_CAP, memoryLimitMb: BUILD_MEMORY_MB };
const MESSAGE_LINES = 8;

export type Built =
  | { ok: true; identity: string }
  | { ok: false; message: string };

export interface BuildCounts {
  /** Builds run now. */
  built: number;
  /** Builds found in the cache. */
  cached: number;
  failed: number;
}

export class ProgramBuilder {
  counts: BuildCounts = { built: 0, cached: 0, failed: 0 };
  private header?: string;
  private toolVersion = '';

  private constructor(readonly plan: BuildPlan, private readonly cache: MutationCache) {}

  /** A builder for `plan`: its compiler's (or interpreter's) version read, a default build's header precompiled. */
  static async create(plan: BuildPlan, cache: MutationCache, reference: string): Promise<ProgramBuilder> {
    const builder = new ProgramBuilder(plan, cache);
    builder.toolVersion = await versionOf(plan.words?.[0] ?? PYTHON);
    builder.header = await builder.precompiledHeader(reference);
    return builder;
  }

  /** Counts from now on (the mutants', not the reference's). */
  resetCounts(): void {
    this.counts = { built: 0, cached: 0, failed: 0 };
  }

  /** The command line that runs a program built here. */
  runArgv(identity: string): string[] {
    return runArgv(this.plan, this.programPath(identity));
  }

  private programPath(identity: string): string {
    return this.cache.path('programs', this.plan.template === undefined ? `${identity}.py` : identity);
  }

  /** Builds each source (`jobs` at once), the cached ones from their records; `done` after each. */
  async buildAll(sources: readonly string[], jobs: number, done = () => undefined as void): Promise<Built[]> {
    if (this.plan.template === undefined) return this.identifyPython(sources, done);
    return mapInOrder(sources, jobs, (source) => this.build(source), done);
  }

  /** Builds one C or C++ source, a failure keeping all the compiler said (what a schema's errors are traced from). */
  async buildWhole(source: string): Promise<Built> {
    return this.build(source, Infinity);
  }

  private buildKey(source: string): string {
    const { fileName, template } = this.plan;
    return sha256('build', fileName, source, template ?? PYTHON, this.toolVersion, this.header ?? '');
  }

  /** A cached record stands only while its program is there (the cap may have evicted it). */
  private cached(key: string): Built | undefined {
    const record = this.cache.readJson<Built>('builds', `${key}.json`);
    if (!record || (record.ok && !this.cache.has('programs', this.programName(record.identity)))) return undefined;
    this.cache.touch(this.cache.path('builds', `${key}.json`));
    return record;
  }

  private programName(identity: string): string {
    return this.plan.template === undefined ? `${identity}.py` : identity;
  }

  private record(key: string, built: Built): Built {
    this.cache.writeJson('builds', `${key}.json`, built);
    if (built.ok) this.counts.built++;
    else this.counts.failed++;
    return built;
  }

  private async build(source: string, messageLines = MESSAGE_LINES): Promise<Built> {
    const key = this.buildKey(source) + (messageLines === MESSAGE_LINES ? '' : '-whole');
    const cached = this.cached(key);
    if (cached) {
      this.counts.cached++;
      if (!cached.ok) this.counts.failed++;
      return cached;
    }
    const scratch = this.cache.scratch();
    try {
      const src = join(scratch, this.plan.fileName);
      const out = join(scratch, 'program');
      writeFileSync(src, source, { flag: 'wx' });
      const argv = withTemporaryFolder(this.compileArgv(src, out, scratch), scratch);
      const run = await runSolution(argv, '', BUILD_LIMITS);
      // Diagnostics name the source as the reference's file name, not its scratch copy.
      const failure = buildFailure(run, messageLines)?.replaceAll(`${scratch}/`, '');
      if (failure !== undefined) return this.record(key, { ok: false, message: failure });
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(out);
      } catch {
        return this.record(key, { ok: false, message: 'the build wrote no program at {out}' });
      }
      const identity = binaryIdentity(bytes);
      if (!this.cache.has('programs', identity)) this.cache.adopt(out, 'programs', identity);
      return this.record(key, { ok: true, identity });
    } finally {
      this.cache.removeScratch(scratch);
    }
  }

  /**
   * The build command for one source. A default build also includes the precompiled header
   * first and maps the scratch folder to `.`, so that no binary carries its folder's name.
   */
  private compileArgv(src: string, out: string, scratch: string): string[] {
    const argv = buildArgv(this.plan.words!, src, out);
    if (!this.plan.isDefault) return argv;
    const extra = [`-ffile-prefix-map=${scratch}=.`];
    if (this.header) extra.push('-include', this.header);
    return [argv[0], ...extra, ...argv.slice(1)];
  }

  /**
   * The reference's leading system includes, precompiled once per (includes, flags, compiler):
   * a default C++ build of a source including <bits/stdc++.h> takes about a third of the time.
   * Undefined when the build is not a default one, the source starts otherwise, or it fails.
   */
  private async precompiledHeader(reference: string): Promise<string | undefined> {
    const includes = leadingIncludes(reference);
    const probe = includes && headerArgv(this.plan, 'pch.h', 'pch.h.gch');
    if (includes === undefined || !probe) return undefined;
    const key = sha256('header', includes, this.plan.template!, this.toolVersion);
    const header = join(this.cache.path('headers', key), 'pch.h');
    if (this.cache.has('headers', key)) return header;
    const scratch = this.cache.scratch();
    try {
      writeFileSync(join(scratch, 'pch.h'), includes, { flag: 'wx' });
      const argv = [this.plan.words![0], ...headerArgv(this.plan, join(scratch, 'pch.h'), join(scratch, 'pch.h.gch'))!];
      const run = await runSolution(withTemporaryFolder(argv, scratch), '', BUILD_LIMITS);
      if (buildFailure(run) !== undefined) return undefined;
      this.cache.adopt(scratch, 'headers', key);
      return header;
    } finally {
      this.cache.removeScratch(scratch);
    }
  }

  /**
   * Python without --build: nothing is built. One interpreter run compiles every uncached
   * source to its identity; each identity's first source is kept as the program to run.
   */
  private async identifyPython(sources: readonly string[], done: () => void): Promise<Built[]> {
    const keys = sources.map((source) => this.buildKey(source));
    const results: (Built | undefined)[] = keys.map((key) => this.cached(key));
    const missing = results.flatMap((result, i) => (result ? [] : [i]));
    this.counts.cached += sources.length - missing.length;
    this.counts.failed += results.filter((result) => result && !result.ok).length;
    if (missing.length > 0) {
      const input = JSON.stringify(missing.map((i) => sources[i]));
      const run = await runSolution([PYTHON, '-c', PYTHON_IDENTITY_SCRIPT], input, BUILD_LIMITS);
      const failure = buildFailure(run);
      if (failure !== undefined) throw new UsageError(`cannot compile the Python sources with ${PYTHON}: ${failure}`);
      const identities = JSON.parse((run as { stdout: string }).stdout) as (string | null)[];
      missing.forEach((i, n) => {
        const identity = identities[n];
        if (identity !== null && !this.cache.has('programs', `${identity}.py`)) {
          this.cache.writeWhole(this.programPath(identity), sources[i]);
        }
        results[i] = this.record(keys[i], identity === null
          ? { ok: false, message: 'Python cannot compile it (a syntax error)' }
          : { ok: true, identity });
      });
    }
    for (let i = 0; i < sources.length; i++) done();
    return results as Built[];
  }
}

/**
 * `argv` with its temporary files (a compiler's `.s` and `.o`) in `dir`: a compiler killed midway
 * (Ctrl-C, the time limit) leaves them behind, and `dir` goes with the build.
 */
export function withTemporaryFolder(argv: readonly string[], dir: string): string[] {
  return ['env', `TMPDIR=${dir}`, ...argv];
}

/** Why a build failed (its first lines of diagnostics), or undefined when it succeeded. */
export function buildFailure(run: RunResult, messageLines = MESSAGE_LINES): string | undefined {
  switch (run.kind) {
    case 'exited': {
      if (run.code === 0) return undefined;
      const status = run.signal ? `killed by ${run.signal}` : `exit status ${run.code}`;
      const lines = run.stderr.split('\n').filter((line) => line.trim() !== '').slice(0, messageLines);
      return [status, ...lines].join('\n');
    }
    case 'timeout':
      return `stopped at the build time limit of ${BUILD_TIME_LIMIT_MS / 1000} s`;
    case 'outputLimit':
      return 'stopped after more than 1 MB of output';
    case 'memoryLimit':
      return `stopped past the build memory limit of ${BUILD_MEMORY_MB} MB`;
    case 'notStarted':
      return run.error;
  }
}

/** The first line `TOOL --version` prints: builds with another compiler are other builds. */
async function versionOf(tool: string): Promise<string> {
  const run = await runSolution([tool, '--version'], '', BUILD_LIMITS);
  return run.kind === 'exited' && run.code === 0 ? (run.stdout.split('\n')[0] ?? '') : '';
}
