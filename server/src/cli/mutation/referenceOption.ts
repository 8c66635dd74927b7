/**
 * `audit --reference FILE [--build CMD] [--equivalence-decks N]`: the options, their help, and
 * the run the audit command calls: the reference is built before anything is written, its
 * mutants run on the set, and with --augment the killer search finds the decks that kill the
 * survivors (`kill-01.in`, `.ans`, `.desc`), which the audit writes with the catalogue's.
 */
import { join } from 'node:path';
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import type { DeckFormat } from '../gameFormats';
import type { Io } from '../processIo';
import type { RunLimits } from '../judge/runner';
import {
  DEFAULT_EQUIVALENCE_DECKS, findKillingDecks, type KillingDeck, type KnownVerdict, type VerdictCache,
} from './killingDecks';
import { sha256, type MutationCache } from './mutationCache';
import { loadMutantLister } from './mutantLister';
import {
  auditReference, prepareReference, type KillSurvivors, type MutantLister, type PreparedReference,
  type ReferenceAudit, type RunnableMutant,
} from './referenceAudit';

/** With the audit's --equivalence-decks, which also bounds the search for --wrong programs. */
export const REFERENCE_OPTIONS: OptionSpec = { '--reference': 'value', '--build': 'value', '--kill-mutant': 'value' };

export const REFERENCE_USAGE = '[--reference FILE [--build CMD] [--kill-mutant ID]]';

export const REFERENCE_HELP: [string, string][] = [
  ['--reference FILE', "mutation analysis of the setter's reference solution (C, C++ or Python, by its ending): "
    + 'its mutants run on the set, and with --augment the decks that kill the survivors are added'],
  ['--build CMD', 'how to build FILE, naming it {src} and the program {out} (default: g++ -std=gnu++17 -O1 -w '
    + '-o {out} {src} for C++, gcc for C; Python runs with python3)'],
  ['--kill-mutant ID', 'with --augment, search decks for the one surviving mutant ID (LINE:COL:operator, as --json '
    + "lists it) and write those that kill it; the catalogue's decks and the --wrong programs' are not searched"],
];

const MAX_EQUIVALENCE_DECKS = 1_000_000;

export interface ReferenceRequest {
  file: string;
  build?: string;
  equivalenceDecks: number;
  /** --kill-mutant: the killer search runs for this mutant alone, and nothing else is augmented. */
  killMutant?: string;
}

/** The --reference options, checked before anything runs; undefined without --reference. */
export function referenceRequest(args: ParsedArgs): ReferenceRequest | undefined {
  const file = stringOption(args, '--reference');
  const build = stringOption(args, '--build');
  const equivalenceDecks = integerOption(args, '--equivalence-decks', 1, MAX_EQUIVALENCE_DECKS,
    DEFAULT_EQUIVALENCE_DECKS);
  const killMutant = stringOption(args, '--kill-mutant');
  if (file === undefined) {
    if (build !== undefined) throw new UsageError('--build needs --reference FILE');
    if (killMutant !== undefined) throw new UsageError('--kill-mutant needs --reference FILE');
    return undefined;
  }
  if (killMutant !== undefined && !args.options.has('--augment')) {
    throw new UsageError('--kill-mutant needs --augment DIR, the folder for the decks that kill it');
  }
  return { file, build, equivalenceDecks, ...(killMutant === undefined ? {} : { killMutant }) };
}

/** Builds the reference (a usage error, with the compiler's first lines, when it does not build). */
export function buildReference(request: ReferenceRequest): Promise<PreparedReference> {
  return prepareReference(request.file, request.build);
}

export interface ReferenceRunOptions {
  decks: readonly { name: string; text: string }[];
  format: DeckFormat;
  jobs: number;
  memoryLimitMb: number;
  seed: number;
  /**
   * --augment's folder, and where the decks found go: the audit writes every new deck at its end,
   * so that the folder gets all of them or none.
   */
  augment?: { dir: string; queue: (decks: readonly KillingDeck[]) => void };
}

/** The reference's mutants on the set; with --augment, the survivors' killing decks written. */
export async function runReference(
  request: ReferenceRequest, reference: PreparedReference, options: ReferenceRunOptions, io: Io,
): Promise<ReferenceAudit> {
  // The mutator is loaded once the reference has passed the set.
  let loaded: MutantLister | undefined;
  const lister: MutantLister = {
    list: async (source, language) => {
      const listed = await (loaded ??= await loadMutantLister()).list(source, language);
      const only = request.killMutant;
      if (only !== undefined && !listed.some((mutant) => mutant.id === only)) {
        throw new UsageError(`--kill-mutant ${only}: ${request.file} has no mutant with this id (see --json)`);
      }
      return listed;
    },
    apply: (source, mutant) => loaded!.apply(source, mutant),
  };
  const { augment } = options;
  const killSurvivors = augment && killerSearch(request, options, augment, io);
  return auditReference(reference, { ...options, lister, killSurvivors }, io);
}

