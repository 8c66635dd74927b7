/**
 * Runs the reference and the distinct mutant programs on a set's decks under the judge's
 * runner. The reference runs on every deck (it must pass them all) and sets the time limit,
 * max(1 s, 10× its slowest run). A mutant stops at its first killing deck; its decks are
 * tried in the order of kills so far, so a mutant is usually killed at its first run; a program
 * serving batches (batchRuns.ts) runs its decks in a batch, a failure taken as the batch tells it
 * (run alone again only when the batch cannot tell the judge's verdict), and many mutants of one
 * program run on their first deck in one batch (`firstDeck`). Every
 * verdict is cached by (program identity, deck content, limits): a rerun over the same files
 * runs nothing.
 */
import { OUTPUT_CAP_BYTES, runSolution, type RunLimits } from '../judge/runner';
import { judgeRun, type Verdict } from '../judge/verdict';
import type { JudgedDeck } from '../judge/prepare';
import { mapInOrder } from '../pool';
import { runBatch, runThrough } from './batchRuns';
import { sha256, type MutationCache } from './mutationCache';

/** The reference's own limit: generous, it only has to finish. */
export const REFERENCE_TIME_LIMIT_MS = 10_000;
export const MIN_MUTANT_TIME_LIMIT_MS = 1000;
const REFERENCE_FACTOR = 10;

/**
 * The limit rounded up to 1, 2 or 5 times a power of ten: verdicts are cached by their limits, so a
 * deck added to the set, or a run a little slower, must not change the limit of every mutant run.
 */
export function roundedLimit(ms: number): number {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) if (step * scale >= ms) return step * scale;
  }
}

interface StoredVerdict { verdict: Verdict; ms: number }
type StoredVerdicts = Record<string, StoredVerdict>;

export interface RunCounts {
  /** Runs done now. */
  runs: number;
  /** Verdicts read from the cache. */
  cached: number;
}

/** How a program runs: its words, and what its environment adds (a schema's mutant number). */
export interface ProgramCommand {
  argv: string[];
  env?: Readonly<Record<string, string>>;
}

/** A program serving batches of runs (batchRuns.ts), and the mutant its runs choose (0 for one built alone). */
export interface BatchServer {
  argv: string[];
  mutant: number;
}

/** A deck as the runs see it: the judge's prepared deck and the hash of what the verdict depends on. */
export interface RunDeck { deck: JudgedDeck; key: string }

export function runDecks(decks: readonly JudgedDeck[]): RunDeck[] {
  return decks.map((deck) => ({ deck, key: sha256('deck', deck.input, deck.expected) }));
}

/** The reference fails a deck: the set (or the reference) is wrong, and no mutant can be measured on it. */
export class ReferenceFails extends Error {}

export class MutantRunner {
  readonly counts: RunCounts = { runs: 0, cached: 0 };
  /** Kills per deck so far, by index. */
  private readonly kills: number[];
  /** Verdicts `firstDeck` ran (`IDENTITY KEY`): not counted as the cache's. */
  private readonly ranNow = new Set<string>();

  constructor(
    private readonly decks: readonly RunDeck[],
    private readonly cache: MutationCache,
    private readonly commandOf: (identity: string) => ProgramCommand,
    private readonly memoryLimitMb: number,
  ) {
    this.kills = decks.map(() => 0);
  }

  /** The mutants' limits from the reference's runs (every deck, `jobs` at once); throws ReferenceFails. */
  async referenceLimits(identity: string, jobs: number): Promise<RunLimits> {
    const limits = this.runLimits(REFERENCE_TIME_LIMIT_MS);
    const stored = this.stored(identity);
    let changed = false;
    const verdicts = await mapInOrder(this.decks, jobs, async (deck) => {
      const key = runKey(deck, limits);
      if (stored[key]) {
        this.counts.cached++;
        return stored[key];
      }
      changed = true;
      return (stored[key] = await this.run(this.commandOf(identity), deck, limits));
    }, () => undefined);
    if (changed) this.cache.writeJson('verdicts', `${identity}.json`, stored);
    const failed = verdicts.findIndex((v) => v.verdict !== 'AC');
    if (failed >= 0) {
      const { verdict } = verdicts[failed];
      throw new ReferenceFails(`the reference's verdict on ${this.decks[failed].deck.name} is ${verdict}, not AC: `
        + 'mutants are measured against a reference that passes every deck');
    }
    const slowest = Math.max(0, ...verdicts.map((v) => v.ms));
    return this.runLimits(roundedLimit(Math.max(MIN_MUTANT_TIME_LIMIT_MS, REFERENCE_FACTOR * slowest)));
  }

