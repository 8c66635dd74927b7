/**
 * Where deck-sim is installed: the folder of the nearest package.json above this file, so the
 * tsc build (out/…) and the bundles (dist/…) find the same version and built files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Installation {
  root: string;
  version: string;
}

let found: Installation | undefined;

function installation(): Installation | undefined {
  if (found) return found;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
      if (typeof manifest.version === 'string') return (found = { root: dir, version: manifest.version });
    } catch {
      // No package.json here: look in the folder above.
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The version in deck-sim's package.json. */
export function packageVersion(): string {
  return installation()?.version ?? 'unknown';
}

/** A file the build writes into dist/ (`validator.js`), or undefined when it was not built. */
export function builtFile(name: string): string | undefined {
  const root = installation()?.root;
  const path = root === undefined ? undefined : join(root, 'dist', name);
  return path !== undefined && existsSync(path) ? path : undefined;
}
