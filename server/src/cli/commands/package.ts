/**
 * `deck-sim package`: a set of decks of one game as a Kattis / ICPC problem package: problem.yaml,
 * data/sample and data/secret (NAME.in, NAME.ans, NAME.desc), the input validator bundled from
 * this project's core, and the given solutions' sources under submissions/.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { gameForLanguage } from '../../core/gameRegistry';
import {
  PACKAGE_FILE_NAME, PACKAGE_LICENSES, problemPackageFiles, validatorFile, type PackageDeck,
} from '../../core/problemPackage';
import {
  listOption, stringOption, UsageError, type Command, type OptionSpec, type ParsedArgs,
} from '../args';
import { DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIME_LIMIT_MS } from '../judge/runner';
import { prepareDeck } from '../judge/prepare';
import { runLimits } from './judge';
import { judgeSubmissions, submissionReport, type Submission } from '../problemPackage/submissionCheck';
import type { CommandHelp } from '../help';
import { builtFile, packageVersion } from '../installation';
import type { Io } from '../processIo';
import { formatProblems } from '../outputFormat';
import { formatOf, formatOption, readDeck } from '../deckSource';
import { deckFiles, FORMAT_HELP, JOBS_HELP, jobsOption } from './manyDecks';
import { CannotWrite, removeLeftovers, Staging } from '../outputFiles';
import { planKeep, summarizeNames } from '../problemPackage/keep';

export const PACKAGE_OPTIONS: OptionSpec = {
  '--out': 'value', '--name': 'value', '--source': 'value', '--license': 'value', '--format': 'value',
  '--sample': 'list', '--solution': 'list', '--wrong': 'list', '--force': 'flag', '--memory-limit': 'value',
  '--time-limit': 'value', '--jobs': 'value',
};

const PACKAGE_HELP: CommandHelp = {
  usage: ['--out DIR [--name TEXT] [--source TEXT] [--license L] [--sample DECK]... [--solution FILE]... '
    + '[--wrong FILE]... [--time-limit MS] [--memory-limit MB] [--jobs N] [--force] [--format F] DECK|DIR...'],
  options: [
    ['--out DIR', 'the package folder (created; a non-empty one only with --force)'],
    ['--name TEXT', "the problem's name in problem.yaml (default: DIR's name)"],
    ['--source TEXT', 'the contest or course it comes from'],
    ['--license L', `one of ${PACKAGE_LICENSES.map((l) => `'${l}'`).join(', ')} (default 'unknown')`],
    ['--sample DECK', 'a deck for data/sample (given any number of times; the others go to data/secret)'],
    ['--solution FILE', 'a source file for submissions/accepted (any number of times)'],
    ['--wrong FILE', 'a source file for submissions/wrong_answer (any number of times)'],
    ['--time-limit MS', `each submission's time limit per deck (default: ${DEFAULT_TIME_LIMIT_MS})`],
    ['--memory-limit MB', `problem.yaml's limits: memory, and each submission's (default: ${DEFAULT_MEMORY_LIMIT_MB})`],
    JOBS_HELP,
    ['--force', "write into a non-empty DIR: the files the package writes are replaced, every other file is kept"],
    FORMAT_HELP,
  ],
  notes: 'Each deck becomes NAME.in (the exact judge input), NAME.ans (the reference transcript) and NAME.desc '
    + "when one lies beside the deck. input_validators/deck/validate.js is bundled from deck-sim's core: it exits "
    + '42 for exactly the judge input of a valid deck, 43 with the first problem otherwise. Decks with errors are '
    + 'refused with their problems and nothing is written (exit 1). Once the package is written, each submission '
    + 'in C, C++ or Python is built and judged on every deck: exit 1 when an accepted one fails a deck, a '
    + 'wrong_answer one passes them all or one does not build; a warning when a wrong_answer one fails only by '
    + 'TLE, RE, OLE or MLE, never by WA.',
};

export async function packageProblem(args: ParsedArgs, io: Io): Promise<number> {
  const out = stringOption(args, '--out');
  if (out === undefined) throw new UsageError('--out DIR is required: the folder to write the package into');
  const license = stringOption(args, '--license') ?? 'unknown';
  if (!PACKAGE_LICENSES.includes(license)) {
    const licenses = PACKAGE_LICENSES.map((l) => `'${l}'`).join(', ');
    throw new UsageError(`unknown license '${license}': use one of ${licenses}`);
  }
  const limits = runLimits(args);
  const { memoryLimitMb } = limits;
  const jobs = jobsOption(args);
  const format = formatOption(stringOption(args, '--format'));
  const sampleFiles = listOption(args, '--sample');
  const samplePaths = new Set(sampleFiles.map((file) => resolve(file)));
  // A sample is judged as a test case too: it is not written again under secret.
  const listed = deckFiles(args.positional, format, io);
  io.stderr(listed.notes);
  if (listed.files.length === 0 || listed.failed) {
    io.stderr('deck-sim: nothing written\n');
    return 1;
  }
  const secretFiles = listed.files.filter((file) => !samplePaths.has(resolve(file)));
  const formats = new Set([...sampleFiles, ...secretFiles].map((file) => formatOf(file, format, io)));
  if (formats.size > 1) {
    throw new UsageError(`a package holds decks of one game: these are ${[...formats].join(' and ')}`);
  }
  const game = gameForLanguage([...formats][0])!;
  checkSubmissions(listOption(args, '--solution'));
  checkSubmissions(listOption(args, '--wrong'));
  removeLeftovers(out);
  const refusal = outRefusal(out, args.options.has('--force'));
  if (refusal !== undefined) {
    io.stderr(`deck-sim: ${refusal}\n`);
    return 1;
  }
  const validator = builtFile('validator.js');
  if (validator === undefined) {
    io.stderr("deck-sim: the input validator's bundle (dist/validator.js) is missing: run 'npm run build'\n");
    return 1;
  }

  const files = new Map<string, string>();
  const samples = readDecks(sampleFiles, format, files, io);
  const secret = readDecks(secretFiles, format, files, io);
  if (samples === undefined || secret === undefined) return 1;
  const name = stringOption(args, '--name') ?? basename(resolve(out));
  const source = stringOption(args, '--source');
  const writtenBy = `deck-sim ${packageVersion()}`;
  const result = problemPackageFiles(game, samples, secret, { name, source, license, writtenBy, memoryLimitMb });
  if ('refused' in result) {
    for (const deck of result.refused) {
      const file = files.get(deck.name)!;
      if (deck.badName) io.stderr(`deck-sim: '${file}': '${deck.name}' ${NAME_RULE}\n`);
      io.stderr(formatProblems(file, deck.problems));
    }
    const count = result.refused.length;
    const decks = count === 1 ? '1 deck cannot' : `${count} decks cannot`;
    io.stderr(`deck-sim: nothing written: ${decks} go into a package\n`);
    return 1;
  }
  const packageFiles = [...result.files, validatorFile(readFileSync(validator, 'utf8'), game.id)];
  const submissions = [
    ...submissionFiles('accepted', listOption(args, '--solution')),
    ...submissionFiles('wrong_answer', listOption(args, '--wrong')),
  ];
  const gameFormat = [...formats][0];
  const plan = planKeep(out, [...packageFiles.map((file) => file.path), ...submissions.map((s) => s.path)]);
  if (plan.refusal !== undefined) throw new UsageError(plan.refusal);
  // Built beside OUT and moved into place whole: an error or Ctrl-C leaves the old package (or nothing).
  try {
    const staging = Staging.folder(out);
    await staging.writeAll(packageFiles);
    for (const submission of submissions) staging.copyFile(submission.source, submission.path);
    for (const entry of plan.keep) {
      if (entry.kind === 'folder') staging.makeFolder(entry.path);
      else if (entry.kind === 'link') staging.copyLink(join(out, entry.path), entry.path);
      else staging.copyFile(join(out, entry.path), entry.path);
    }
    staging.commit();
  } catch (error) {
    if (!(error instanceof CannotWrite)) throw error;
    io.stderr(`deck-sim: ${error.message}\n`);
    return 1;
  }
  io.stderr(`${out}: ${samples.length} sample and ${secret.length} secret test cases of ${game.name}\n`);
  if (plan.replaced.length > 0) io.stderr(`replaced: ${summarizeNames(plan.replaced)}\n`);
  const keptFiles = plan.keep.filter((entry) => entry.kind !== 'folder').map((entry) => entry.path);
  if (keptFiles.length > 0) io.stderr(`kept (not written by the package): ${summarizeNames(keptFiles)}\n`);
  if (submissions.length === 0) return 0;
  // Each deck as the package names it, e.g. data/secret/kill-01.
  const judged = (folder: string, decks: readonly PackageDeck[]) => decks.flatMap((deck) =>
    prepareDeck({ name: `${folder}/${deck.name}`, format: gameFormat, text: deck.text }).deck ?? []);
  const decks = [...judged('data/sample', samples), ...judged('data/secret', secret)];
  const outcomes = await judgeSubmissions(submissions, decks, limits, jobs);
  const { lines, problems } = submissionReport(submissions, outcomes);
  io.stderr(lines.map((line) => `${line}\n`).join(''));
  return problems > 0 ? 1 : 0;
}

const NAME_RULE = 'is not a file name a package allows: letters, digits, _ . - (not first or last)';

/**
 * Each deck named by its file name without the ending; undefined when one cannot be read.
 * `seen` maps the names to their files, across calls, so no two decks share a name.
 */
