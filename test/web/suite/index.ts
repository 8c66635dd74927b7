/// <reference types="mocha" />
/**
 * The web suite's entry, bundled into one script for the web worker extension host (which can
 * only `require('vscode')`) by test/web/bundleSuite.mjs. The web subset of the integration
 * suite: every feature the browser build has; the judge and killing the server's process are
 * desktop only. `run()` has @vscode/test-electron's contract: it settles when mocha is done.
 */
import './setup';
import './webWorker.test';
import '../../vscode/suite/mahjong.test';
import '../../vscode/suite/cirno.test';
import '../../vscode/suite/editorFeatures.test';
import '../../vscode/suite/replay.test';

export function run(): Promise<void> {
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
