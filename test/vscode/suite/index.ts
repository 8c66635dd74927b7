/** The integration suite's entry, with @vscode/test-electron's contract: `run()` settles when done. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

/** Runs every `*.test.js` of `folder` in one mocha run. */
export function runFolder(folder: string): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000 });
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(join(folder, file));
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}

export function run(): Promise<void> {
  return runFolder(__dirname);
}
