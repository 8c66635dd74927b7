/** `deck-sim simulate`: the judge's transcript of one deck to stdout, or of many into a folder. */
import { mkdirSync, readdirSync, type Dirent } from 'node:fs';
import { basename } from 'node:path';
import { stringOption, UsageError, type OptionSpec, type ParsedArgs, type Command } from '../args';
import { simulate as simulateDeck, type DeckFormat } from '../gameFormats';
import { writeStdoutBytes, type Io } from '../processIo';
import { checkDistinctOutputs, formatProblems, outputPath } from '../outputFormat';
import { formatOption, readDeck } from '../deckSource';
import type { CommandHelp } from '../help';
import { deckFiles, FORMAT_HELP, JOBS_HELP, jobsOption } from './manyDecks';
import { mkdirErrorInWords } from '../fileInput';
import { checkOutputFile, entryKind } from '../outputFiles';

export const SIMULATE_OPTIONS: OptionSpec = { '--format': 'value', '--out-dir': 'value', '--jobs': 'value' };
const SIMULATE_HELP: CommandHelp = {
  usage: ['[--format F] FILE|-', '[--format F] [--jobs N] --out-dir DIR FILE|DIR...'],
  options: [
    FORMAT_HELP,
    ['--out-dir DIR', 'write DIR/NAME.out for each deck NAME.EXT instead of printing one transcript'],
    JOBS_HELP,
  ],
  notes: 'A deck with errors gets no transcript: its problems go to stderr and the exit status is 1.',
};

export async function simulate(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  const outDir = stringOption(args, '--out-dir');
  const jobs = jobsOption(args);
  const { files, notes, failed } = deckFiles(args.positional, format, io);
  if (outDir === undefined && files.length > 1) {
    throw new UsageError('simulate prints one transcript: give one FILE, or --out-dir DIR for many');
  }
  if (outDir !== undefined) {
    checkDistinctOutputs(outDir, files);
    checkOutputs(outDir, files);
  }
  io.stderr(notes);
  if (files.length === 0) return 1;
  if (outDir === undefined) return transcriptToStdout(files[0], format, io) || (failed ? 1 : 0);
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (error) {
    io.stderr(`deck-sim: cannot create '${outDir}': ${mkdirErrorInWords(error)}\n`);
    return 1;
  }
  // The batch (worker threads, file writing) loads only here: one deck to stdout needs none of it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runBatch } = require('../batch') as typeof import('../batch');
  return (await runBatch({ command: 'simulate', outDir, format }, files, jobs, io)).failed || failed ? 1 : 0;
}

/**
 * A usage error when an output file's name is taken by something deck-sim does not write over:
 * a device, FIFO, socket or folder (a link or a regular file is fine: replaced or written). The
 * folder is listed once, so a new folder, or a rerun over thousands of files, costs no look-up
 * per deck.
 */
function checkOutputs(outDir: string, files: readonly string[]): void {
  // A new folder holds nothing yet; a file or FIFO there fails to be made a folder, with its message.
  if (entryKind(outDir) === 'none') return;
  let entries: Dirent[];
  try {
    entries = readdirSync(outDir, { withFileTypes: true });
  } catch {
    return; // An unreadable folder says so when it is written.
  }
  const taken = new Set(entries.filter((entry) => !entry.isFile() && !entry.isSymbolicLink()).map((e) => e.name));
  if (taken.size === 0) return;
  for (const file of files) {
    const path = outputPath(outDir, file);
    if (taken.has(basename(path))) checkOutputFile(path, '--out-dir');
  }
}

/** One deck's transcript to stdout, written chunk by chunk as the game renders it (a ⑨ game can be 10 MB). */
function transcriptToStdout(file: string, format: DeckFormat | undefined, io: Io): number {
  const deck = readDeck(file, format, io);
  if (!deck) return 1;
  const analysis = simulateDeck(deck.format, deck.text);
  const problems = formatProblems(deck.name, analysis.problems);
  if (problems) io.stderr(problems);
  return analysis.writeTranscript((bytes) => writeStdoutBytes(io, bytes)) ? 0 : 1;
}

export const command: Command = { options: SIMULATE_OPTIONS, help: SIMULATE_HELP, run: simulate };