/** The killer search for --augment: the decks that kill survivors, handed to the audit to write. */
export function killerSearch(
  request: ReferenceRequest, options: ReferenceRunOptions, augment: NonNullable<ReferenceRunOptions['augment']>,
  io: Io,
): KillSurvivors {
  return async (all, limits, cache, reached) => {
    const only = request.killMutant;
    const asked = only === undefined ? all : all.filter((mutant) => mutant.id === only);
    // A mutant whose whole search, with these options and these survivors, killed it nowhere is not
    // searched again: the same search would find the same nothing (a rerun's decks are the same).
    const search = searchKey(options, request.equivalenceDecks, limits, asked);
    const unkilledBefore = asked.filter((mutant) => cache.readJson<string[]>('verdicts',
      `${mutant.identity}.unkilled.json`)?.includes(search));
    const survivors = asked.filter((mutant) => !unkilledBefore.includes(mutant));
    if (unkilledBefore.length > 0) {
      io.stderr(`reference: ${unkilledBefore.length} surviving mutants were searched before with these options `
        + 'and not killed: likely equivalent\n');
    }
    if (survivors.length === 0) return { decks: [], unkilled: unkilledBefore.map((mutant) => mutant.id) };
    io.stderr(`reference: searching decks for ${survivors.length} surviving mutants\n`);
    const verdicts = new SearchVerdicts(cache, limits, survivors);
    let result;
    try {
      result = await findKillingDecks(survivors, {
        format: options.format, limits, seed: options.seed, decksPerProgram: request.equivalenceDecks,
        jobs: options.jobs, verdicts, ...(reached ? { reached } : {}),
      });
    } finally {
      verdicts.save();
    }
    for (const program of result.likelyEquivalent) {
      const { identity } = survivors.find((mutant) => mutant.id === program.id)!;
      const name = `${identity}.unkilled.json`;
      cache.writeJson('verdicts', name, [...new Set([...cache.readJson<string[]>('verdicts', name) ?? [], search])]);
    }
    augment.queue(result.decks);
    return {
      decks: result.decks.map((deck) => ({ name: join(augment.dir, `${deck.name}.in`), kills: deck.kills })),
      unkilled: [...unkilledBefore.map((mutant) => mutant.id), ...result.likelyEquivalent.map((program) => program.id)],
    };
  };
}

/**
 * What makes a search the same search: the game, the seed, the budget, the run limits and the
 * survivors (the decks found for one are tried on the others).
 */
function searchKey(
  options: ReferenceRunOptions, budget: number, limits: RunLimits, survivors: readonly RunnableMutant[],
): string {
  const programs = survivors.map((mutant) => mutant.identity).sort();
  return sha256(JSON.stringify([options.format, options.seed, budget, limits, programs])).slice(0, 32);
}

interface SearchFile { name: string; verdicts: Record<string, KnownVerdict>; changed: boolean }

/**
 * The search's verdicts in the mutation cache, by (program identity, deck input, limits), one file
 * per program beside its set's verdicts, written once the search ends (a search makes thousands).
 */
class SearchVerdicts implements VerdictCache {
  private readonly files = new Map<string, SearchFile>();
  private readonly limitsKey: string;

  constructor(private readonly cache: MutationCache, limits: RunLimits, survivors: readonly RunnableMutant[]) {
    this.limitsKey = JSON.stringify(limits);
    for (const { id, identity } of survivors) {
      const name = `${identity}.search.json`;
      this.files.set(id, { name, verdicts: cache.readJson('verdicts', name) ?? {}, changed: false });
    }
  }

  private key(input: string): string {
    return sha256(input, this.limitsKey).slice(0, 32);
  }

  get(programId: string, input: string): KnownVerdict | undefined {
    return this.files.get(programId)?.verdicts[this.key(input)];
  }

  set(programId: string, input: string, verdict: KnownVerdict): void {
    const file = this.files.get(programId);
    if (!file) return;
    file.verdicts[this.key(input)] = verdict;
    file.changed = true;
  }

  save(): void {
    for (const file of this.files.values()) {
      if (file.changed) this.cache.writeJson('verdicts', file.name, file.verdicts);
    }
  }
}
