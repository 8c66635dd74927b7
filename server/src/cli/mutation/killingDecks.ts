/**
 * Decks that kill programs a test set lets through: mutants of the setter's reference, or a
 * `--wrong` program. For each program in turn, the decks already found are tried first, then a
 * guided search (one deck built for each of the catalogue's mistakes and rule branches, then the
 * game's generators between more targeted decks, as `stress` draws them) runs until the program
 * fails or its budget is spent; the failing deck is shrunk as `stress` shrinks it. Every deck
 * found is then run against every program, and a greedy cover keeps few decks killing every
 * program any of them kills. A program no deck kills within the budget is likely equivalent to
 * the reference: listed, never dropped.
 *
 * A kill is any verdict but AC (WA, TLE, RE, OLE and the memory limit): what the judge rejects.
 * The same programs, options and verdicts give the same decks, whatever `jobs` is.
 */
import { greedyCover } from '../../core/catalogue/cover';
import { guidedDeck, guidedTargets } from '../../core/catalogue/guided';
import { firstDifference } from '../../core/outputCompare';
import { seededRandom } from '../../core/seededRandom';
import type { DeckMaker } from '../../core/deckMaker';
import type { GameCatalogue } from '../../core/catalogue/types';
import { deckGame, type DeckFormat } from '../gameFormats';
import { prepareDeck } from '../judge/prepare';
import { whyNotRunnable } from '../judge/program';
import { runSolution, type RunLimits } from '../judge/runner';
import { judgeRun, timeLimitJudgement, type Judgement, type Verdict } from '../judge/verdict';
import { mapInOrder } from '../pool';
import { shrinkFailure, type Trial } from '../stress/shrinkFailure';
import { runBatch, type BatchResult } from './batchRuns';
import type { Reached, ReachOf } from './mutantSchema';

/** The default budget of decks per program (`--equivalence-decks`). */
export const DEFAULT_EQUIVALENCE_DECKS = 2000;
const DEFAULT_SHRINK_RUNS = 200;
const SHRINK_PATIENCE = 64;
const DEFAULT_PREFIX = 'kill-';
/**
 * Search decks per batch of a program's runs (batchRuns.ts) at first; `jobs` batches run at once.
 * Each window doubles, up to MAX_BATCH_WINDOW: a program that passes many decks is likely to
 * pass the rest, and each batch is a process to start; a kill found late wastes at most the
 * other batches of its window.
 */
const BATCH_WINDOW = 50;
const MAX_BATCH_WINDOW = 400;
/**
 * Search decks' inputs and transcripts kept for the next program's search, in characters. A
 * deck's text is made again from its seed when asked: a ⑨ deck can be half a megabyte.
 */
const STREAM_CACHE_CHARS = 64 * 1024 * 1024;

/** A program to kill: run without a shell as `argv`, reading a deck's judge input on stdin. */
export interface ProgramToKill {
  /** Unique among the programs: a mutant's `LINE:COL:operator`, a `--wrong` program's command. */
  readonly id: string;
  /** What a deck's `.desc` says it kills: `mahjong_std.cpp line 105: if(p[x].a[i] > 34) → if(0)`. */
  readonly label: string;
  readonly argv: readonly string[];
  /** Set when `argv` serves batches of runs (mutantSchema.ts's batch server): search decks then run in batches. */
  readonly batchServer?: boolean;
  /**
   * The mutant's number in its schema: a search deck where the reference never reaches (or
   * changes) the mutant's place is passed without a run (see `reached`).
   */
  readonly reachNumber?: number;
}