function readDecks(
  files: readonly string[], format: string | undefined, seen: Map<string, string>, io: Io,
): PackageDeck[] | undefined {
  const decks: PackageDeck[] = [];
  let failed = false;
  for (const file of files) {
    if (file === '-') throw new UsageError('a package needs named decks: standard input has no name');
    const source = readDeck(file, format, io);
    if (!source) {
      failed = true;
      continue;
    }
    const name = basename(file, extname(file));
    const earlier = seen.get(name);
    if (earlier !== undefined && resolve(earlier) === resolve(file)) {
      const spelt = earlier === file
        ? `'${file}' is given twice`
        : `'${earlier}' and '${file}' are one file, given twice`;
      throw new UsageError(`${spelt}: name each deck once`);
    }
    if (earlier !== undefined) {
      throw new UsageError(`'${earlier}' and '${file}' would both be test case '${name}': rename one`);
    }
    seen.set(name, file);
    decks.push({ name, text: source.text, description: descriptionBeside(file) });
  }
  return failed ? undefined : decks;
}

/** NAME.desc beside the deck (what `audit --augment` writes), if there is one. */
function descriptionBeside(file: string): string | undefined {
  const path = join(dirname(file), `${basename(file, extname(file))}.desc`);
  return isFile(path) ? readFileSync(path, 'utf8') : undefined;
}

