// Bundles the extension: the client with `vscode` left to VS Code, the server self-contained.
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, logLevel: 'warning' };
await Promise.all([
  build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] }),
  build({ ...common, entryPoints: ['server/src/lsp/server.ts'], outfile: 'dist/server.js' }),
]);
