/**
 * What `deck-sim audit --reference --json` gives (docs/cli.md, "audit --reference"): written by
 * the CLI (cli/mutation/referenceAudit.ts) and read by the VS Code client's report, so both name
 * one shape.
 */

export type MutantStatus = 'killed' | 'survived' | 'likely-equivalent' | 'equivalent' | 'duplicate' | 'build-failed';

export const MUTANT_STATUSES: readonly MutantStatus[] = [
  'killed', 'survived', 'likely-equivalent', 'equivalent', 'duplicate', 'build-failed',
];

/** `audit --json`'s `reference`. */
export interface ReferenceSummary {
  file: string;
  build: string | null;
  mutants: number;
  killed: number;
  survived: number;
  likelyEquivalent: number;
  equivalent: number;
  duplicate: number;
  buildFailed: number;
  /** killed / (mutants - equivalent - duplicate - buildFailed), to 4 places; null when that is 0. */
  score: number | null;
}

/** One of `audit --json`'s `referenceMutants`. */
export interface ReferenceMutant {
  /** `LINE:COL:operator`, stable across runs. */
  id: string;
  /** 1-based; the column in UTF-16 units, as editors count. */
  line: number;
  column: number;
  operator: string;
  original: string;
  replacement: string;
  status: MutantStatus;
  /** The deck that killed it first, or null. */
  killedBy: string | null;
}
