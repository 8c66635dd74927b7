// Bundles the web suite (test/web/suite/index.ts) into one CommonJS script for the web worker
// extension host, which can `require` nothing but 'vscode': mocha's browser build inside, and
// `node:assert/strict` mapped to test/web/suite/assert.ts. Output: out/test/web/suite.js
// (inside the extension's folder, so that VS Code runs the tests in the extension's host).
import path from 'node:path';
import { build } from 'esbuild';
import { REPO } from '../e2e/config.mjs';

/** The bundle's path without `.js`, as extensionTestsPath wants it. */
export const WEB_SUITE = path.join(REPO, 'out/test/web/suite');

export async function bundleWebSuite() {
  await build({
    absWorkingDir: REPO,
    entryPoints: ['test/web/suite/index.ts'],
    outfile: `${WEB_SUITE}.js`,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    alias: { 'node:assert/strict': './test/web/suite/assert.ts' },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return WEB_SUITE;
}
