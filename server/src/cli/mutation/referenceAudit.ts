/**
 * `audit --reference`: mutation analysis of the setter's reference solution. Its first-order C
 * and C++ mutants run on the set from mutant schemata (a build per run of a function's mutants,
 * mutantSchema.ts) until a deck kills them; those the set does not kill, those a schema cannot
 * hold and every Python mutant are built alone (in parallel, cached): those whose program equals the
 * reference's are `equivalent`, those equal to an earlier one's `duplicate` (trivial compiler
 * equivalence), and each distinct program not yet run runs on the set. The survivors go to the
 * killer search (--augment) when there is one; those it cannot kill are `likely-equivalent`.
 * What is reported: the mutation score and every mutant's status.
 */
import { UsageError } from '../args';
import type { MutantStatus, ReferenceMutant, ReferenceSummary } from '../../protocol/referenceAuditJson';
import { cannotRead, readCapped } from '../fileInput';
import type { DeckFormat } from '../gameFormats';
import { prepareDeck } from '../judge/prepare';
import { visible } from '../judge/visible';
import { mapInOrder } from '../pool';
import type { Io } from '../processIo';
import type { RunLimits } from '../judge/runner';
import { buildPlan, PYTHON, type BuildPlan, type SourceLanguage } from './buildPlan';
import { cacheCapBytes, MutationCache } from './mutationCache';
import { MutantRunner, ReferenceFails, runDecks } from './mutantRuns';
import { ProgramBuilder, type BuildCounts } from './programBuilder';
import { Progress } from './progress';
import { buildSchema } from './schemaBuild';
import { PART_MUTANTS, withBatchServer, type ReachOf } from './mutantSchema';

const MAX_SOURCE_BYTES = 4 * 1024 * 1024;

/** A first-order mutant of a source, as the mutator lists it: what the report says of it, and its span. */
export interface ListedMutant extends Omit<ReferenceMutant, 'status' | 'killedBy'> {
  /** The replaced span, as offsets into the source. */
  start: number;
  end: number;
  /**
   * Set when the change is of one token (an operator or a constant replaced, a `!` or `not`
   * removed): that token's span and what replaces it, the same change as the mutant's.
   */
  token?: { start: number; end: number; replacement: string };
}

/** The mutator: lists a source's mutants and applies one. */
export interface MutantLister {
  list(source: string, language: SourceLanguage): Promise<readonly ListedMutant[]> | readonly ListedMutant[];
  apply(source: string, mutant: ListedMutant): string;
}

/** A surviving mutant as the killer search runs it. */
export interface RunnableMutant {
  id: string;
  /** Its program's identity (binaryIdentity.ts): what its verdicts are cached by. */
  identity: string;
  /** What it changes, for a deck's description: `mahjong_std.cpp line 105: if(x > 34) → if(0)`. */
  label: string;
  argv: string[];
  /** Whether `argv` serves batches of runs, and the mutant's number in its schema: see killingDecks.ts. */
  batchServer?: boolean;
  reachNumber?: number;
}

/** The killer search (--augment): decks written with the survivors each kills, and those it could not kill. */
export type KillSurvivors = (
  survivors: readonly RunnableMutant[], limits: RunLimits, cache: MutationCache, reached?: ReachOf,
) => Promise<{
  decks: readonly { name: string; kills: readonly string[] }[];
  unkilled: readonly string[];
}>;

export type { MutantStatus, ReferenceSummary };

/** A mutant as the report gives it: what the mutator listed, but its span, with what became of it. */
export type MutantResult = ReferenceMutant;

export interface ReferenceAudit {
  summary: ReferenceSummary;
  mutants: MutantResult[];
  /** Each mutant's line before and after, for the report. */
  lines: Map<string, { before: string; after: string }>;
  builds: BuildCounts;
  runs: { runs: number; cached: number };
}

/** The reference read and built: what the audit starts from, before any deck is written. */
export interface PreparedReference {
  file: string;
  source: string;
  plan: BuildPlan;
  cache: MutationCache;
  builder: ProgramBuilder;
  identity: string;
  /** Whether its programs carry the batch server (C and C++, unless the build rejects it): see `served`. */
  batches: boolean;
}