export interface KillSearchOptions {
  /** The game's deck format (a language id of the registry: `mjdeck`, `cirnodeck`). */
  readonly format: DeckFormat;
  /** Each run's limits (time, output, memory): what the judge would give. */
  readonly limits: RunLimits;
  /** The same seed, the same search. */
  readonly seed: number;
  /** Search decks tried per program before it is called likely equivalent (default 2,000). */
  readonly decksPerProgram?: number;
  /** Runs in parallel (default 1). */
  readonly jobs?: number;
  /** Runs the shrinker may spend per deck found (default 200; 0 keeps decks as found). */
  readonly shrinkRuns?: number;
  /** The chosen decks are named PREFIX01, PREFIX02, … (default `kill-`). */
  readonly prefix?: string;
  /** Ends the search: every run is ended at once, and the promise rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Told after each program's search and each deck of the cover's runs. */
  readonly onProgress?: (progress: KillProgress) => void;
  /** Verdicts known from an earlier search (asked before each run) and told each new one: a rerun runs nothing. */
  readonly verdicts?: VerdictCache;
  /**
   * The schema's mutant numbers the reference reaches and changes on each deck (schemaBuild.ts),
   * undefined when unknown: a schema mutant not among them passes that deck.
   */
  readonly reached?: ReachOf;
}

/** A program's verdict on a deck, as the search keeps it. */
export interface KnownVerdict {
  readonly verdict: Verdict;
  /** A WA's first differing line. */
  readonly line?: number;
}

/**
 * Where verdicts are kept between searches, by program id and the deck's judge input (hash it:
 * the same input is the same deck). Keep only what you trust to recur (a TLE on a loaded machine may not).
 */
export interface VerdictCache {
  get(programId: string, input: string): KnownVerdict | undefined;
  set(programId: string, input: string, verdict: KnownVerdict): void;
}

export interface KillProgress {
  readonly phase: 'search' | 'cover';
  /** Programs searched (search), or run on every deck found (cover), so far... */
  readonly done: number;
  /** ...of this many. */
  readonly total: number;
  /** Programs killed so far (by a deck found for them or for another). */
  readonly killed: number;
  /** Programs no deck killed within the budget so far. */
  readonly likelyEquivalent: number;
  /** Program runs so far. */
  readonly runs: number;
}

/** A chosen deck, with what it kills. */
export interface KillingDeck {
  /** `kill-01`: the prefix and its place in the cover. */
  readonly name: string;
  /** The deck in the game's own format, with a comment header naming what it kills. */
  readonly text: string;
  /** The judge's input, exactly as a program reads it (the `.in`). */
  readonly input: string;
  /** The reference transcript (the `.ans`). */
  readonly answer: string;
  /** The ids of the programs it kills: those it adds to the cover, then the others, each in the programs' order. */
  readonly kills: readonly string[];
  /** The programs it adds to the cover (not killed by an earlier chosen deck), in the programs' order. */
  readonly added: readonly string[];
  /** The `.desc`: `kills LABEL`, one line per program it adds, then one per program an earlier deck also kills. */
  readonly description: string;
  /** The program it was searched for, and how shrinking moved its first differing line. */
  readonly foundFor: { readonly id: string; readonly searchDeck: number; readonly shrink: ShrinkOutcome };
}

export interface ShrinkOutcome {
  /** The verdict on the deck as found, and on the shrunk deck. */
  readonly verdict: Judgement['verdict'];
  /** First differing lines (WA only), before and after shrinking. */
  readonly lineBefore?: number;
  readonly lineAfter?: number;
  /** Runs the shrinker spent. */
  readonly runs: number;
}

/** A program without a deck that kills it. */
export interface Unkilled {
  readonly id: string;
  readonly label: string;
  /** Search decks tried. */
  readonly tried: number;
  /** Why: a program that could not start (`cannot run 'x': ENOENT`), or a failure that did not recur. */
  readonly reason?: string;
}

export interface KillSearchResult {
  /** The cover's decks, in the order picked: each kills the most programs the earlier ones did not. */
  readonly decks: readonly KillingDeck[];
  /** Each killed program's id, with the name of the first of `decks` that kills it. */
  readonly killedBy: Readonly<Record<string, string>>;
  /** Programs no deck killed within the budget: likely equivalent to the reference. */
  readonly likelyEquivalent: readonly Unkilled[];
  /** Programs that failed a deck once but on no deck when run again (a flaky time limit?), or could not start. */
  readonly unconfirmed: readonly Unkilled[];
  /** Program runs in all (search, shrinking, cover). */
  readonly runs: number;
}

/** The program could not start: no verdict, on any deck. */
class CannotRun extends Error {}