  /**
   * The first deck killing the program (`identity`, or the key of a schema's mutant run by
   * `command` and `batch`), by name, or undefined when it passes them all. Verdicts in the cache
   * count first: a cached kill ends it without a run, a cached AC skips that deck.
   */
  async killer(
    identity: string, limits: RunLimits, command = this.commandOf(identity), batch?: BatchServer,
  ): Promise<string | undefined> {
    const stored = this.stored(identity);
    const order = this.decks.map((_, i) => i).sort((a, b) => this.kills[b] - this.kills[a]);
    const cachedKill = this.cachedKill(stored, order, limits);
    if (cachedKill !== undefined) {
      this.counts.cached++;
      return this.killedBy(cachedKill);
    }
    const pending = order.filter((i) => stored[runKey(this.decks[i], limits)] === undefined);
    // Verdicts `firstDeck` ran now are not the cache's.
    this.counts.cached += order.filter((i) => {
      const key = runKey(this.decks[i], limits);
      return stored[key] !== undefined && !this.ranNow.has(`${identity} ${key}`);
    }).length;
    let killer: number | undefined;
    for (let next = 0; next < pending.length;) {
      // In a batch, which stops at a failure; a deck it could not tell of runs alone, then the rest in a batch.
      if (batch) {
        const rest = pending.slice(next);
        const { passed, failure } = await runBatch(batch.argv, rest.map((i) => ({
          mutant: batch.mutant, input: this.decks[i].deck.input, expected: this.decks[i].deck.expected,
        })), limits);
        for (const ms of passed) stored[runKey(this.decks[pending[next++]], limits)] = { verdict: 'AC', ms };
        this.counts.runs += passed.length;
        if (next >= pending.length) break;
        if (failure) {
          killer = pending[next];
          stored[runKey(this.decks[killer], limits)] = failure;
          this.counts.runs++;
          break;
        }
      }
      const i = pending[next++];
      const verdict = (stored[runKey(this.decks[i], limits)] = await this.run(command, this.decks[i], limits));
      if (verdict.verdict !== 'AC') {
        killer = i;
        break;
      }
    }
    if (pending.length > 0) this.cache.writeJson('verdicts', `${identity}.json`, stored);
    return killer === undefined ? undefined : this.killedBy(killer);
  }

  /**
   * Mutants of one program serving batches (each with the key its verdicts are cached by, and its
   * number there), run together on the deck that killed most so far, in one batch that goes on
   * past failures: one process where each would start its own, and most fall to that deck. For
   * each, that deck's name when it kills it, else undefined: `killer` goes on from the next deck
   * (or finds the kill the cache held).
   */
  async firstDeck(argv: string[], mutants: readonly { key: string; mutant: number }[], limits: RunLimits):
  Promise<(string | undefined)[]> {
    if (this.decks.length === 0) return mutants.map(() => undefined);
    const top = this.decks.reduce((best, _, i) => (this.kills[i] > this.kills[best] ? i : best), 0);
    const key = runKey(this.decks[top], limits);
    const stored = mutants.map(({ key: identity }) => this.stored(identity));
    const all = this.decks.map((_, i) => i);
    // Those whose verdict there is known, or with a cached kill on another deck, are left to `killer`.
    const asked = mutants.flatMap((_, m) => (stored[m][key] !== undefined
      || this.cachedKill(stored[m], all, limits) !== undefined ? [] : [m]));
    const killed: (string | undefined)[] = mutants.map(() => undefined);
    if (asked.length === 0) return killed;
    const { input, expected } = this.decks[top].deck;
    const told = await runThrough(argv, asked.map((m) => ({ mutant: mutants[m].mutant, input, expected })), limits);
    asked.forEach((m, n) => {
      const run = told[n];
      if (run?.verdict === undefined) return;
      this.counts.runs++;
      this.ranNow.add(`${mutants[m].key} ${key}`);
      stored[m][key] = { verdict: run.verdict, ms: run.ms };
      this.cache.writeJson('verdicts', `${mutants[m].key}.json`, stored[m]);
      if (run.verdict !== 'AC') killed[m] = this.killedBy(top);
    });
    return killed;
  }

  /** The first of the decks `indices` whose cached verdict (`stored`, under `limits`) is a kill. */
  private cachedKill(stored: StoredVerdicts, indices: readonly number[], limits: RunLimits): number | undefined {
    return indices.find((i) => {
      const found = stored[runKey(this.decks[i], limits)];
      return found !== undefined && found.verdict !== 'AC';
    });
  }

  private killedBy(index: number): string {
    this.kills[index]++;
    return this.decks[index].deck.name;
  }

  private stored(identity: string): StoredVerdicts {
    return this.cache.readJson<StoredVerdicts>('verdicts', `${identity}.json`) ?? {};
  }

  private async run({ argv, env }: ProgramCommand, { deck }: RunDeck, limits: RunLimits): Promise<StoredVerdict> {
    this.counts.runs++;
    const run = await runSolution(argv, deck.input, limits, undefined, env);
    const { verdict } = judgeRun(deck.name, deck.analysis, deck.expected, run, limits);
    return { verdict: verdict as Verdict, ms: run.ms };
  }

  /** The limits of every run: the time limit given, the memory limit, the judge's output cap. */
  private runLimits(timeLimitMs: number): RunLimits {
    return { timeLimitMs, outputCap: OUTPUT_CAP_BYTES, memoryLimitMb: this.memoryLimitMb };
  }
}

function runKey(deck: RunDeck, limits: RunLimits): string {
  return sha256(deck.key, JSON.stringify(limits)).slice(0, 32);
}