/** Reads and builds the reference; a usage error when it cannot be read or does not build. */
export async function prepareReference(file: string, build: string | undefined, cache?: MutationCache):
Promise<PreparedReference> {
  const plan = buildPlan(file, build);
  const source = readSource(file);
  const store = cache ?? new MutationCache();
  const builder = await ProgramBuilder.create(plan, store, source);
  // A build that rejects the server (a strict C standard hides fork) builds the programs as written.
  let batches = plan.template !== undefined && plan.language !== 'python';
  let [reference] = await builder.buildAll([served(batches, source)], 1);
  if (!reference.ok && batches) {
    batches = false;
    [reference] = await builder.buildAll([source], 1);
  }
  if (!reference.ok) {
    throw new UsageError(`the reference ${file} does not build (${plan.template ?? PYTHON}):\n${reference.message}`);
  }
  builder.resetCounts();
  return { file, source, plan, cache: store, builder, identity: reference.identity, batches };
}

export interface ReferenceAuditOptions {
  decks: readonly { name: string; text: string }[];
  format: DeckFormat;
  jobs: number;
  /** Each run's memory limit (the judge's). */
  memoryLimitMb: number;
  lister: MutantLister;
  /** The killer search for the survivors (--augment), when there is one. */
  killSurvivors?: KillSurvivors;
}

export async function auditReference(
  reference: PreparedReference, options: ReferenceAuditOptions, io: Io,
): Promise<ReferenceAudit> {
  const { file, source, plan, cache, builder } = reference;
  const { jobs, lister } = options;
  // The reference on the set first: a set it fails measures nothing, so no mutant is built.
  const judged = options.decks.flatMap((deck) => prepareDeck({ ...deck, format: options.format }).deck ?? []);
  const commandOf = (identity: string) => ({ argv: builder.runArgv(identity) });
  const runner = new MutantRunner(runDecks(judged), cache, commandOf, options.memoryLimitMb);
  let limits: RunLimits;
  try {
    limits = await runner.referenceLimits(reference.identity, jobs);
  } catch (error) {
    if (error instanceof ReferenceFails) throw new UsageError(error.message);
    throw error;
  }
  const progress = new Progress(io);
  const listed = await lister.list(source, plan.language);
  const sources = listed.map((mutant) => lister.apply(source, mutant));
  const statuses: MutantStatus[] = new Array(listed.length);
  const killedBy: (string | null)[] = listed.map(() => null);
  let killed = 0;
  const ran = (i: number, deck: string | undefined) => {
    statuses[i] = deck === undefined ? 'survived' : 'killed';
    killedBy[i] = deck ?? null;
    if (deck !== undefined) killed++;
  };

  // Every mutant a schema can switch runs from its part's build: only those the set lets through are built alone.
  const beforeSchema = { ...runner.counts };
  progress.begin(listed.length);
  const schema = await buildSchema(builder, source, plan.language, listed, jobs);
  if (schema) {
    const switched = [...schema.numbers.keys()];
    const programs = schema.programs === 1 ? '1 program (a mutant schema)'
      : `${schema.programs} programs (mutant schemata, at most ${PART_MUTANTS} mutants of one function each)`;
    progress.end((s) => `reference: ${switched.length} of ${listed.length} mutants built as ${programs} in ${s} s`);
    progress.begin(switched.length);
    const stepped = (done: number, total: number) => `reference: ran ${done}/${total} mutants of the schema, `
      + `${killed} killed, ${total - done} left`;
    // Each program's mutants on their first deck together, then each one left on the rest.
    const firstKilled = new Set<number>();
    await mapInOrder(byProgram(switched, (i) => schema.batch(i).argv), jobs, async (indices) => {
      const killers = await runner.firstDeck(schema.batch(indices[0]).argv,
        indices.map((i) => ({ key: schema.key(i), mutant: schema.batch(i).mutant })), limits);
      indices.forEach((i, n) => {
        if (killers[n] === undefined) return;
        firstKilled.add(i);
        ran(i, killers[n]);
        progress.step(stepped);
      });
    }, () => undefined);
    await mapInOrder(switched.filter((i) => !firstKilled.has(i)), jobs, async (i) => {
      ran(i, await runner.killer(schema.key(i), limits, schema.command(i), schema.batch(i)));
      progress.step(stepped);
    }, () => undefined);
    progress.end((s) => `reference: ${switched.length} mutants of the schema on ${judged.length} decks in ${s} s: `
      + `${runner.counts.runs - beforeSchema.runs} runs, ${runner.counts.cached - beforeSchema.cached} verdicts from `
      + `the cache; ${killed} killed`);
  }
  builder.resetCounts();

  // The others alone: those the schema left out, and the survivors, whose programs tell equivalent ones.
  const alone = listed.flatMap((_, i) => (statuses[i] === 'killed' ? [] : [i]));
  progress.begin(alone.length);
  const aloneSources = alone.map((i) => served(reference.batches, sources[i]));
  const builtAlone = await builder.buildAll(aloneSources, jobs, () => progress.step((done, total) => {
    const failed = builder.counts.failed;
    return `reference: built ${done}/${total} mutants${failed > 0 ? ` (${failed} failed)` : ''}`;
  }));
  const counts = builder.counts;
  const which = schema ? ' not killed or left out of the schema' : '';
  progress.end((s) => `reference: ${alone.length} mutants${which} in ${s} s: ${counts.built} built, `
    + `${counts.cached} from the cache, ${counts.failed} failed`);
  const built = new Map(alone.map((i, n) => [i, builtAlone[n]]));

  const firstOf = new Map<string, number>();
  const distinct: number[] = [];
  for (const i of alone) {
    const result = built.get(i)!;
    if (!result.ok) statuses[i] = 'build-failed';
    else if (result.identity === reference.identity) statuses[i] = 'equivalent';
    else if (firstOf.has(result.identity)) statuses[i] = 'duplicate';
    else {
      firstOf.set(result.identity, i);
      // A switched survivor passed the set from the schema already.
      if (statuses[i] === undefined) distinct.push(i);
    }
  }

  const identityOf = (i: number) => (built.get(i) as { identity: string }).identity;
  if (distinct.length > 0) {
    const before = { ...runner.counts };
    progress.begin(distinct.length);
    const serving = reference.batches;
    await mapInOrder(distinct, jobs, async (i) => {
      const batch = serving ? { argv: builder.runArgv(identityOf(i)), mutant: 0 } : undefined;
      ran(i, await runner.killer(identityOf(i), limits, undefined, batch));
      progress.step((done, total) => `reference: ran ${done}/${total} mutants, ${killed} killed, ${total - done} left`);
    }, () => undefined);
    progress.end((s) => `reference: ${distinct.length} distinct mutants on ${judged.length} decks in ${s} s: `
      + `${runner.counts.runs - before.runs} runs, ${runner.counts.cached - before.cached} verdicts from the cache; `
      + `${killed} killed`);
  }

  const lines = new Map(listed.map((mutant, i) => [mutant.id, mutantLines(source, sources[i], mutant)]));
  if (options.killSurvivors) {
    // A survivor runs built alone, in batches, and not where the reference leaves its place as it is.
    const serving = reference.batches;
    const runnable = (i: number): Pick<RunnableMutant, 'argv' | 'batchServer' | 'reachNumber'> => {
      const number = schema?.numbers.get(i);
      return {
        argv: builder.runArgv(identityOf(i)), ...(serving ? { batchServer: true } : {}),
        ...(number === undefined ? {} : { reachNumber: number }),
      };
    };
    const reach = schema && ((among: readonly number[]) => schema.reach(among, options.memoryLimitMb));
    await killSurvivors(options.killSurvivors, cache, limits, listed, statuses, killedBy, lines, plan.fileName,
      runnable, identityOf, reach);
  }
  cache.evict(cacheCapBytes());
  const mutants = listed.map(({ id, line, column, operator, original, replacement }, i): MutantResult => ({
    id, line, column, operator, original, replacement, status: statuses[i], killedBy: killedBy[i],
  }));
  return {
    summary: summarize(file, plan.template ?? null, mutants), mutants, lines,
    builds: { ...builder.counts }, runs: { ...runner.counts },
  };
}

