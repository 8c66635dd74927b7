/**
 * `deck-sim audit`: how strong a set of decks is. The rule branches its decks take, the likely
 * mistakes they catch, the verdicts of programs that must pass (--solution) or fail (--wrong),
 * and with --augment the decks that catch what the set lets through, written to a folder.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  integerOption, listOption, stringOption, UsageError, type Command, type OptionSpec, type ParsedArgs,
} from '../args';
import type { CommandHelp } from '../help';
import type { Io } from '../processIo';
import { CannotWrite, checkOutputFile, writeFilesIn } from '../outputFiles';
import { prepareDeck } from '../judge/prepare';
import { runSolution, type RunLimits } from '../judge/runner';
import { judgeRun, type Judgement } from '../judge/verdict';
import { splitCommand } from '../judge/words';
import { mapInOrder } from '../pool';
import { formatProblems } from '../outputFormat';
import { deckGame, type DeckFormat } from '../gameFormats';
import { deckName, formatOf, formatOption, readDeck } from '../deckSource';
import { auditDecks, type AuditDeck, type AuditReport } from '../../core/catalogue/audit';
import { augmentDecks, type AugmentResult } from '../../core/catalogue/augment';
import { deckFiles, FORMAT_HELP, JOBS_HELP, jobsOption } from './manyDecks';
import { DEFAULT_EQUIVALENCE_DECKS, findKillingDecks, type KillSearchResult } from '../mutation/killingDecks';
import { checkRunnable, runLimits, SOLUTION_HELP } from './judge';
import { visible } from '../judge/visible';
import { referenceJson, referenceText, type ReferenceAudit } from '../mutation/referenceAudit';
import {
  buildReference, REFERENCE_HELP, REFERENCE_OPTIONS, REFERENCE_USAGE, referenceRequest, runReference,
} from '../mutation/referenceOption';

export const AUDIT_OPTIONS: OptionSpec = {
  '--json': 'flag', '--solution': 'list', '--wrong': 'list', '--augment': 'value', '--force': 'flag',
  '--seed': 'value', '--jobs': 'value', '--time-limit': 'value', '--memory-limit': 'value', '--format': 'value',
  '--equivalence-decks': 'value',
  ...REFERENCE_OPTIONS,
};

const AUDIT_HELP: CommandHelp = {
  usage: ['[--json] [--solution CMD]... [--wrong CMD]... [--augment DIR [--force]] [--seed S] [--jobs N] '
    + '[--time-limit MS] [--memory-limit MB] [--equivalence-decks N] [--format F] '
    + `${REFERENCE_USAGE} DECK|DIR...`],
  options: [
    ['--json', 'one JSON object: rules, mutants (the likely mistakes) and solutions'],
    ['--solution CMD', 'a program that must pass every deck (any number of times)'],
    ['--wrong CMD', 'a program that must fail at least one deck (any number of times)'],
    ['--augment DIR', 'write NAME.in, NAME.ans and NAME.desc for decks that catch the mistakes the set lets '
      + 'through, take the rule branches it never takes and make each --wrong program that passes the set fail'],
    ['--force', 'with --augment, replace files already in DIR'],
    ['--seed S', 'the seed of the augment search, 0 to 4294967295 (default: 1)'],
    JOBS_HELP,
    ['--time-limit MS', 'time limit per run of a program (default: 1000)'],
    SOLUTION_HELP[2],
    ['--equivalence-decks N', 'with --augment, decks tried per --wrong program that passes the set (or surviving '
      + `mutant of --reference) before it is called likely equivalent (default: ${DEFAULT_EQUIVALENCE_DECKS})`],
    FORMAT_HELP,
    ...REFERENCE_HELP,
  ],
  notes: 'The decks must all be of one game. Exit status 0 when every likely mistake is caught, every --solution '
    + 'passes every deck, every --wrong fails one and no mutant of --reference survives; 1 otherwise.',
};
const DEFAULT_SEED = 1;

interface Program {
  command: string;
  /** `solution` must pass every deck, `wrong` must fail at least one. */
  role: 'solution' | 'wrong';
  argv: string[];
}

/** What --augment wrote, and the audit of the set before. */
interface Augmented {
  dir: string;
  result: AugmentResult;
  before: AuditReport;
  /** The written decks' `.in` paths. */
  names: string[];
  /** The decks that make the --wrong programs the set lets through fail, and their `.in` paths. */
  wrong?: { result: KillSearchResult; names: string[] };
}

