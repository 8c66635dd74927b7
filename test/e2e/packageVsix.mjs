// Phase 2: package the extension as a .vsix, with the project's `package` script when it has
// one (so that its build also serves the suite), else with vsce.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { log } from './lib/log.mjs';
import { run } from './lib/processes.mjs';

/**
 * @param {import('./config.mjs').E2eConfig} cfg
 * @param {string} tmp the folder the .vsix is written to
 * @returns {Promise<string>} the .vsix
 */
export async function packageExtension(cfg, tmp) {
  const out = path.join(tmp, 'deck-simulator.vsix');
  const root = cfg.extensionPath; // the repo, unless DECK_SIM_E2E_EXTENSION_PATH says otherwise
  const pkg = JSON.parse(await fsp.readFile(path.join(root, 'package.json'), 'utf8'));
  if (!fs.existsSync(path.join(root, (pkg.main || 'dist/client.js')))) {
    throw new Error(`${pkg.main} does not exist: run \`npm run build\` before the e2e tests`);
  }
  /** @type {import('./lib/processes.mjs').RunOptions} */
  const quiet = { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] };
  if (pkg.scripts?.package) {
    log(`packaging with \`npm run package -- --out ${out}\``);
    await run('npm', ['run', 'package', '--', '--out', out], { ...quiet, prefix: '  [package] ' });
  } else {
    log('packaging with `vsce package --no-dependencies` (no "package" script in package.json)');
    const vsce = path.join(cfg.repo, 'node_modules/.bin/vsce'); // the repo's devDependency
    await run(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', out],
      { ...quiet, prefix: '  [vsce] ' });
  }
  if (!fs.existsSync(out)) throw new Error(`packaging did not produce ${out}`);
  log(`packaged ${out} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
  return out;
}
