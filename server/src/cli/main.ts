/**
 * `deck-sim`: the engine on the command line. Prints exactly the judge's transcript, checks
 * decks like a compiler, and starts the language server for editors other than VS Code.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { hasErrors, type Problem } from '../core/common/problem';
import {
  analyzeDeck, isLanguageId, languageForPath, transcriptOf, type DeckLanguageId,
} from '../core/deck';

export const USAGE = `Usage:
  deck-sim simulate [--format mjdeck|cirnodeck] FILE|-        print the judge's transcript
  deck-sim simulate [--format F] --out-dir DIR FILE...         write DIR/NAME.out for each FILE
  deck-sim check [--format mjdeck|cirnodeck] FILE...|-         list problems as FILE:LINE:COL
  deck-sim lsp --stdio                                         start the language server

The format comes from the extension (.mjdeck, .cirnodeck); .in files and stdin are Mahjong decks.
Exit status: 0 every deck valid, 1 a deck has errors, 2 usage error.`;

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): string;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readFileSync(0, 'utf8'),
};

class UsageError extends Error {}

interface Options {
  command: string;
  format?: DeckLanguageId;
  outDir?: string;
  files: string[];
}

function parseArgs(args: string[]): Options {
  const [command, ...rest] = args;
  const options: Options = { command, files: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--format') {
      const format = value();
      if (!isLanguageId(format)) throw new UsageError(`unknown format '${format}': use mjdeck or cirnodeck`);
      options.format = format;
    } else if (arg === '--out-dir') {
      options.outDir = value();
    } else if (arg.startsWith('--') || (arg.startsWith('-') && arg !== '-')) {
      throw new UsageError(`unknown option '${arg}'`);
    } else {
      options.files.push(arg);
    }
  }
  return options;
}

interface Deck {
  name: string;
  language: DeckLanguageId;
  text: string;
}

function readDeck(file: string, options: Options, io: Io): Deck {
  const language = options.format ?? (file === '-' ? 'mjdeck' : languageForPath(file));
  if (language === undefined) {
    throw new UsageError(`cannot tell the format of '${file}' from its extension: use --format mjdeck or --format cirnodeck`);
  }
  const text = file === '-' ? io.readStdin() : readFileSync(file, 'utf8');
  return { name: file === '-' ? '<stdin>' : file, language, text };
}

/** `FILE:LINE:COL: severity: message`, 1-based, as compilers print. */
export function formatProblem(file: string, problem: Problem): string {
  const { line, character } = problem.range.start;
  return `${file}:${line + 1}:${character + 1}: ${problem.severity}: ${problem.message}`;
}

/** Runs one command; returns the exit status. Never throws for bad input. */
export function run(args: string[], io: Io = processIo): number {
  try {
    if (args[0] === 'lsp') return startLanguageServer(args.slice(1));
    return runCommand(parseArgs(args), io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`deck-sim: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    io.stderr(`deck-sim: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function runCommand(options: Options, io: Io): number {
  switch (options.command) {
    case 'simulate':
      return simulate(options, io);
    case 'check':
      return check(options, io);
    case '--help':
    case '-h':
    case 'help':
      io.stdout(USAGE + '\n');
      return 0;
    case undefined:
      throw new UsageError('no command given');
    default:
      throw new UsageError(`unknown command '${options.command}'`);
  }
}

/** Returns -1: the process lives on as the server. */
function startLanguageServer(args: string[]): number {
  const transport = /^--(stdio|node-ipc|socket=\d+|pipe=.+|clientProcessId=\d+)$/;
  const bad = args.find((arg) => !transport.test(arg));
  if (bad !== undefined || args.length === 0) {
    throw new UsageError(bad === undefined ? 'lsp needs a transport: --stdio' : `unknown lsp option '${bad}'`);
  }
  // vscode-languageserver reads the transport from process.argv itself.
  require('../lsp/server').startServer();
  return -1;
}

/** Reads each deck in turn, reporting an unreadable file as that deck's error. */
function forEachDeck(options: Options, io: Io, visit: (deck: Deck) => boolean): number {
  if (options.files.length === 0) throw new UsageError('no deck file given (use - for stdin)');
  let failed = false;
  for (const file of options.files) {
    let deck: Deck;
    try {
      deck = readDeck(file, options, io);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      io.stderr(`deck-sim: cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      failed = true;
      continue;
    }
    try {
      if (!visit(deck)) failed = true;
    } catch (error) {
      // One deck's failure must not stop the thousands after it.
      io.stderr(`deck-sim: internal error on '${file}': ${error instanceof Error ? error.message : String(error)}\n`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

function simulate(options: Options, io: Io): number {
  if (options.outDir === undefined && options.files.length > 1) {
    throw new UsageError('simulate prints one transcript: give one FILE, or --out-dir DIR for many');
  }
  if (options.outDir !== undefined) mkdirSync(options.outDir, { recursive: true });
  return forEachDeck(options, io, (deck) => {
    const analysis = analyzeDeck(deck.language, deck.text);
    for (const problem of analysis.problems) io.stderr(formatProblem(deck.name, problem) + '\n');
    const transcript = transcriptOf(analysis);
    if (transcript === undefined) return false;
    if (options.outDir === undefined) io.stdout(transcript);
    else writeFileSync(join(options.outDir, basename(deck.name, extname(deck.name)) + '.out'), transcript);
    return true;
  });
}

function check(options: Options, io: Io): number {
  return forEachDeck(options, io, (deck) => {
    const { problems } = analyzeDeck(deck.language, deck.text);
    for (const problem of problems) io.stdout(formatProblem(deck.name, problem) + '\n');
    return !hasErrors(problems);
  });
}

if (require.main === module) {
  const status = run(process.argv.slice(2));
  if (status >= 0) process.exitCode = status;
}
