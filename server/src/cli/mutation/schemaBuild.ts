/**
 * Builds the mutant schema (mutantSchema.ts) of a C or C++ reference: a compile per part (a run
 * of a function's mutants), where there was one per mutant. A mutant the compiler rejects in the
 * schema (a type that differs in the switch, a value that must be constant) is left out and its
 * part built again, a few times at most; those left out are built one by one, as before.
 */
import { OUTPUT_CAP_BYTES } from '../judge/runner';
import { runBatch } from './batchRuns';
import type { SourceLanguage } from './buildPlan';
import {
  errorLines, mutantSchema, mutantsOnLine, MUTANT_VARIABLE, REACH_LEVELS, reachedNumbers, reachRecordBytes,
  type MutantSchema, type Reached, type ReachDeck, type ReachLevel, type ReachOf, type SchemaText,
} from './mutantSchema';
import { REFERENCE_TIME_LIMIT_MS, type BatchServer, type ProgramCommand } from './mutantRuns';
import type { Built, ProgramBuilder } from './programBuilder';
import { mapInOrder } from '../pool';
import type { ListedMutant } from './referenceAudit';

/** Builds tried before the schema is given up (each leaves out the mutants of the lines in error). */
const MAX_SCHEMA_BUILDS = 8;

export interface BuiltSchema {
  /** Each switched mutant's number in the schema, by its index in the list. */
  numbers: ReadonlyMap<number, number>;
  /** The programs built: one per part holding mutants that build switched. */
  programs: number;
  /** The command running mutant `index` (by its index in the list) from its part of the schema. */
  command(index: number): ProgramCommand;
  /** The schema program serving batches of mutant `index`'s runs, and its number there. */
  batch(index: number): BatchServer;
  /** The key its verdicts are cached by: its part's program identity and the mutant's number. */
  key(index: number): string;
  /**
   * What tells, for the mutants `among` (by their indices in the list), the numbers of those the
   * reference, run on each deck, reached and would have changed there (see mutantSchema.ts);
   * undefined when that is not known (the reach variant does not build, or its run failed). Any
   * other of them behaves as the reference on that deck. Its program is built at its first call,
   * and runs the decks asked together in a batch.
   */
  reach(among: readonly number[], memoryLimitMb: number): ReachOf;
}

/**
 * The built schema, or undefined when no mutant of the source can be switched. Its parts build
 * `jobs` at once; a part's mutants on a line in error are left out and the part built again.
 */
export async function buildSchema(
  builder: ProgramBuilder, source: string, language: SourceLanguage, mutants: readonly ListedMutant[], jobs: number,
): Promise<BuiltSchema | undefined> {
  const schema = await mutantSchema(source, language, mutants);
  if (!schema) return undefined;
  const identities = new Map<number, string>();
  const left = new Set<number>();
  await mapInOrder(schema.parts, jobs, async (part) => {
    for (let build = 0; build < MAX_SCHEMA_BUILDS; build++) {
      const text = schema.part(part, left);
      const built = await builder.buildWhole(text.source);
      if (built.ok) {
        identities.set(part, built.identity);
        return;
      }
      const rejected = rejectedMutants(builder, text, built).filter((index) => !left.has(index));
      // An error no mutant's text is on: this part cannot build as a schema (its mutants are built alone).
      if (rejected.length === 0) return;
      for (const index of rejected) left.add(index);
    }
  }, () => undefined);
  const built = builtSchema(builder, schema, identities, left);
  return built.numbers.size === 0 ? undefined : built;
}

function builtSchema(
  builder: ProgramBuilder, schema: MutantSchema, identities: ReadonlyMap<number, string>, left: ReadonlySet<number>,
): BuiltSchema {
  const numbers = new Map<number, number>();
  for (const [index, number] of schema.numbers) {
    if (identities.has(schema.partOf.get(index)!) && !left.has(index)) numbers.set(index, number);
  }
  const identityOf = (index: number) => identities.get(schema.partOf.get(index)!)!;
  return {
    numbers, programs: identities.size,
    command: (index) => ({
      argv: builder.runArgv(identityOf(index)), env: { [MUTANT_VARIABLE]: String(numbers.get(index)) },
    }),
    batch: (index) => ({ argv: builder.runArgv(identityOf(index)), mutant: numbers.get(index)! }),
    key: (index) => `${identityOf(index)}-${numbers.get(index)}`,
    reach: (among, memoryLimitMb) => {
      let reachProgram: ReturnType<typeof buildReach> | undefined;
      const asked = new Set(among.filter((index) => numbers.has(index)));
      return async (decks) => {
        const program = await (reachProgram ??= buildReach(builder, schema, asked));
        return program ? reachedOn(program, decks, memoryLimitMb, schema.numbers.size) : decks.map(() => undefined);
      };
    },
  };
}

/**
 * What the reach variant tells of its run on each deck, the decks run in batches; undefined
 * where its run failed (it printed other than the reference's transcript, or was stopped).
 */
async function reachedOn(
  program: { argv: string[]; unreported: ReadonlySet<number> }, decks: readonly ReachDeck[], memoryLimitMb: number,
  count: number,
): Promise<(Reached | undefined)[]> {
  const limits = { timeLimitMs: REFERENCE_TIME_LIMIT_MS, outputCap: OUTPUT_CAP_BYTES, memoryLimitMb };
  const reached: (Reached | undefined)[] = [];
  while (reached.length < decks.length) {
    const rest = decks.slice(reached.length).map(({ input, expected }) => ({ mutant: 0, input, expected }));
    const { reports } = await runBatch(program.argv, rest, limits, undefined, reachRecordBytes(count));
    for (const report of reports) {
      const numbers = reachedNumbers(report);
      if (numbers) for (const number of program.unreported) numbers.add(number);
      reached.push(numbers);
    }
    // The batch stopped at this deck (its run failed, or the batch ended before telling).
    if (reached.length < decks.length) reached.push(undefined);
  }
  return reached;
}

/**
 * The reach variant: a mutant on a line that does not compile is looked at one level less
 * finely (REACH_LEVELS), down to not at all (its mutants then count as reached by every run).
 * Undefined when it does not build even so.
 */
async function buildReach(builder: ProgramBuilder, schema: MutantSchema, among: ReadonlySet<number>):
Promise<{ argv: string[]; unreported: ReadonlySet<number> } | undefined> {
  const levels = new Map<number, ReachLevel>();
  const level = (index: number) => levels.get(index) ?? REACH_LEVELS[0];
  for (let build = 0; build < (REACH_LEVELS.length - 1) * MAX_SCHEMA_BUILDS; build++) {
    const variant = schema.reach(among, level);
    const built = await builder.buildWhole(variant.source);
    if (built.ok) {
      const unreported = [...levels].flatMap(([i, at]) => (at === 'unreported' ? [schema.numbers.get(i)!] : []));
      return { argv: builder.runArgv(built.identity), unreported: new Set(unreported) };
    }
    const rejected = rejectedMutants(builder, variant, built).filter((index) => level(index) !== 'unreported');
    if (rejected.length === 0) return undefined;
    for (const index of rejected) levels.set(index, REACH_LEVELS[REACH_LEVELS.indexOf(level(index)) + 1]);
  }
  return undefined;
}

/** The mutants on the lines a failed build of `text` reports errors on. */
function rejectedMutants(builder: ProgramBuilder, text: SchemaText, built: Built & { ok: false }): number[] {
  return errorLines(built.message, builder.plan.fileName).flatMap((line) => mutantsOnLine(text, line));
}
