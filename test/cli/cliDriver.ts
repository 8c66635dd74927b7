/**
 * `deck-sim` with the toy game registered, in a process of its own, for the tests that signal a
 * running command: `node cliDriver.js ARGS...` runs `deck-sim ARGS...`.
 */
import { run } from '../../server/src/cli/main';
import { registerSumRace } from '../toyGame';

registerSumRace();

void run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => '',
}).then((status) => { process.exitCode = status; });