/** A program's verdicts on the set, and whether they are what its role asks. */
interface ProgramResult {
  command: string;
  role: 'solution' | 'wrong';
  ok: boolean;
  verdicts: { deck: string; verdict: Judgement['verdict']; line?: number }[];
  /**
   * Set when the program failed every deck the same way before printing anything (a Python syntax
   * error, a missing library): it never ran, so it proves nothing. The last line it wrote.
   */
  neverRan?: string;
}

export async function audit(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  const json = args.options.has('--json');
  const jobs = jobsOption(args);
  const seed = integerOption(args, '--seed', 0, 2 ** 32 - 1, DEFAULT_SEED);
  const limits = runLimits(args);
  const augmentDir = stringOption(args, '--augment');
  const force = args.options.has('--force');
  const equivalenceDecks = integerOption(args, '--equivalence-decks', 1, 1_000_000, DEFAULT_EQUIVALENCE_DECKS);
  if (augmentDir !== undefined && existsSync(augmentDir) && !statSync(augmentDir).isDirectory()) {
    throw new UsageError(`--augment '${augmentDir}' exists and is not a folder: name the folder for the new decks`);
  }
  const programs = (['solution', 'wrong'] as const).flatMap((role) =>
    listOption(args, `--${role}`).map((command): Program => ({ command, role, argv: splitCommand(command) })));
  // A program that cannot start is a usage error before any deck, as in `judge`.
  for (const program of programs) checkRunnable(program.argv);
  const referenceAsked = referenceRequest(args);
  const { files, notes, failed } = deckFiles(args.positional, format, io);
  io.stderr(notes);
  if (files.length === 0) return 1;
  const deckFormat = oneFormat(files, format, io);
  const game = deckGame(deckFormat);
  const decks: AuditDeck[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    const deck = readDeck(file, deckFormat, io);
    if (deck) decks.push(deck);
    else unreadable.push(deckName(file));
  }
  // Built before any deck is written: a reference that does not build is a usage error.
  const reference = referenceAsked && await buildReference(referenceAsked);
  let report = await auditDecks(game, decks);
  let augmented: Augmented | undefined;
  if (augmentDir !== undefined && report.invalid.length === decks.length) {
    // Decks searched from a set with no valid deck would be another game's set (a wrong --format).
    for (const { deck, problems } of report.invalid) io.stderr(formatProblems(deck, problems));
    io.stderr(`deck-sim: nothing written: no deck of the set is a valid ${game.name} deck to augment\n`);
    return 1;
  }
  // Every deck found is written at the end, together: the folder gets all of them or none, also
  // when the search is cut short. A name already there is refused before the search, unless --force.
  const newDecks: NewDeck[] = [];
  // --kill-mutant asks for the decks of one mutant: the catalogue's are not searched.
  if (augmentDir !== undefined && referenceAsked?.killMutant === undefined) {
    const result = await augmentDecks(game, report, { seed });
    const names = result.decks.map((deck) => join(augmentDir, `${deck.name}.in`));
    if (!force && !namesFree(augmentDir, result.decks, io)) return 1;
    newDecks.push(...result.decks);
    decks.push(...result.decks.map((deck, i) => ({ name: names[i], text: deck.input })));
    augmented = { dir: augmentDir, result, before: report, names };
    report = await auditDecks(game, decks);
  }
  for (const { deck, problems } of report.invalid) {
    io.stderr(formatProblems(deck, problems));
  }
  let results = await judgePrograms(programs, decks, deckFormat, jobs, limits);
  // Each command once, though it may be given twice.
  const letThrough = [...new Set(results.filter((r) => r.role === 'wrong' && !r.ok).map((r) => r.command))];
  if (augmented && letThrough.length > 0) {
    const result = await findKillingDecks(
      letThrough.map((command) => ({ id: command, label: `--wrong ${command}`, argv: splitCommand(command) })),
      { format: deckFormat, limits, seed, jobs, decksPerProgram: equivalenceDecks, prefix: 'wrong-' });
    newDecks.push(...result.decks);
    const added = result.decks.map((deck) => ({ name: join(augmented!.dir, `${deck.name}.in`), text: deck.input }));
    augmented.wrong = { result, names: added.map((deck) => deck.name) };
    decks.push(...added);
    report = await auditDecks(game, decks);
    results = addVerdicts(results, await judgePrograms(programs, added, deckFormat, jobs, limits));
  }
  const killing: NewDeck[] = [];
  const mutation = reference && await runReference(referenceAsked!, reference, {
    decks, format: deckFormat, jobs, memoryLimitMb: limits.memoryLimitMb, seed,
    augment: augmentDir === undefined ? undefined : { dir: augmentDir, queue: (found) => killing.push(...found) },
  }, io);
  if (augmentDir !== undefined && killing.length > 0) {
    // The decks that kill mutants are part of the set too: what they catch and how the programs fare on them.
    newDecks.push(...killing);
    const added = killing.map((deck) => ({ name: join(augmentDir, `${deck.name}.in`), text: deck.input }));
    decks.push(...added);
    report = await auditDecks(game, decks);
    results = addVerdicts(results, await judgePrograms(programs, added, deckFormat, jobs, limits));
  }
  if (augmentDir !== undefined && !await writeNewDecks(augmentDir, newDecks, force, io)) return 1;
  io.stdout(json ? auditJson(report, results, unreadable, augmented, mutation)
    : auditText(report, results, augmented) + (mutation ? `\n${referenceText(mutation)}` : ''));
  const everyCaught = report.mistakes.every((m) => m.killedBy.length > 0);
  // A folder that could not be read fails the audit too (its note was printed above).
  const valid = !failed && unreadable.length === 0 && report.invalid.length === 0;
  const noSurvivor = !mutation || mutation.summary.survived === 0;
  return everyCaught && valid && noSurvivor && results.every((r) => r.ok) ? 0 : 1;
}