/** Hands the survivors to the killer search: those it kills are killed by its deck, the rest likely equivalent. */
async function killSurvivors(
  search: KillSurvivors, cache: MutationCache, limits: RunLimits, listed: readonly ListedMutant[],
  statuses: MutantStatus[],
  killedBy: (string | null)[], lines: Map<string, { before: string; after: string }>, fileName: string,
  runnable: (i: number) => Pick<RunnableMutant, 'argv' | 'batchServer' | 'reachNumber'>,
  identityOf: (i: number) => string,
  reach?: (among: readonly number[]) => ReachOf,
): Promise<void> {
  const survivors = listed.flatMap((mutant, i) => (statuses[i] === 'survived' ? [i] : []));
  if (survivors.length === 0) return;
  // The reach variant compares the survivors' places alone: comparing every mutant's costs far more.
  const reached = reach?.(survivors);
  const programs = survivors.map((i): RunnableMutant => {
    const { before, after } = lines.get(listed[i].id)!;
    const label = `${fileName} line ${listed[i].line}: ${before.trim()} → ${after.trim()}`;
    return { id: listed[i].id, identity: identityOf(i), label, ...runnable(i) };
  });
  const result = await search(programs, limits, cache, reached);
  const deckOf = new Map(result.decks.flatMap((deck) => deck.kills.map((id) => [id, deck.name] as const)));
  const unkilled = new Set(result.unkilled);
  for (const i of survivors) {
    const deck = deckOf.get(listed[i].id);
    if (deck !== undefined) {
      statuses[i] = 'killed';
      killedBy[i] = deck;
    } else if (unkilled.has(listed[i].id)) {
      statuses[i] = 'likely-equivalent';
    }
  }
}