/** A deck of the shared search stream, or a found one: what a run needs. */
interface ReadyDeck {
  name: string;
  /** The deck in its game's format: a failure's analysis and the shrinker read it, rarely. */
  text: () => string;
  input: string;
  expected: string;
}

interface FoundDeck extends ReadyDeck {
  foundFor: KillingDeck['foundFor'];
  /** Every program's verdict: true when it kills, false when not, absent until run. */
  kills: Map<string, boolean>;
}

/**
 * The decks that kill `programs` (those the caller's set lets through), few by a greedy cover,
 * and the programs no deck kills within the budget.
 */
export async function findKillingDecks(
  programs: readonly ProgramToKill[], options: KillSearchOptions,
): Promise<KillSearchResult> {
  const search = new KillSearch(programs, options);
  return search.run();
}

class KillSearch {
  private readonly maker: DeckMaker<unknown>;
  private readonly catalogue: GameCatalogue<never>;
  private readonly targets: string[];
  private readonly budget: number;
  private readonly jobs: number;
  private readonly shrinkRuns: number;
  private readonly stream: (ReadyDeck | null)[] = [];
  private readonly streamSeeds: number[] = [];
  private readonly nextSeed: () => number;
  private cachedChars = 0;
  private runs = 0;
  private readonly found: FoundDeck[] = [];
  private readonly reach = new Map<number, Promise<Reached | undefined>>();
  private readonly likelyEquivalent: Unkilled[] = [];
  private readonly unconfirmed: Unkilled[] = [];
  private killed = 0;

  constructor(private readonly programs: readonly ProgramToKill[], private readonly options: KillSearchOptions) {
    const game = deckGame(options.format);
    this.maker = game.deckMaker();
    this.catalogue = game.catalogue() as GameCatalogue<never>;
    this.targets = guidedTargets(this.catalogue);
    this.budget = options.decksPerProgram ?? DEFAULT_EQUIVALENCE_DECKS;
    this.jobs = Math.max(1, options.jobs ?? 1);
    this.shrinkRuns = options.shrinkRuns ?? DEFAULT_SHRINK_RUNS;
    const seeds = seededRandom(options.seed);
    this.nextSeed = () => Math.floor(seeds() * 2 ** 32);
    const ids = new Set(programs.map((p) => p.id));
    if (ids.size !== programs.length) throw new Error('findKillingDecks: two programs have one id');
  }

  async run(): Promise<KillSearchResult> {
    for (const [index, program] of this.programs.entries()) {
      this.options.signal?.throwIfAborted();
      await this.searchFor(program, index);
      this.progress('search', index + 1, this.programs.length);
    }
    await this.runCover();
    // A deck found for a later program may kill one whose own search found none.
    const killed = new Set(this.found.flatMap((deck) => [...deck.kills].filter(([, k]) => k).map(([id]) => id)));
    const decks = this.cover();
    return {
      decks,
      killedBy: Object.fromEntries(decks.flatMap((deck) => deck.added.map((id) => [id, deck.name]))),
      likelyEquivalent: this.likelyEquivalent.filter((program) => !killed.has(program.id)),
      unconfirmed: this.unconfirmed.filter((program) => !killed.has(program.id)),
      runs: this.runs,
    };
  }

  private progress(phase: KillProgress['phase'], done: number, total: number): void {
    this.options.onProgress?.({
      phase, done, total, killed: this.killed, likelyEquivalent: this.likelyEquivalent.length, runs: this.runs,
    });
  }

  /** The program's verdict on a deck. Throws CannotRun, and the signal's reason once it aborts. */
  private async judge(program: ProgramToKill, deck: ReadyDeck): Promise<Judgement> {
    const { limits, signal, format } = this.options;
    const cached = this.options.verdicts?.get(program.id, deck.input);
    if (cached) {
      const { verdict, line } = cached;
      // What the search reads of a verdict: its kind, and a WA's first differing line.
      const difference = line === undefined ? {} : { difference: { line, expected: '', actual: '' } };
      return { deck: deck.name, verdict, ...difference };
    }
    const run = await runSolution(program.argv, deck.input, limits, signal);
    signal?.throwIfAborted();
    if (run.kind === 'notStarted') throw new CannotRun(run.error);
    // Most runs pass: only a failing one needs the deck's analysis, for the verdict's detail.
    if (run.kind === 'exited' && run.code === 0 && !firstDifference(deck.expected, run.stdout)) {
      return this.ran(program, deck, { deck: deck.name, verdict: 'AC', ms: run.ms });
    }
    const analysis = prepareDeck({ name: deck.name, format, text: deck.text() }).deck!.analysis;
    return this.ran(program, deck, judgeRun(deck.name, analysis, deck.expected, run, limits));
  }

