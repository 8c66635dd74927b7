/**
 * The solution judge as the VS Code side uses it (issue 11): run a user's program on a deck and
 * compare its output with the reference transcript, or stress test it on generated decks. The
 * engine behind it is Node-only (it starts processes), so only the desktop entry imports this.
 */

export type Verdict = 'AC' | 'WA' | 'TLE' | 'MLE' | 'RE' | 'OLE';

/** One deck's verdict, as `deck-sim judge --json` prints it (one JSON line per deck). */
export interface JudgeVerdict {
  /** INVALID: the deck itself has errors, and the solution was not run. */
  verdict: Verdict | 'INVALID';
  /** The run's wall time. */
  ms?: number;
  /** WA: the first differing output line (1-based), and both outputs' text there ('' where one has none). */
  line?: number;
  expected?: string;
  actual?: string;
  /**
   * WA: the likely mistakes, those of the catalogue whose solution prints exactly this output;
   * `sentence` is the judge's line for it (`Your output matches a solution in which …`).
   */
  likely?: { mutant: string; description: string; sentence: string }[];
  /** WA: the deck line (1-based) of the tile or card behind the expected line. */
  deckLine?: number;
  /** WA: the table before that line, one line of text each (hands, melds, wall; or p, hands, DOUBLE). */
  state?: string[];
  /** WA: why the expected line is what it is: words, or the decision record core gives. */
  explanation?: unknown;
  /** TLE, MLE, RE, OLE: what happened, e.g. `exit status 3`, `killed by SIGSEGV`. */
  detail?: string;
  /** RE and MLE: the last lines the solution wrote to stderr. */
  stderr?: string[];
}

/** The limits of one run of a solution: `deckSim.solution.timeLimitMs` and `memoryLimitMb`. */
export interface SolutionLimits {
  timeLimitMs: number;
  memoryLimitMb: number;
}

/**
 * Runs `command` (split like a shell would, run without one) on the deck at `deckPath`. The time
 * and memory limits bound it; `signal` stops it sooner. Either way the judge kills the solution's process
 * group and the descendants it finds outside it (one that left the group and holds none of the
 * run's pipes is out of its reach).
 */
export type RunJudge = (deckPath: string, command: string, limits: SolutionLimits, signal?: AbortSignal)
  => Promise<JudgeVerdict>;

export interface StressOptions {
  command: string;
  /** A game id of the core's registry. */
  game: string;
  seed: number;
  limits: SolutionLimits;
  /** Where the shrunk counterexample is written. */
  out: string;
  /** Each progress line the stress test prints (decks run, decks/s, seed). */
  onProgress(line: string): void;
  signal: AbortSignal;
}

export interface StressResult {
  /** True when a failing deck was found (and written to `out`). */
  failed: boolean;
  /** One line: the failing deck and where it fails (before and after shrinking), or that every deck passed. */
  summary: string;
  /** Everything the stress test reported: with a failure, the counterexample's judgement and its explanation. */
  report: string;
}

export type RunStress = (options: StressOptions) => Promise<StressResult>;

/** How much `deck-sim locate` may try (`--mutants`, `--stress`, `--repair-decks`); the CLI's defaults where unset. */
export interface LocateBudgets {
  mutants?: number;
  stressDecks?: number;
  repairDecks?: number;
}

/** `deck-sim locate --json --repair` on one deck: the CLI's JSON object, as printed. */
export type RunLocate = (
  deckPath: string, sourcePath: string, limits: SolutionLimits, signal: AbortSignal,
  onProgress: (line: string) => void, budgets?: LocateBudgets,
) => Promise<string>;