/** Source files of one submissions folder: each a file, named as a package allows, no two alike. */
function checkSubmissions(files: readonly string[]): void {
  const names = new Set<string>();
  for (const file of files) {
    const name = basename(file);
    if (!isFile(file)) throw new UsageError(`'${file}' is not a file: --solution and --wrong take source files`);
    if (!PACKAGE_FILE_NAME.test(name)) throw new UsageError(`'${name}' ${NAME_RULE}`);
    if (names.has(name)) throw new UsageError(`two submissions are named '${name}': rename one`);
    names.add(name);
  }
}

/** Why the package cannot be written into `out`, if it cannot: nothing there is replaced unasked. */
function outRefusal(out: string, force: boolean): string | undefined {
  if (!existsSync(out)) return undefined;
  if (!statSync(out).isDirectory()) return `'${out}' exists and is not a folder`;
  if (readdirSync(out).length > 0 && !force) {
    return `'${out}' is not empty: give --force to replace the package's files in it (its other files are kept)`;
  }
  return undefined;
}

/** The --solution or --wrong sources as submissions/FOLDER/NAME. */
function submissionFiles(folder: Submission['folder'], files: readonly string[]): Submission[] {
  return files.map((source) => ({ source, folder, path: `submissions/${folder}/${basename(source)}` }));
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export const command: Command = { options: PACKAGE_OPTIONS, help: PACKAGE_HELP, run: packageProblem };
