// Bundles the extension: the desktop client with `vscode` left to VS Code, the server and the
// CLI (which runs solutions for the Testing view) self-contained; the browser build's client and
// server (web workers: package.json `browser`); and the replay webview's script for its page.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

// Source maps beside every bundle, so debuggers and stack traces read the TypeScript; the .vsix
// leaves them out (.vscodeignore is a whitelist).
/** @type {import('esbuild').BuildOptions} */
const node = {
  bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, sourcemap: true, logLevel: 'warning',
};
/** @type {import('esbuild').BuildOptions} */
const browser = {
  bundle: true, platform: 'browser', target: 'es2022', minify: true, sourcemap: true, logLevel: 'warning',
};
/**
 * The Mahjong distance tables (some 170 KB of string data) are a file of their own beside the Node
 * bundles, required when the Mahjong engine first loads, so a start that meets no Mahjong deck
 * does not read or parse them. The web worker bundles keep them inline: a worker has no require.
 * @type {import('esbuild').Plugin}
 */
const tablesApart = {
  name: 'mahjong-tables-apart',
  setup(on) {
    on.onResolve({ filter: /\/groupTables\.generated$/ }, () => ({ path: './mahjongTables.js', external: true }));
  },
};
/** @type {import('esbuild').BuildOptions} */
const nodeEngine = { ...node, plugins: [tablesApart] };
await Promise.all([
  build({ ...node, entryPoints: ['client/src/node/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...nodeEngine, entryPoints: ['server/src/lsp/server.ts'], outfile: 'dist/server.js' }),
  // main.ts runs itself when it is the program; batch.ts starts its workers from batchWorker.js beside it.
  build({ ...nodeEngine, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js' }),
  build({ ...nodeEngine, entryPoints: ['server/src/cli/batchWorker.ts'], outfile: 'dist/batchWorker.js' }),
  build({
    ...node, entryPoints: ['server/src/core/mahjong/groupTables.generated.ts'], outfile: 'dist/mahjongTables.js',
  }),
  // A problem package's input validator: one file, the tables inline, no source map beside it.
  build({
    ...node, sourcemap: false, entryPoints: ['server/src/cli/problemPackage/validator.ts'],
    outfile: 'dist/validator.js',
  }),
  // VS Code's web worker extension host loads the client as CommonJS, with `vscode` its only module.
  build({
    ...browser, format: 'cjs', entryPoints: ['client/src/browser/extension.ts'], outfile: 'dist/browser/client.js',
    external: ['vscode'],
  }),
  build({ ...browser, format: 'iife', entryPoints: ['server/src/lsp/browser.ts'], outfile: 'dist/browser/server.js' }),
  build({
    ...browser, format: 'iife', entryPoints: ['client/src/replay/webview/main.ts'], outfile: 'dist/webview/replay.js',
  }),
]);

// The mutator's parser (audit --reference, locate): tree-sitter's runtime and the grammars it
// reads, WebAssembly files beside the CLI bundle, where server/src/cli/mutation/syntaxTrees.ts looks.
const treeSitter = dirname(createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm'));
mkdirSync('dist/tree-sitter', { recursive: true });
for (const file of ['tree-sitter.wasm', 'tree-sitter-cpp.wasm', 'tree-sitter-python.wasm']) {
  copyFileSync(join(treeSitter, file), join('dist/tree-sitter', file));
}