/** The one format of every deck: an audit measures one game's set. */
function oneFormat(files: readonly string[], format: DeckFormat | undefined, io: Io): DeckFormat {
  const formats = new Set(files.map((file) => formatOf(file, format, io)));
  if (formats.size > 1) {
    const found = [...formats].join(' and ');
    throw new UsageError(`an audit measures one game's decks, but these are ${found}: use --format`);
  }
  return [...formats][0];
}

async function judgePrograms(
  programs: readonly Program[], decks: readonly AuditDeck[], format: DeckFormat, jobs: number,
  limits: RunLimits,
): Promise<ProgramResult[]> {
  const prepared = decks.map((deck) => prepareDeck({ name: deck.name, format, text: deck.text }).deck);
  const results: ProgramResult[] = [];
  for (const program of programs) {
    // What each run that failed before printing a byte wrote last, to tell a program that never ran.
    const silent: (string | undefined)[] = [];
    const judgements = await mapInOrder(prepared, jobs, async (deck, i): Promise<ProgramResult['verdicts'][number]> => {
      if (!deck) return { deck: decks[i].name, verdict: 'INVALID' };
      const run = await runSolution(program.argv, deck.input, limits);
      const judgement = judgeRun(deck.name, deck.analysis, deck.expected, run, limits);
      if (run.kind === 'exited' && run.code !== 0 && run.stdout === '') {
        silent[i] = run.stderr.trim().split('\n').pop();
      }
      const line = judgement.difference?.line;
      return { deck: deck.name, verdict: judgement.verdict, ...(line === undefined ? {} : { line }) };
    }, () => undefined);
    const ran = prepared.flatMap((deck, i) => (deck ? [i] : []));
    const neverRan = ran.length > 0 && ran.every((i) => silent[i] !== undefined && silent[i] === silent[ran[0]])
      ? silent[ran[0]] ?? '' : undefined;
    const ok = neverRan === undefined && meetsRole(program.role, judgements);
    results.push({
      command: program.command, role: program.role, ok, verdicts: judgements,
      ...(neverRan === undefined ? {} : { neverRan }),
    });
  }
  return results;
}

/** The verdicts other than AC and INVALID, with their counts: ` (WA on 3 decks, RE on 1)`. */
function failedBy(verdicts: readonly { verdict: Judgement['verdict'] }[]): string {
  const counts = new Map<string, number>();
  for (const { verdict } of verdicts) {
    if (verdict !== 'AC' && verdict !== 'INVALID') counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  }
  if (counts.size === 0) return '';
  const parts = [...counts].map(([verdict, n], i) => `${verdict} on ${n}${i > 0 ? '' : n === 1 ? ' deck' : ' decks'}`);
  return ` (${parts.join(', ')})`;
}

