import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Problem } from '../server/src/core/problem';

/** The repository root, whether run from sources or from out/. */
export const repoRoot = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) dir = resolve(dir, '..');
  return dir;
})();

/** `../shared`, beside the repository, as CI lays it out. */
export const sharedDir = resolve(repoRoot, '..', 'shared');

/**
 * Why the tests that read the official cases cannot run here, or undefined when `../shared` is
 * there. Give it to the suite or test that needs the cases: `describe(name, { skip: sharedSkip },
 * ...)`; node:test then reports `# SKIP` with this reason instead of crashing with ENOENT.
 */
export const sharedSkip: string | undefined = existsSync(join(sharedDir, 'conformance'))
  ? undefined
  : `the official cases are missing: ${join(sharedDir, 'conformance')} does not exist `
    + '(put the shared folder beside the repository to run these tests)';

export interface ConformanceCase {
  name: string;
  input: string;
  expected: string;
}

/** Every official case of a game, by name; none when `../shared` is missing (see sharedSkip). */
export function conformanceCases(game: 'mahjong' | 'cirno'): ConformanceCase[] {
  if (sharedSkip !== undefined) return [];
  const dir = join(sharedDir, 'conformance', game);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.in'))
    .sort()
    .map((file) => readCase(dir, file.slice(0, -3)));
}

/**
 * One official case, e.g. `conformanceCase('mahjong', 'official-01')`. When `../shared` is
 * missing it is an empty stand-in, so that a test file that reads it while loading still loads
 * and its suites, given `{ skip: sharedSkip }`, report why they are skipped.
 */
export function conformanceCase(game: 'mahjong' | 'cirno', name: string): ConformanceCase {
  if (sharedSkip !== undefined) return { name, input: '', expected: '' };
  return readCase(join(sharedDir, 'conformance', game), name);
}

function readCase(dir: string, name: string): ConformanceCase {
  return {
    name,
    input: readFileSync(join(dir, `${name}.in`), 'utf8'),
    expected: readFileSync(join(dir, `${name}.ans`), 'utf8'),
  };
}

/** A problem as one line, 1-based like an editor shows it: `3:1-3:3 error unknown-tile: message`. */
export function formatProblem(p: Problem): string {
  const { start, end } = p.range;
  const where = `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1}`;
  return `${where} ${p.severity} ${p.code}: ${p.message}`;
}

// In its own module, free of Node, so that the browser suite can use it too.
export { stripPictures } from './markdown';

/** The pictures of hover Markdown: each alt text with its decoded SVG. */
export function pictures(markdown: string): { alt: string; svg: string }[] {
  return [...markdown.matchAll(/!\[([^\]]*)\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/g)]
    .map((m) => ({ alt: m[1], svg: Buffer.from(m[2], 'base64').toString('utf8') }));
}
