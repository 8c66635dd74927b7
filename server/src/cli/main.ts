/**
 * `deck-sim`: the engine on the command line. Prints exactly the judge's transcript, checks
 * decks like a compiler, judges a solution, and starts the language server for other editors.
 */
import { parseArgs, UsageError, USAGE, type Command } from './args';
import { processIo, type Io } from './io';

export { USAGE } from './args';
export { formatProblem } from './output';
export type { Io } from './io';

// Each command's module loads when it runs: a process does one command, and loading the
// others (the judge, the stress test's generators, the features) would slow every start.
/* eslint-disable @typescript-eslint/no-require-imports -- literal paths, which the bundler follows */
const COMMANDS: Record<string, () => Command> = {
  simulate: () => (require('./commands/simulate') as typeof import('./commands/simulate')).command,
  check: () => (require('./commands/check') as typeof import('./commands/check')).command,
  judge: () => (require('./commands/judge') as typeof import('./commands/judge')).command,
  diff: () => (require('./commands/diff') as typeof import('./commands/diff')).command,
  explain: () => (require('./commands/explain') as typeof import('./commands/explain')).command,
  stress: () => (require('./commands/stress') as typeof import('./commands/stress')).command,
  audit: () => (require('./commands/audit') as typeof import('./commands/audit')).command,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** Runs one command; resolves to the exit status (-1: the process lives on as the server). Never throws. */
export async function run(args: readonly string[], io: Io = processIo): Promise<number> {
  try {
    const [name, ...rest] = args;
    if (name === 'lsp') return startLanguageServer(rest);
    if (name === 'help' || name === '--help' || name === '-h') {
      io.stdout(USAGE + '\n');
      return 0;
    }
    if (name === undefined) throw new UsageError('no command given');
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name]() : undefined;
    if (command === undefined) throw new UsageError(`unknown command '${name}'`);
    return await command.run(parseArgs(rest, command.options), io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`deck-sim: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    io.stderr(`deck-sim: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function startLanguageServer(args: readonly string[]): number {
  const transport = /^--(stdio|node-ipc|socket=\d+|pipe=.+|clientProcessId=\d+)$/;
  const bad = args.find((arg) => !transport.test(arg));
  if (bad !== undefined || args.length === 0) {
    throw new UsageError(bad === undefined ? 'lsp needs a transport: --stdio' : `unknown lsp option '${bad}'`);
  }
  // vscode-languageserver reads the transport from process.argv itself. The server is loaded
  // only here, so the other commands never pay for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('../lsp/server') as typeof import('../lsp/server')).startNodeServer();
  return -1;
}

if (require.main === module) {
  void run(process.argv.slice(2)).then((status) => {
    if (status >= 0) process.exitCode = status;
  });
}