/** A solution passes every deck; a wrong program fails one. */
function meetsRole(role: Program['role'], verdicts: readonly { verdict: Judgement['verdict'] }[]): boolean {
  const passed = verdicts.filter((v) => v.verdict === 'AC').length;
  return role === 'solution' ? passed === verdicts.length : passed < verdicts.length;
}

/** A deck --augment adds: its judge input, the reference transcript and what it catches. */
interface NewDeck { name: string; input: string; answer: string; description: string }

function deckFilesOf(decks: readonly NewDeck[]): [string, string][] {
  return decks.flatMap((deck): [string, string][] => [
    [`${deck.name}.in`, deck.input], [`${deck.name}.ans`, deck.answer], [`${deck.name}.desc`, deck.description + '\n'],
  ]);
}

/** Whether none of the decks' files is in `dir` yet; if one is, says so (nothing is written). */
function namesFree(dir: string, decks: readonly NewDeck[], io: Io): boolean {
  const taken = deckFilesOf(decks).map(([name]) => join(dir, name))
    .find((path) => checkOutputFile(path, '--augment') !== 'none');
  if (taken === undefined) return true;
  io.stderr(`deck-sim: ${taken} exists: nothing written (use --force to overwrite)\n`);
  return false;
}

/** Each program's verdicts on more decks, added to those it had, and whether it still meets its role. */
function addVerdicts(results: readonly ProgramResult[], more: readonly ProgramResult[]): ProgramResult[] {
  return results.map((r, i) => {
    const verdicts = [...r.verdicts, ...more[i].verdicts];
    return { ...r, verdicts, ok: r.neverRan === undefined && meetsRole(r.role, verdicts) };
  });
}

/** Writes NAME.in, .ans and .desc of each deck into `dir` together, or none of them (outputFiles.ts). */
async function writeNewDecks(dir: string, decks: readonly NewDeck[], force: boolean, io: Io): Promise<boolean> {
  const files = deckFilesOf(decks);
  try {
    await writeFilesIn(dir, files, force);
    return true;
  } catch (error) {
    if (!(error instanceof CannotWrite)) throw error;
    io.stderr(`deck-sim: ${error.message}\n`);
    return false;
  }
}

export function summary(report: AuditReport): string {
  const exercised = report.rules.filter((r) => r.hits > 0).length;
  const caught = report.mistakes.filter((m) => m.killedBy.length > 0).length;
  return `rules ${exercised}/${report.rules.length} exercised · mistakes ${caught}/${report.mistakes.length} caught`;
}

/** Those with none first, then in catalogue order. */
function noneFirst<T>(items: readonly T[], none: (item: T) => boolean): T[] {
  return [...items.filter(none), ...items.filter((item) => !none(item))];
}

function auditText(
  report: AuditReport, results: readonly ProgramResult[], augmented?: Augmented,
): string {
  const lines: string[] = [];
  if (augmented) {
    const { dir, result, before, names } = augmented;
    lines.push(`augment: ${result.decks.length} decks written to ${dir} (${result.tried} decks tried)`);
    result.decks.forEach((deck, i) => lines.push(`  ${names[i]}: ${deck.description}`));
    for (const u of result.possiblyEquivalent) {
      const what = u.description.replace(/\.$/, '');
      lines.push(`  possibly equivalent: ${u.id} (${what}): no deck of ${u.tried} tried catches it`);
    }
    for (const u of result.unexercised) lines.push(`  not exercised: ${u.id}: no deck of ${u.tried} tried takes it`);
    if (augmented.wrong) lines.push(...wrongDeckLines(augmented.wrong.result, augmented.wrong.names, dir));
    lines.push(`before: ${summary(before)}`, '');
  }
  const width = Math.max(1, ...report.rules.map((r) => String(r.hits).length));
  lines.push('Rules (decks taking each branch):');
  for (const rule of noneFirst(report.rules, (r) => r.hits === 0)) {
    lines.push(`  ${String(rule.hits).padStart(width)}  ${rule.id}: ${rule.description}`);
  }
  lines.push('', 'Mistakes (the first deck catching each):');
  for (const mistake of noneFirst(report.mistakes, (m) => m.killedBy.length === 0)) {
    lines.push(`  ${mistake.id}: ${mistake.description}`);
    const { first } = mistake;
    if (!first) lines.push('    not caught');
    else {
      const more = mistake.killedBy.length > 1 ? ` (and ${mistake.killedBy.length - 1} more)` : '';
      lines.push(`    caught by ${first.deck}${more} at line ${first.line}`,
        `      expected: ${first.expected}`, `      mistaken: ${first.mistaken}`);
    }
  }
  for (const result of results) {
    const passed = result.verdicts.filter((v) => v.verdict === 'AC').length;
    const want = result.role === 'solution' ? 'must pass every deck' : 'must fail a deck';
    const met = result.ok ? `ok${failedBy(result.verdicts)}` : 'NOT MET';
    lines.push('', `--${result.role} ${result.command}: ${passed}/${result.verdicts.length} AC, ${want}: ${met}`);
    if (result.neverRan !== undefined) {
      lines.push(`  it failed every deck before printing anything, so it never ran: ${visible(result.neverRan)}`);
    }
    for (const v of result.verdicts) {
      lines.push(`  ${v.deck}: ${v.verdict}${v.line === undefined ? '' : ` at line ${v.line}`}`);
    }
  }
  lines.push('', summary(report));
  return lines.join('\n') + '\n';
}