/** `indices` grouped by the program each runs from, in order of first appearance. */
function byProgram(indices: readonly number[], argvOf: (index: number) => readonly string[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const i of indices) {
    const key = argvOf(i).join('\0');
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  }
  return [...groups.values()];
}

/**
 * What a program of the audit is built from: with `batches`, the source with the batch server, so
 * that its runs batch (mutantSchema.ts); else (Python) as it is.
 */
function served(batches: boolean, source: string): string {
  return batches ? withBatchServer(source) : source;
}

function readSource(file: string): string {
  let capped;
  try {
    capped = readCapped(file, MAX_SOURCE_BYTES);
  } catch (error) {
    throw new UsageError(cannotRead(file, error, '--reference ').replace(/^deck-sim: /, ''));
  }
  if (capped.tooLarge) throw new UsageError(`--reference ${file} is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB`);
  return capped.bytes.toString('utf8');
}

/** The mutant's first line before and after the change (a multi-line span shows its lines joined). */
export function mutantLines(source: string, mutated: string, mutant: ListedMutant): { before: string; after: string } {
  const lineStart = source.lastIndexOf('\n', mutant.start - 1) + 1;
  const endOf = (text: string, from: number) => {
    const end = text.indexOf('\n', from);
    return end < 0 ? text.length : end;
  };
  const before = source.slice(lineStart, endOf(source, mutant.end));
  const after = mutated.slice(lineStart, endOf(mutated, mutant.start + mutant.replacement.length));
  return { before, after };
}

export function summarize(file: string, build: string | null, mutants: readonly MutantResult[]): ReferenceSummary {
  const count = (status: MutantStatus) => mutants.filter((m) => m.status === status).length;
  const summary: ReferenceSummary = {
    file, build, mutants: mutants.length, killed: count('killed'), survived: count('survived'),
    likelyEquivalent: count('likely-equivalent'), equivalent: count('equivalent'), duplicate: count('duplicate'),
    buildFailed: count('build-failed'), score: null,
  };
  const measured = summary.mutants - summary.equivalent - summary.duplicate - summary.buildFailed;
  if (measured > 0) summary.score = Math.round((summary.killed / measured) * 10_000) / 10_000;
  return summary;
}

/** `audit --json`'s two members: `reference` and `referenceMutants`. */
export function referenceJson(
  audit: ReferenceAudit,
): { reference: ReferenceSummary; referenceMutants: MutantResult[] } {
  return { reference: audit.summary, referenceMutants: audit.mutants };
}

/** The text report: the score and counts, then each survivor with its line before and after. */
export function referenceText(audit: ReferenceAudit): string {
  const s = audit.summary;
  const build = s.build === null ? 'run with python3' : s.build;
  const score = s.score === null ? 'no mutant to measure' : `${(s.score * 100).toFixed(1)}%`;
  const measured = s.mutants - s.equivalent - s.duplicate - s.buildFailed;
  const lines = [
    `Reference ${s.file} (${build}):`,
    `  mutation score ${score} (${s.killed} of ${measured} killed)`,
    `  ${s.mutants} mutants: ${s.killed} killed, ${s.survived} survived, ${s.likelyEquivalent} likely equivalent, `
      + `${s.equivalent} equivalent, ${s.duplicate} duplicate, ${s.buildFailed} build failed`,
  ];
  const left = [...audit.mutants.filter((m) => m.status === 'survived'),
    ...audit.mutants.filter((m) => m.status === 'likely-equivalent')];
  if (left.length > 0) lines.push('', 'Surviving mutants:');
  for (const mutant of left) {
    const { before, after } = audit.lines.get(mutant.id)!;
    lines.push(`  line ${mutant.line}:${mutant.column} ${mutant.operator}: ${visible(mutant.original)} → `
      + `${visible(mutant.replacement)} (${mutant.status})`,
    `    - ${visible(before.trim())}`, `    + ${visible(after.trim())}`);
  }
  return lines.join('\n') + '\n';
}
