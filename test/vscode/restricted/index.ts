/**
 * The Restricted Mode suite: the same contract as ../suite/index.ts, for a run in an untrusted
 * workspace (workspace trust on, the fixtures folder not trusted), e.g.
 * `DECK_SIM_E2E_TESTS_PATH=out/test/vscode/restricted/index` with trust enabled in code-server.
 */
import { runFolder } from '../suite/index';

export function run(): Promise<void> {
  return runFolder(__dirname);
}
