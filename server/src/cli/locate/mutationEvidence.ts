/**
 * The mutation step of a ranking: the one-token mutants of the most suspicious lines tried on the
 * runs, a window of `jobs` at a time, within a budget. A line's evidence is its best mutant's:
 * the failing runs it fixes first (MUSE), then those whose output it changes (Metallaxis). A
 * mutant that fixes every failing run, breaks no passing one and passes a stress run of its own is
 * a repair.
 */
import type { RankedLine } from './ochiai';
import { tryMutant, type MutantTrial, type RecordedRun, type TokenEdit, type TrialSettings } from './mutantTrials';

export interface MutationSettings extends TrialSettings {
  /** Mutants the step may build and run. */
  budget: number;
  /**
   * Whether to look for repairs: then the step stops once the first line with one has had all its
   * mutants tried (the most suspicious repairs; more lines would only spend the budget).
   */
  repair: boolean;
  /** Told the mutants queued, then after each one tried. */
  onQueued?: (total: number) => void;
  onTried?: () => void;
}

export interface MutationOutcome {
  /** Per line: higher is more suspicious. */
  evidence: Map<number, number>;
  /** Repairs in the order found (most suspicious line first). */
  repairs: MutantTrial[];
  /** Mutants built and run. */
  tried: number;
}

/** Tries the mutants of `lines` (most suspicious first) until the budget or the repairs wanted are reached. */
export async function weighMutants(
  lines: readonly number[], edits: readonly TokenEdit[], runs: readonly RecordedRun[], settings: MutationSettings,
): Promise<MutationOutcome> {
  const failing = runs.filter((run) => run.failed).length;
  const byLine = new Map<number, TokenEdit[]>();
  for (const edit of edits) byLine.set(edit.line, [...(byLine.get(edit.line) ?? []), edit]);
  const queue = lines.flatMap((line) => byLine.get(line) ?? []).slice(0, settings.budget);
  const outcome: MutationOutcome = { evidence: new Map(), repairs: [], tried: 0 };
  settings.onQueued?.(queue.length);
  const window = Math.max(1, settings.jobs);
  for (let at = 0; at < queue.length;) {
    // A window never crosses past a repaired line: the mutants after it are not needed.
    const repaired = new Set(outcome.repairs.map((trial) => trial.edit.line));
    let end = Math.min(queue.length, at + window);
    if (settings.repair && repaired.size > 0) {
      end = at;
      while (end < queue.length && end < at + window && repaired.has(queue[end].line)) end++;
      if (end === at) break;
    }
    // Each trial runs its decks `jobs` at a time too: builds, the slow part, overlap across the window.
    const trials = await Promise.all(queue.slice(at, end).map(async (edit) => {
      const trial = await tryMutant(edit, runs, settings);
      settings.onTried?.();
      return trial;
    }));
    at = end;
    for (const trial of trials) {
      outcome.tried++;
      if (!trial) continue;
      const weight = trial.fixedFailing * (failing + 1) + trial.changedFailing;
      const line = trial.edit.line;
      outcome.evidence.set(line, Math.max(outcome.evidence.get(line) ?? 0, weight));
      if (trial.decksPassed !== undefined) outcome.repairs.push(trial);
    }
  }
  return outcome;
}

/** The ranking with the lines a repair was found on first, in the order of their repairs. */
export function repairedFirst(ranked: readonly RankedLine[], repairs: readonly MutantTrial[]): RankedLine[] {
  const order = [...new Set(repairs.map((repair) => repair.edit.line))];
  const first = order.map((line) => ranked.find((entry) => entry.line === line)).filter((e) => e !== undefined);
  return [...first, ...ranked.filter((entry) => !order.includes(entry.line))];
}
