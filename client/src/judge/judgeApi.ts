/**
 * The solution judge as the VS Code side uses it (issue 11): run a user's program on a deck and
 * compare its output with the reference transcript, or stress test it on generated decks. The
 * engine behind it is Node-only (it starts processes), so only the desktop entry imports this.
 */

export type Verdict = 'AC' | 'WA' | 'TLE' | 'RE' | 'OLE';

/** One deck's verdict, as `deck-sim judge --json` prints it. */
export interface JudgeVerdict {
  verdict: Verdict;
  /** The run's wall time. */
  ms: number;
  /** WA: the first differing output line (1-based), and both outputs' text there ('' where one has none). */
  line?: number;
  expected?: string;
  actual?: string;
  /** WA: why the expected line is what it is (the decision behind it). */
  explanation?: string;
  /** WA: the deck line (1-based) of the tile or card behind the expected line. */
  deckLine?: number;
  /** TLE, RE, OLE: what happened (exit status or signal, last lines of stderr, the limit). */
  detail?: string;
}

/** Runs `command` (split like a shell would, run without one) on the deck at `deckPath`. */
export type RunJudge = (
  deckPath: string, command: string, timeLimitMs: number, signal?: AbortSignal,
) => Promise<JudgeVerdict>;

export interface StressOptions {
  command: string;
  game: 'mahjong' | 'cirno';
  seed: number;
  timeLimitMs: number;
  /** Where the shrunk counterexample is written. */
  out: string;
  /** Each progress line the stress test prints (decks run, decks/s, seed). */
  onProgress(line: string): void;
  signal: AbortSignal;
}

export interface StressResult {
  /** True when a failing deck was found (and written to `out`). */
  failed: boolean;
  /** What the stress test said last: the report of the failure, or that every deck passed. */
  report: string;
}

export type RunStress = (options: StressOptions) => Promise<StressResult>;
