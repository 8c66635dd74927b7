import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Problem } from '../server/src/core/common/problem';

/** The repository root, whether run from sources or from out/. */
export const repoRoot = (() => {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) dir = resolve(dir, '..');
  return dir;
})();

/** `../shared`, beside the repository, as CI lays it out. */
export const sharedDir = resolve(repoRoot, '..', 'shared');

export interface ConformanceCase {
  name: string;
  input: string;
  expected: string;
}

export function conformanceCases(game: 'mahjong' | 'cirno'): ConformanceCase[] {
  const dir = join(sharedDir, 'conformance', game);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.in'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -3),
      input: readFileSync(join(dir, file), 'utf8'),
      expected: readFileSync(join(dir, file.slice(0, -3) + '.ans'), 'utf8'),
    }));
}

/** A problem as one line, 1-based like an editor shows it: `3:1-3:3 error unknown-tile: message`. */
export function formatProblem(p: Problem): string {
  const { start, end } = p.range;
  return `${start.line + 1}:${start.character + 1}-${end.line + 1}:${end.character + 1} ${p.severity} ${p.code}: ${p.message}`;
}


const PICTURE = /!\[[^\]]*\]\(data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+\)(\n\n)?/g;

/** Hover Markdown without its pictures, to compare the words exactly. */
export function stripPictures(markdown: string): string {
  return markdown.replace(PICTURE, '').replace(/\n\n$/, '');
}

/** The pictures of hover Markdown: each alt text with its decoded SVG. */
export function pictures(markdown: string): { alt: string; svg: string }[] {
  return [...markdown.matchAll(/!\[([^\]]*)\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/g)]
    .map((m) => ({ alt: m[1], svg: Buffer.from(m[2], 'base64').toString('utf8') }));
}