  /**
   * The verdict on a deck a batch stopped at: the judge's, run alone; or without running it again
   * the verdict its line tells (`failure`), when the time limit stopped it, or `any` told verdict
   * will do (a WA's first differing line is then unknown).
   */
  private async judgeStopped(
    program: ProgramToKill, deck: ReadyDeck, failure: BatchResult['failure'], any = false,
  ): Promise<Judgement> {
    if (failure?.verdict === 'TLE') {
      return this.ran(program, deck, timeLimitJudgement(deck.name, failure.ms, this.options.limits));
    }
    if (failure && any) return this.ran(program, deck, { deck: deck.name, verdict: failure.verdict, ms: failure.ms });
    return this.judge(program, deck);
  }

  /** Counts a run and keeps its verdict. */
  private ran(program: ProgramToKill, deck: ReadyDeck, judgement: Judgement): Judgement {
    this.runs++;
    const line = judgement.difference?.line;
    // judgeRun gives no INVALID: that is a deck with errors, never run.
    const verdict = judgement.verdict as Verdict;
    this.options.verdicts?.set(program.id, deck.input, { verdict, ...(line === undefined ? {} : { line }) });
    return judgement;
  }

  /** A deck text made ready to run, or undefined when it is not a valid deck. */
  private ready(name: string, text: string): ReadyDeck | undefined {
    const { deck } = prepareDeck({ name, format: this.options.format, text });
    return deck && { name, text: () => text, input: deck.input, expected: deck.expected };
  }

  /**
   * Search deck `index` of the stream every program walks: a deck built for each target of the
   * catalogue in turn first, then the guided schedule of `stress` (generators between targets).
   * Null when the deck is not valid.
   */
  private streamDeck(index: number): ReadyDeck | null {
    const kept = this.stream[index];
    if (kept !== undefined) return kept;
    const made = this.ready(`search deck ${index + 1}`, this.streamText(index));
    // Kept without its text: the same seed makes it again.
    const ready = made ? { ...made, text: () => this.streamText(index) } : null;
    const size = ready ? ready.input.length + ready.expected.length : 0;
    if (this.cachedChars + size <= STREAM_CACHE_CHARS) {
      this.stream[index] = ready;
      this.cachedChars += size;
    }
    return ready;
  }

  /** The text of search deck `index`, made from its seed. */
  private streamText(index: number): string {
    while (this.streamSeeds.length <= index) this.streamSeeds.push(this.nextSeed());
    const seed = this.streamSeeds[index];
    let deck: unknown;
    if (index < this.targets.length) {
      const text = this.catalogue.targetedDeck(this.targets[index], seed);
      deck = text === undefined ? undefined : this.maker.fromText(text);
    }
    deck ??= guidedDeck(this.maker, this.catalogue, this.targets, index, seed).deck;
    return this.maker.text(deck);
  }

  /** `items` in order, cut into `jobs` runs of about equal length (none empty). */
  private inLanes<T>(items: readonly T[]): T[][] {
    const size = Math.ceil(items.length / this.jobs);
    return Array.from({ length: Math.ceil(items.length / Math.max(1, size)) },
      (_, c) => items.slice(c * size, (c + 1) * size));
  }