/** What the search for the --wrong programs the set lets through wrote, and whom it could not make fail. */
function wrongDeckLines(result: KillSearchResult, names: readonly string[], dir: string): string[] {
  const lines = [`augment: ${result.decks.length} decks written to ${dir} for the --wrong programs passing the set`];
  result.decks.forEach((deck, i) => lines.push(`  ${names[i]}: ${deck.description.replaceAll('\n', '; ')}`));
  for (const u of result.likelyEquivalent) {
    lines.push(`  likely equivalent: ${u.label}: no deck of ${u.tried} tried makes it fail`);
  }
  for (const u of result.unconfirmed) lines.push(`  not caught: ${u.label}: ${u.reason}`);
  return lines;
}

/**
 * One object: rules [{id, description, hits}], mutants [{id, description, killed, killedBy}],
 * solutions [{command, role, ok, verdicts: [{deck, verdict, line?}]}], summary, and with
 * --augment, augment {dir, before, added: [{deck, description, catches, exercises}], possiblyEquivalent, unexercised,
 * and when a --wrong program passes the set, wrong: {added: [{deck, description, kills}], likelyEquivalent:
 * [{command, tried}], notCaught: [{command, tried, reason}]}} (kills: the --wrong commands).
 * With --reference, reference and referenceMutants (mutation/referenceAudit.ts).
 */
function auditJson(
  report: AuditReport, results: readonly ProgramResult[], unreadable: readonly string[], augmented?: Augmented,
  mutation?: ReferenceAudit,
): string {
  const record: Record<string, unknown> = {
    rules: report.rules.map(({ id, description, hits }) => ({ id, description, hits })),
    mutants: report.mistakes.map(({ id, description, killedBy, first }) => ({
      id, description, killed: killedBy.length > 0, killedBy,
      ...(first ? { first: { ...first } } : {}),
    })),
    solutions: results,
    invalid: [...unreadable, ...report.invalid.map((i) => i.deck)],
    summary: summary(report),
  };
  if (augmented) {
    const { dir, result, before, names } = augmented;
    record.augment = {
      dir,
      before: summary(before),
      tried: result.tried,
      added: result.decks.map((deck, i) => ({
        deck: names[i], description: deck.description, catches: deck.catches, exercises: deck.exercises,
      })),
      possiblyEquivalent: result.possiblyEquivalent,
      unexercised: result.unexercised,
    };
    if (augmented.wrong) {
      const { result: found, names: written } = augmented.wrong;
      (record.augment as Record<string, unknown>).wrong = {
        added: found.decks.map((deck, i) => ({ deck: written[i], description: deck.description, kills: deck.kills })),
        likelyEquivalent: found.likelyEquivalent.map(({ id, tried }) => ({ command: id, tried })),
        notCaught: found.unconfirmed.map(({ id, tried, reason }) => ({ command: id, tried, reason })),
      };
    }
  }
  return JSON.stringify(mutation ? { ...record, ...referenceJson(mutation) } : record) + '\n';
}

export const command: Command = { options: AUDIT_OPTIONS, help: AUDIT_HELP, run: audit };
