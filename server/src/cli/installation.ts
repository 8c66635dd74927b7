/**
 * Where deck-sim is installed: the package folder it was built in, found from this file by
 * walking up, so the tsc build (out/…) and the bundles (dist/…) find the same files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = 'deck-simulator';

let root: string | undefined;

/** The folder holding deck-sim's package.json. */
export function installationRoot(): string {
  if (root !== undefined) return root;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && packageName(manifest) === PACKAGE_NAME) return (root = dir);
    if (dirname(dir) === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package.json above ${__dirname}`);
  }
}

function packageName(manifest: string): string | undefined {
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
}

/** deck-sim's version, from its package.json. */
export function toolVersion(): string {
  return (JSON.parse(readFileSync(join(installationRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** A file the build writes into dist/ (`validator.js`), or undefined when it was not built. */
export function builtFile(name: string): string | undefined {
  const path = join(installationRoot(), 'dist', name);
  return existsSync(path) ? path : undefined;
}