  /** Runs `work` on each item, `jobs` at a time; rejects only once every started run has ended. */
  private async settled<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
    let failure: { error: unknown } | undefined;
    const results = await mapInOrder(items, this.jobs, async (item) => {
      if (failure) return undefined;
      try {
        return await work(item);
      } catch (error) {
        failure ??= { error };
        return undefined;
      }
    }, () => undefined);
    if (failure) throw failure.error;
    return results as R[];
  }

  private async searchFor(program: ProgramToKill, index: number): Promise<void> {
    let tried = 0;
    // Checked first: under the memory backstop a program that cannot start fails every deck, a false kill.
    const why = whyNotRunnable(program.argv[0] ?? '');
    if (why !== undefined) {
      const reason = `cannot run '${program.argv[0]}': ${why}`;
      this.unconfirmed.push({ id: program.id, label: program.label, tried, reason });
      return;
    }
    try {
      // Decks found for earlier programs first: mutants of one line often fall to one deck.
      const earlier = await this.failsOn(program, this.found);
      earlier.forEach((fails, i) => this.found[i].kills.set(program.id, fails));
      if (earlier.includes(true)) {
        this.killed++;
        return;
      }
      if (program.batchServer) {
        const failure = await this.searchInBatches(program);
        if (failure === undefined) {
          this.likelyEquivalent.push({ id: program.id, label: program.label, tried: this.budget });
          return;
        }
        tried = failure.at + 1;
        await this.keepFailure(program, index, failure.at, failure.judgement, tried);
        return;
      }
      // Windows of decks in parallel; the first failure in deck order wins, so jobs don't change the result.
      const window = this.jobs * 2;
      for (let first = 0; first < this.budget; first += window) {
        const indices = Array.from({ length: Math.min(window, this.budget - first) }, (_, i) => first + i);
        const judged = await this.settled(indices, async (at) => {
          const deck = this.streamDeck(at);
          return deck && (await this.judge(program, deck));
        });
        const failed = judged.findIndex((j) => j !== null && j.verdict !== 'AC');
        if (failed < 0) {
          tried += indices.length;
          continue;
        }
        tried += failed + 1;
        await this.keepFailure(program, index, first + failed, judged[failed]!, tried);
        return;
      }
      this.likelyEquivalent.push({ id: program.id, label: program.label, tried });
    } catch (error) {
      if (!(error instanceof CannotRun)) throw error;
      this.unconfirmed.push({ id: program.id, label: program.label, tried, reason: error.message });
    }
  }

  /**
   * The first search deck, in order, that a program serving batches fails, with the judge's
   * verdict; undefined when it passes the whole budget. Decks whose verdict is known (cached, or
   * the mutant's place not changed there) are not run; the others run in batches, `jobs` at once,
   * and the first that fails in deck order is judged as the judge runs it, for a WA's first
   * differing line (the time limit's verdict needs no second run).
   */
  private async searchInBatches(program: ProgramToKill): Promise<{ at: number; judgement: Judgement } | undefined> {
    const { verdicts } = this.options;
    for (let first = 0, window = BATCH_WINDOW; first < this.budget;
      first += window * this.jobs, window = Math.min(2 * window, MAX_BATCH_WINDOW)) {
      const length = Math.min(window * this.jobs, this.budget - first);
      const indices = Array.from({ length }, (_, i) => first + i);
      if (program.reachNumber !== undefined) await this.reachAll(program, indices);
      // Per deck: passes, fails (judge it), or unknown (run it).
      const known = new Map<number, boolean>();
      await this.settled(indices, async (at) => {
        const deck = this.streamDeck(at);
        if (!deck) return known.set(at, true);
        const cached = verdicts?.get(program.id, deck.input);
        if (cached) return known.set(at, cached.verdict === 'AC');
        const reached = program.reachNumber === undefined ? undefined : await this.reachedAt(at, deck);
        if (reached && !reached.has(program.reachNumber!)) {
          verdicts?.set(program.id, deck.input, { verdict: 'AC' });
          return known.set(at, true);
        }
        return undefined;
      });
      for (;;) {
        const chunks = this.inLanes(indices.filter((at) => !known.has(at)));
        const results = await this.settled(chunks, (chunk) => runBatch(program.argv, chunk.map((at) => {
          const deck = this.streamDeck(at)!;
          return { mutant: 0, input: deck.input, expected: deck.expected };
        }), this.options.limits, this.options.signal));
        this.options.signal?.throwIfAborted();
        // Each chunk's passed runs pass; its next deck, failed or not run, is a suspect.
        const suspects = new Map<number, BatchResult['failure']>();
        chunks.forEach((chunk, c) => {
          const { passed, failed, failure } = results[c];
          // A failure other than the time limit's is run again, alone, for its first differing line.
          this.runs += passed.length + (failed && failure?.verdict !== 'TLE' ? 1 : 0);
          chunk.slice(0, passed.length).forEach((at) => {
            known.set(at, true);
            verdicts?.set(program.id, this.streamDeck(at)!.input, { verdict: 'AC' });
          });
          if (passed.length < chunk.length) suspects.set(chunk[passed.length], failure);
        });
        const next = indices.find((at) => known.get(at) === false || suspects.has(at));
        if (next === undefined) break;
        const judgement = await this.judgeStopped(program, this.streamDeck(next)!, suspects.get(next));
        if (judgement.verdict !== 'AC') return { at: next, judgement };
        known.set(next, true);
      }
    }
    return undefined;
  }

  /**
   * Whether the program fails each of `decks`, as the judge runs it. A program serving batches
   * runs them in batches (one process, not one per deck), a failure taken as its line tells it or
   * else judged alone; any other runs
   * `jobs` decks at once. Throws CannotRun, and the signal's reason once it aborts.
   */
  private async failsOn(program: ProgramToKill, decks: readonly ReadyDeck[]): Promise<boolean[]> {
    if (!program.batchServer) {
      const judged = await this.settled(decks, (deck) => this.judge(program, deck));
      return judged.map((judgement) => judgement.verdict !== 'AC');
    }
    const { verdicts, limits, signal } = this.options;
    const fails = decks.map((deck) => {
      const cached = verdicts?.get(program.id, deck.input);
      return cached && cached.verdict !== 'AC';
    });
    let pending = decks.flatMap((_, i) => (fails[i] === undefined ? [i] : []));
    while (pending.length > 0) {
      const { passed, failure } = await runBatch(program.argv, pending.map((i) => ({
        mutant: 0, input: decks[i].input, expected: decks[i].expected,
      })), limits, signal);
      signal?.throwIfAborted();
      this.runs += passed.length;
      for (const i of pending.slice(0, passed.length)) {
        fails[i] = false;
        verdicts?.set(program.id, decks[i].input, { verdict: 'AC' });
      }
      if (passed.length === pending.length) break;
      // The batch stopped at this deck: the verdict its line tells, or else the judge's.
      const next = pending[passed.length];
      fails[next] = (await this.judgeStopped(program, decks[next], failure, true)).verdict !== 'AC';
      pending = pending.slice(passed.length + 1);
    }
    return fails as boolean[];
  }

  /**
   * What the reference reaches and changes on each of the search decks `indices` whose verdict
   * the program does not know yet, found once for all programs: the decks not asked before, in
   * `jobs` batches.
   */
  private async reachAll(program: ProgramToKill, indices: readonly number[]): Promise<void> {
    const { reached, verdicts } = this.options;
    if (!reached) return;
    const asked = indices.filter((at) => {
      const deck = this.streamDeck(at);
      return deck && !this.reach.has(at) && !verdicts?.get(program.id, deck.input);
    });
    const batches = this.inLanes(asked).map((chunk) => {
      const found = reached(chunk.map((at) => this.streamDeck(at)!));
      chunk.forEach((at, i) => {
        const each = found.then((all) => all[i]);
        // Its failure is the batch's, awaited below.
        each.catch(() => undefined);
        this.reach.set(at, each);
      });
      return found;
    });
    await Promise.all(batches);
  }

  /** What the reference reaches and changes on search deck `at`, run once for all programs. */
  private reachedAt(at: number, deck: ReadyDeck): Promise<Reached | undefined> {
    const { reached } = this.options;
    if (!reached) return Promise.resolve(undefined);
    let found = this.reach.get(at);
    if (!found) this.reach.set(at, (found = reached([deck]).then(([one]) => one)));
    return found;
  }

  /** Shrinks the failing search deck, checks the shrunk deck still fails, and keeps it. */
  private async keepFailure(
    program: ProgramToKill, programIndex: number, at: number, judgement: Judgement, tried: number,
  ): Promise<void> {
    const failing = this.streamDeck(at)!;
    const { maker } = this;
    const trial: Trial = async (text) => {
      const deck = this.ready(failing.name, text);
      return deck && this.judge(program, deck).catch((error: unknown) => {
        if (error instanceof CannotRun) return undefined;
        throw error;
      });
    };
    const settings = {
      jobs: this.jobs, runs: this.shrinkRuns, patience: SHRINK_PATIENCE,
      seed: (this.options.seed + Math.imul(programIndex + 1, 0x9e3779b9)) >>> 0,
    };
    const failingText = failing.text();
    const shrunk = await shrinkFailure(maker, maker.fromText(failingText), judgement, trial, settings);
    // Kept as written (a game's final form may differ from what was run): judged again as such.
    const candidates = [maker.text(maker.final(shrunk.deck)), failingText];
    for (const text of candidates) {
      const deck = this.ready(`found deck ${this.found.length + 1}`, text);
      const again = deck && (await this.judge(program, deck));
      if (!deck || !again || again.verdict === 'AC') continue;
      const shrink: ShrinkOutcome = {
        verdict: again.verdict, runs: shrunk.runs,
        ...(judgement.difference ? { lineBefore: judgement.difference.line } : {}),
        ...(again.difference ? { lineAfter: again.difference.line } : {}),
      };
      this.found.push({
        ...deck,
        foundFor: { id: program.id, searchDeck: at + 1, shrink },
        kills: new Map([[program.id, true]]),
      });
      this.killed++;
      return;
    }
    this.unconfirmed.push({
      id: program.id, label: program.label, tried,
      reason: `failed search deck ${at + 1} (${judgement.verdict}) but passed it when run again`,
    });
  }

  /**
   * Every program against every found deck it has not run: the kill sets the cover needs. Programs
   * serving batches run `jobs` at once, each its decks in batches; any other, its decks `jobs` at once.
   */
  private async runCover(): Promise<void> {
    let done = 0;
    const cover = async (program: ProgramToKill) => {
      const pending = this.found.filter((deck) => !deck.kills.has(program.id));
      const fails = await this.failsOn(program, pending).catch((error: unknown) => {
        if (error instanceof CannotRun) return pending.map(() => false);
        throw error;
      });
      pending.forEach((deck, j) => deck.kills.set(program.id, fails[j]));
      this.progress('cover', ++done, this.programs.length);
    };
    const serving = this.programs.filter((program) => program.batchServer);
    await this.settled(serving, cover);
    for (const program of this.programs.filter((p) => !p.batchServer)) await cover(program);
  }

  private cover(): KillingDeck[] {
    const killSets = this.found.map((deck) => new Set([...deck.kills].filter(([, kills]) => kills).map(([id]) => id)));
    const order = new Map(this.programs.map((program, i) => [program.id, i]));
    const byOrder = (ids: Iterable<string>) => [...ids].sort((a, b) => order.get(a)! - order.get(b)!);
    const labels = new Map(this.programs.map((program) => [program.id, oneLine(program.label)]));
    const prefix = this.options.prefix ?? DEFAULT_PREFIX;
    return greedyCover(killSets, new Set()).map(({ index, added }, n): KillingDeck => {
      const deck = this.found[index];
      const addedIds = byOrder(added);
      const others = byOrder([...killSets[index]].filter((id) => !added.includes(id)));
      const lines = [...addedIds, ...others].map((id) => `kills ${labels.get(id)!}`);
      const name = `${prefix}${String(n + 1).padStart(2, '0')}`;
      const parsed = this.maker.fromText(deck.text());
      return {
        name,
        text: this.maker.text(parsed, [`deck-sim audit: ${name}`, ...lines]),
        input: deck.input,
        answer: deck.expected,
        kills: [...addedIds, ...others],
        added: addedIds,
        description: lines.join('\n'),
        foundFor: deck.foundFor,
      };
    });
  }
}

/** A label on one line, its control characters as spaces: it goes into `.desc` files and deck comments. */
function oneLine(label: string): string {
  // eslint-disable-next-line no-control-regex
  return label.replace(/[\u0000-\u001f\u007f]+/g, ' ');
}
