/**
 * `deck-sim audit`: how strong a set of decks is. The rule branches its decks take, the likely
 * mistakes they catch, the verdicts of programs that must pass (--solution) or fail (--wrong),
 * and with --augment the decks that catch what the set lets through, written to a folder.
 */
import { join } from 'node:path';
import {
  integerOption, listOption, stringOption, UsageError, type Command, type OptionSpec, type ParsedArgs,
} from '../args';
import type { CommandHelp } from '../help';
import type { Io } from '../processIo';
import { CannotWrite, writeFilesIn } from '../outputFiles';
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
import { runLimits, SOLUTION_HELP } from './judge';
import { referenceJson, referenceText, type ReferenceAudit } from '../mutation/referenceAudit';
import {
  buildReference, REFERENCE_HELP, REFERENCE_OPTIONS, REFERENCE_USAGE, referenceRequest, runReference,
} from '../mutation/referenceOption';

export const AUDIT_OPTIONS: OptionSpec = {
  '--json': 'flag', '--solution': 'list', '--wrong': 'list', '--augment': 'value', '--force': 'flag',
  '--seed': 'value', '--jobs': 'value', '--time-limit': 'value', '--memory-limit': 'value', '--format': 'value',
  ...REFERENCE_OPTIONS,
};

const AUDIT_HELP: CommandHelp = {
  usage: ['[--json] [--solution CMD]... [--wrong CMD]... [--augment DIR [--force]] [--seed S] [--jobs N] '
    + `[--time-limit MS] [--memory-limit MB] [--format F] ${REFERENCE_USAGE} DECK|DIR...`],
  options: [
    ['--json', 'one JSON object: rules, mutants (the likely mistakes) and solutions'],
    ['--solution CMD', 'a program that must pass every deck (any number of times)'],
    ['--wrong CMD', 'a program that must fail at least one deck (any number of times)'],
    ['--augment DIR', 'write NAME.in, NAME.ans and NAME.desc for decks that catch the mistakes the set lets '
      + 'through and take the rule branches it never takes'],
    ['--force', 'with --augment, replace files already in DIR'],
    ['--seed S', 'the seed of the augment search, 0 to 4294967295 (default: 1)'],
    JOBS_HELP,
    ['--time-limit MS', 'time limit per run of a program (default: 1000)'],
    SOLUTION_HELP[2],
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
}

/** A program's verdicts on the set, and whether they are what its role asks. */
interface ProgramResult {
  command: string;
  role: 'solution' | 'wrong';
  ok: boolean;
  verdicts: { deck: string; verdict: Judgement['verdict']; line?: number }[];
}

export async function audit(args: ParsedArgs, io: Io): Promise<number> {
  const format = formatOption(stringOption(args, '--format'));
  const json = args.options.has('--json');
  const jobs = jobsOption(args);
  const seed = integerOption(args, '--seed', 0, 2 ** 32 - 1, DEFAULT_SEED);
  const limits = runLimits(args);
  const augmentDir = stringOption(args, '--augment');
  const programs = (['solution', 'wrong'] as const).flatMap((role) =>
    listOption(args, `--${role}`).map((command): Program => ({ command, role, argv: splitCommand(command) })));
  const referenceAsked = referenceRequest(args);
  const { files, notes, failed } = deckFiles(args.positional, format);
  io.stderr(notes);
  if (files.length === 0) return 1;
  const deckFormat = oneFormat(files, format);
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
  if (augmentDir !== undefined) {
    const result = await augmentDecks(game, report, { seed });
    const names = result.decks.map((deck) => join(augmentDir, `${deck.name}.in`));
    const files = result.decks.flatMap((deck): [string, string][] => [
      [`${deck.name}.in`, deck.input], [`${deck.name}.ans`, deck.answer],
      [`${deck.name}.desc`, deck.description + '\n'],
    ]);
    try {
      await writeFilesIn(augmentDir, files, args.options.has('--force'));
    } catch (error) {
      if (!(error instanceof CannotWrite)) throw error;
      io.stderr(`deck-sim: ${error.message}\n`);
      return 1;
    }
    decks.push(...result.decks.map((deck, i) => ({ name: names[i], text: deck.input })));
    augmented = { dir: augmentDir, result, before: report, names };
    report = await auditDecks(game, decks);
  }
  for (const { deck, problems } of report.invalid) {
    io.stderr(formatProblems(deck, problems));
  }
  const mutation = reference && await runReference(referenceAsked!, reference, {
    decks, format: deckFormat, jobs, memoryLimitMb: limits.memoryLimitMb, seed,
    augment: augmentDir === undefined ? undefined : { dir: augmentDir, force: args.options.has('--force') },
  }, io);
  const results = await judgePrograms(programs, decks, deckFormat, jobs, limits);
  io.stdout(json ? auditJson(report, results, unreadable, augmented, mutation)
    : auditText(report, results, augmented) + (mutation ? `\n${referenceText(mutation)}` : ''));
  const everyCaught = report.mistakes.every((m) => m.killedBy.length > 0);
  // A folder that could not be read fails the audit too (its note was printed above).
  const valid = !failed && unreadable.length === 0 && report.invalid.length === 0;
  const noSurvivor = !mutation || mutation.summary.survived === 0;
  return everyCaught && valid && noSurvivor && results.every((r) => r.ok) ? 0 : 1;
}

/** The one format of every deck: an audit measures one game's set. */
function oneFormat(files: readonly string[], format: DeckFormat | undefined): DeckFormat {
  const formats = new Set(files.map((file) => formatOf(file, format)));
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
    const judgements = await mapInOrder(prepared, jobs, async (deck, i): Promise<ProgramResult['verdicts'][number]> => {
      if (!deck) return { deck: decks[i].name, verdict: 'INVALID' };
      const run = await runSolution(program.argv, deck.input, limits);
      const judgement = judgeRun(deck.name, deck.analysis, deck.expected, run, limits);
      const line = judgement.difference?.line;
      return { deck: deck.name, verdict: judgement.verdict, ...(line === undefined ? {} : { line }) };
    }, () => undefined);
    const passed = judgements.filter((j) => j.verdict === 'AC').length;
    const ok = program.role === 'solution' ? passed === judgements.length : passed < judgements.length;
    results.push({ command: program.command, role: program.role, ok, verdicts: judgements });
  }
  return results;
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
    const met = result.ok ? 'ok' : 'NOT MET';
    lines.push('', `--${result.role} ${result.command}: ${passed}/${result.verdicts.length} AC, ${want}: ${met}`);
    for (const v of result.verdicts) {
      lines.push(`  ${v.deck}: ${v.verdict}${v.line === undefined ? '' : ` at line ${v.line}`}`);
    }
  }
  lines.push('', summary(report));
  return lines.join('\n') + '\n';
}

/**
 * One object: rules [{id, description, hits}], mutants [{id, description, killed, killedBy}],
 * solutions [{command, role, ok, verdicts: [{deck, verdict, line?}]}], summary, and with
 * --augment, augment {dir, before, added: [{deck, description, catches, exercises}], possiblyEquivalent, unexercised};
 * with --reference, reference and referenceMutants (mutation/referenceAudit.ts).
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
  }
  return JSON.stringify(mutation ? { ...record, ...referenceJson(mutation) } : record) + '\n';
}

export const command: Command = { options: AUDIT_OPTIONS, help: AUDIT_HELP, run: audit };
