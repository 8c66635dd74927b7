/**
 * `deck-sim`: the engine on the command line. Prints exactly the judge's transcript, checks
 * decks like a compiler, judges a solution, and starts the language server for other editors.
 */
import { parseArgs, UsageError, type Command } from './args';
import { formatEndings, formatList } from './gameFormats';
import { formatCommandHelp, formatOverallUsage, type CommandHelp } from './help';
import { packageVersion } from './installation';
import { processIo, type Io } from './processIo';

export { formatProblem } from './outputFormat';
export type { Io } from './processIo';

/** A command: its one line in the overall usage, and its module (its options, help and run). */
interface CommandEntry {
  summary: string;
  load(): Command;
}

// Each command's module loads when it runs (or prints its help): a process does one command, and
// loading the others (the judge, the stress test's generators, the features) would slow every start.
/* eslint-disable @typescript-eslint/no-require-imports -- literal paths, which the bundler follows */
const COMMANDS: Record<string, CommandEntry> = {
  simulate: {
    summary: "Print the judge's transcript of a deck, or write one for each deck.",
    load: () => (require('./commands/simulate') as typeof import('./commands/simulate')).command,
  },
  check: {
    summary: 'List every problem as FILE:LINE:COL: severity: message.',
    load: () => (require('./commands/check') as typeof import('./commands/check')).command,
  },
  judge: {
    summary: 'Run your solution on each deck: AC, WA, TLE, MLE, RE or OLE.',
    load: () => (require('./commands/judge') as typeof import('./commands/judge')).command,
  },
  diff: {
    summary: 'Judge an output you already have.',
    load: () => (require('./commands/diff') as typeof import('./commands/diff')).command,
  },
  stress: {
    summary: 'Random decks until your solution fails; the failing deck, shrunk.',
    load: () => (require('./commands/stress') as typeof import('./commands/stress')).command,
  },
  explain: {
    summary: 'Each transcript line with the deck line it moves and why it happens.',
    load: () => (require('./commands/explain') as typeof import('./commands/explain')).command,
  },
  audit: {
    summary: 'How strong a set of decks is: rules exercised, likely mistakes caught.',
    load: () => (require('./commands/audit') as typeof import('./commands/audit')).command,
  },
  locate: {
    summary: 'Which line of your solution is wrong, and a one-token fix.',
    load: () => (require('./commands/locate') as typeof import('./commands/locate')).command,
  },
  package: {
    summary: 'Write the decks of one game as a Kattis / ICPC problem package.',
    load: () => (require('./commands/package') as typeof import('./commands/package')).command,
  },
};
/* eslint-enable @typescript-eslint/no-require-imports */

const LSP_SUMMARY = 'Start the language server, for editors other than VS Code.';
const LSP_HELP: CommandHelp = {
  usage: ['--stdio'],
  options: [['--stdio', 'speak LSP over standard input and output']],
  notes: 'The other transports of vscode-languageserver are taken too: --node-ipc, --socket=PORT, --pipe=NAME, '
    + 'and --clientProcessId=PID beside one of them.',
};
const LSP_TRANSPORT = /^--(stdio|node-ipc|socket=\d+|pipe=.+|clientProcessId=\d+)$/;

/** `deck-sim --help`: every command with its summary, and what they all share. */
export const USAGE = formatOverallUsage(
  [...Object.entries(COMMANDS).map(([name, entry]): [string, string] => [name, entry.summary]), ['lsp', LSP_SUMMARY]],
  [
    `F is ${formatList()}; without --format it comes from the file name: ${formatEndings().join(', ')}, else `
      + "(a judge's .in) and for stdin from the game its first word belongs to. "
      + 'A DIR stands for the decks in it. --jobs defaults to the cores. '
      + 'CMD is split into words like a shell would, but runs without one.',
    'Problems go to stderr; transcripts and reports go to stdout. Exit status: 0 success (every deck valid, '
      + 'every verdict AC, no failure found), 1 a deck has errors or a solution failed, 2 usage error.',
  ],
);

/** The names `help` and `--help` take: every command's. */
export const COMMAND_NAMES: readonly string[] = [...Object.keys(COMMANDS), 'lsp'];

/** The module of command NAME (its options, help and run); undefined for `lsp` and for a name that is no command. */
export function loadCommand(name: string): Command | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name].load() : undefined;
}

/** `deck-sim NAME --help`; undefined for a name that is no command. */
export function commandHelp(name: string): string | undefined {
  if (name === 'lsp') return formatCommandHelp(name, LSP_SUMMARY, LSP_HELP);
  const command = loadCommand(name);
  return command && formatCommandHelp(name, COMMANDS[name].summary, command.help);
}

/** Runs one command; resolves to the exit status (-1: the process lives on as the server). Never throws. */
export async function run(args: readonly string[], io: Io = processIo): Promise<number> {
  // The command a usage error points to for its help, once the command is known.
  let usageOf = '';
  try {
    const [name, ...rest] = args;
    if (name === undefined) throw new UsageError('no command given');
    if (name === 'help' || name === '--help' || name === '-h') return printHelp(rest, io);
    if (name === '--version') {
      io.stdout(`deck-sim ${packageVersion()}\n`);
      return 0;
    }
    if (name.startsWith('-')) throw new UsageError(`unknown option '${name}': a command comes first`);
    if (name !== 'lsp' && !Object.hasOwn(COMMANDS, name)) throw new UsageError(`unknown command '${name}'`);
    usageOf = `${name} `;
    if (name === 'lsp') {
      return rest.includes('--help') || rest.includes('-h') ? printHelp([name], io) : startLanguageServer(rest);
    }
    const command = COMMANDS[name].load();
    const parsed = parseArgs(rest, command.options);
    return parsed.help ? printHelp([name], io) : await command.run(parsed, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`deck-sim: ${error.message}\nRun 'deck-sim ${usageOf}--help' for usage.\n`);
      return 2;
    }
    io.stderr(`deck-sim: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** `deck-sim help [COMMAND]`, `deck-sim --help`: the overall usage, or one command's help. */
function printHelp(args: readonly string[], io: Io): number {
  if (args.length > 1) throw new UsageError(`help takes one COMMAND, not ${args.length} words`);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    io.stdout(USAGE);
    return 0;
  }
  const text = commandHelp(args[0]);
  if (text === undefined) throw new UsageError(`unknown command '${args[0]}'`);
  io.stdout(text);
  return 0;
}

function startLanguageServer(args: readonly string[]): number {
  const bad = args.find((arg) => !LSP_TRANSPORT.test(arg));
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
