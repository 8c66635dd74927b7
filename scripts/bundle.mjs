// Bundles the extension: the client with `vscode` left to VS Code, the server and the CLI (which
// runs solutions for the Testing view) self-contained, and the replay webview's script for the
// browser page it runs in.
import { build } from 'esbuild';

const node = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, logLevel: 'warning' };
await Promise.all([
  build({ ...node, entryPoints: ['client/src/node/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...node, entryPoints: ['server/src/lsp/server.ts'], outfile: 'dist/server.js' }),
  // main.ts runs itself when it is the program; batch.ts starts its workers from batchWorker.js beside it.
  build({ ...node, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js' }),
  build({ ...node, entryPoints: ['server/src/cli/batchWorker.ts'], outfile: 'dist/batchWorker.js' }),
  build({
    entryPoints: ['client/src/replay/webview/main.ts'],
    outfile: 'dist/webview/replay.js',
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  }),
]);
