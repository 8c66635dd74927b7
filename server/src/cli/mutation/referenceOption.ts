/**
 * `audit --reference FILE [--build CMD] [--equivalence-decks N]`: the options, their help, and
 * the run the audit command calls: the reference is built before anything is written, its
 * mutants run on the set, and with --augment the killer search writes the decks that kill the
 * survivors (`kill-01.in`, `.ans`, `.desc`) beside the catalogue's.
 */
import { join } from 'node:path';
import { integerOption, stringOption, UsageError, type OptionSpec, type ParsedArgs } from '../args';
import type { DeckFormat } from '../gameFormats';
import type { Io } from '../processIo';
import { writeFilesIn } from '../outputFiles';
import { DEFAULT_EQUIVALENCE_DECKS, findKillingDecks, type KillingDeck } from './killingDecks';
import { loadMutantLister } from './mutantLister';
import {
  auditReference, prepareReference, type KillSurvivors, type PreparedReference, type ReferenceAudit,
} from './referenceAudit';

export const REFERENCE_OPTIONS: OptionSpec = {
  '--reference': 'value', '--build': 'value', '--equivalence-decks': 'value',
};

export const REFERENCE_USAGE = '[--reference FILE [--build CMD] [--equivalence-decks N]]';

export const REFERENCE_HELP: [string, string][] = [
  ['--reference FILE', "mutation analysis of the setter's reference solution (C, C++ or Python, by its ending): "
    + 'its mutants run on the set, and with --augment the decks that kill the survivors are added'],
  ['--build CMD', 'how to build FILE, naming it {src} and the program {out} (default: g++ -std=gnu++17 -O1 -w '
    + '-o {out} {src} for C++, gcc for C; Python runs with python3)'],
  ['--equivalence-decks N', `with --augment, decks tried per surviving mutant before it is called likely `
    + `equivalent (default: ${DEFAULT_EQUIVALENCE_DECKS})`],
];

const MAX_EQUIVALENCE_DECKS = 1_000_000;

export interface ReferenceRequest {
  file: string;
  build?: string;
  equivalenceDecks: number;
}

/** The --reference options, checked before anything runs; undefined without --reference. */
export function referenceRequest(args: ParsedArgs): ReferenceRequest | undefined {
  const file = stringOption(args, '--reference');
  const build = stringOption(args, '--build');
  const equivalenceDecks = integerOption(args, '--equivalence-decks', 1, MAX_EQUIVALENCE_DECKS,
    DEFAULT_EQUIVALENCE_DECKS);
  if (file === undefined) {
    const stray = ['--build', '--equivalence-decks'].find((name) => args.options.has(name));
    if (stray) throw new UsageError(`${stray} needs --reference FILE`);
    return undefined;
  }
  return { file, build, equivalenceDecks };
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
  /** --augment's folder, and whether --force lets its files be replaced. */
  augment?: { dir: string; force: boolean };
}

/** The reference's mutants on the set; with --augment, the survivors' killing decks written. */
export async function runReference(
  request: ReferenceRequest, reference: PreparedReference, options: ReferenceRunOptions, io: Io,
): Promise<ReferenceAudit> {
  const lister = await loadMutantLister();
  const { augment } = options;
  const killSurvivors: KillSurvivors | undefined = augment && (async (survivors, limits) => {
    io.stderr(`reference: searching decks for ${survivors.length} surviving mutants\n`);
    const result = await findKillingDecks(survivors, {
      format: options.format, limits, seed: options.seed, decksPerProgram: request.equivalenceDecks,
      jobs: options.jobs,
    });
    await writeKillingDecks(augment.dir, result.decks, augment.force);
    return {
      decks: result.decks.map((deck) => ({ name: join(augment.dir, `${deck.name}.in`), kills: deck.kills })),
      unkilled: result.likelyEquivalent.map((program) => program.id),
    };
  });
  return auditReference(reference, { ...options, lister, killSurvivors }, io);
}

/** Each deck as NAME.in, NAME.ans and NAME.desc; none is written when one is there already, unless `force`. */
async function writeKillingDecks(dir: string, decks: readonly KillingDeck[], force: boolean): Promise<void> {
  const files = decks.flatMap((deck): [string, string][] => [
    [`${deck.name}.in`, deck.input], [`${deck.name}.ans`, deck.answer], [`${deck.name}.desc`, `${deck.description}\n`],
  ]);
  await writeFilesIn(dir, files, force);
}
