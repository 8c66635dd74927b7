/** A solution's source: its language by file ending, and its build, run like a solution (no shell, limits). */
import { extname } from 'node:path';
import { UsageError } from '../args';
import { runSolution, type RunLimits } from '../judge/runner';
import { splitCommand } from '../judge/words';

export type SourceLanguage = 'c' | 'cpp' | 'python';

const ENDINGS: Record<string, SourceLanguage> = {
  '.c': 'c', '.cpp': 'cpp', '.cc': 'cpp', '.cxx': 'cpp', '.c++': 'cpp', '.cp': 'cpp', '.py': 'python',
};

/** The default build of each compiled language: {src} the source, {out} the program. */
export const DEFAULT_BUILDS: Record<Exclude<SourceLanguage, 'python'>, string> = {
  cpp: 'g++ -std=gnu++17 -O1 -w -o {out} {src}',
  c: 'gcc -O1 -w -o {out} {src}',
};

export function sourceLanguage(file: string): SourceLanguage {
  const language = ENDINGS[extname(file).toLowerCase()];
  if (!language) {
    throw new UsageError(`cannot tell the language of '${file}': name it .c, .cpp (.cc, .cxx) or .py`);
  }
  return language;
}

/** The build command's words, {src} and {out} still in them; undefined for Python, which is not built. */
export function buildWords(language: SourceLanguage, build: string | undefined): string[] | undefined {
  if (language === 'python') return undefined;
  const words = splitCommand(build ?? DEFAULT_BUILDS[language]);
  if (!words.some((word) => word.includes('{src}')) || !words.some((word) => word.includes('{out}'))) {
    throw new UsageError(`--build must name {src} and {out}, as in '${DEFAULT_BUILDS[language]}'`);
  }
  return words;
}

/** A build that failed, with the compiler's first lines. */
export class BuildFailed extends Error {}

/** A compiler's or gcov's limits: generous, as for any tool deck-sim runs, but still limits. */
export const TOOL_LIMITS: RunLimits = { timeLimitMs: 120_000, memoryLimitMb: 4096, outputCap: 64 * 1024 * 1024 };

/** Builds `src` into `out` with `words` ({src}, {out} filled in, `extra` words after them). */
export async function buildProgram(words: readonly string[], src: string, out: string): Promise<void> {
  const argv = words.map((word) => word.replaceAll('{src}', src).replaceAll('{out}', out));
  const run = await runSolution(argv, '', TOOL_LIMITS);
  if (run.kind === 'exited' && run.code === 0) return;
  const why = run.kind === 'exited'
    ? run.stderr.split('\n').filter((line) => line.trim() !== '').slice(0, 5).join('\n')
    : run.kind === 'notStarted' ? run.error : `the build was stopped (${run.kind})`;
  throw new BuildFailed(`cannot build '${src}' with '${argv.join(' ')}':\n${why}`);
}
