/**
 * `npm run test:vscode`: the integration suite in a VS Code that @vscode/test-electron
 * downloads, or the one named by VSCODE_EXECUTABLE_PATH. (Where neither can be had, as on
 * these CI machines, `npm run test:e2e` runs the same suite inside code-server.)
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = resolve(__dirname, '../../..');
  const workspace = mkdtempSync(join(tmpdir(), 'deck-sim-vscode-'));
  cpSync(join(root, 'test/vscode/fixtures'), workspace, { recursive: true });
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out/test/vscode/suite/index'),
    vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH,
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
  });
}

main().catch((error) => {
  console.error(`test:vscode failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
