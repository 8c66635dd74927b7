/** How the CLI names things it prints or writes. */
import { basename, extname, join } from 'node:path';
import type { Problem } from '../core/problem';
import { UsageError } from './args';

/** `FILE:LINE:COL: severity: message`, 1-based, as compilers print. */
export function formatProblem(file: string, problem: Problem): string {
  const { line, character } = problem.range.start;
  return `${file}:${line + 1}:${character + 1}: ${problem.severity}: ${problem.message}`;
}

/** Every problem of a deck, one formatProblem line each (empty when there is none). */
export function formatProblems(file: string, problems: readonly Problem[]): string {
  return problems.map((problem) => formatProblem(file, problem) + '\n').join('');
}

/** DIR/NAME.out for input NAME.EXT. */
export function outputPath(outDir: string, file: string): string {
  return join(outDir, basename(file, extname(file)) + '.out');
}

/** Refuses inputs that would write the same output file, naming the first two that clash. */
export function checkDistinctOutputs(outDir: string, files: readonly string[]): void {
  // Keyed by the name alone (the folder is the same for all): cheaper than a path per deck.
  const seen = new Map<string, string>();
  for (const file of files) {
    if (file === '-') throw new UsageError('--out-dir needs named files: standard input has no name to write');
    const name = basename(file, extname(file));
    const earlier = seen.get(name);
    if (earlier !== undefined && earlier !== file) {
      const path = outputPath(outDir, file);
      throw new UsageError(`'${earlier}' and '${file}' would both be written to '${path}': rename one`);
    }
    seen.set(name, file);
  }
}
