/**
 * `deck-sim`: the engine on the command line. Prints exactly the judge's transcript, checks
 * decks like a compiler, judges a solution, and starts the language server for other editors.
 */
import { parseArgs, UsageError, USAGE, type OptionSpec, type ParsedArgs } from './args';
import { check, CHECK_OPTIONS } from './commands/check';
import { diff, DIFF_OPTIONS } from './commands/diff';
import { explain, EXPLAIN_OPTIONS } from './commands/explain';
import { judge, JUDGE_OPTIONS } from './commands/judge';
import { simulate, SIMULATE_OPTIONS } from './commands/simulate';
import { stress, STRESS_OPTIONS } from './commands/stress';
import { processIo, type Io } from './io';

export { USAGE } from './args';
export { formatProblem } from './output';
export type { Io } from './io';

interface Command {
  options: OptionSpec;
  run(args: ParsedArgs, io: Io): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  simulate: { options: SIMULATE_OPTIONS, run: simulate },
  check: { options: CHECK_OPTIONS, run: check },
  judge: { options: JUDGE_OPTIONS, run: judge },
  diff: { options: DIFF_OPTIONS, run: diff },
  explain: { options: EXPLAIN_OPTIONS, run: explain },
  stress: { options: STRESS_OPTIONS, run: stress },
};

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
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
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
