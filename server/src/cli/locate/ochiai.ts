/**
 * Spectrum-based fault localization: each source line scored by how strongly executing it goes
 * with failing. Ochiai's coefficient, ef / sqrt(F · (ef + ep)), ranks best among the spectrum
 * formulas on real faults (Abreu et al., Jones & Harrold's Tarantula for comparison); ties, common
 * in straight-line code that every run executes, go to the line with more mutation evidence, then
 * to the earlier line.
 */

/** One run of the program: the lines it executed and whether its verdict was a failure. */
export interface Spectrum {
  readonly lines: ReadonlySet<number>;
  readonly failed: boolean;
}

export interface RankedLine {
  /** 1-based. */
  line: number;
  /** Ochiai, 0 to 1. */
  score: number;
  /** Failing runs that executed the line. */
  failingRuns: number;
  /** Passing runs that executed the line. */
  passingRuns: number;
}

/** Ochiai of a line executed by `ef` of `failing` failing runs and by `ep` passing runs. */
export function ochiai(ef: number, ep: number, failing: number): number {
  const denominator = Math.sqrt(failing * (ef + ep));
  return denominator === 0 ? 0 : ef / denominator;
}

/**
 * Every line some failing run executed, most suspicious first. `evidence` (per line, higher is
 * more suspicious) breaks ties of score; lines no failing run executed are left out: they cannot
 * hold a fault that every failure goes through.
 */
export function rankLines(spectra: readonly Spectrum[], evidence?: ReadonlyMap<number, number>): RankedLine[] {
  const failing = spectra.filter((run) => run.failed).length;
  const counts = new Map<number, { ef: number; ep: number }>();
  for (const run of spectra) {
    for (const line of run.lines) {
      let count = counts.get(line);
      if (!count) counts.set(line, (count = { ef: 0, ep: 0 }));
      if (run.failed) count.ef++;
      else count.ep++;
    }
  }
  const ranked: RankedLine[] = [];
  for (const [line, { ef, ep }] of counts) {
    if (ef > 0) ranked.push({ line, score: ochiai(ef, ep, failing), failingRuns: ef, passingRuns: ep });
  }
  const weight = (line: number) => evidence?.get(line) ?? 0;
  return ranked.sort((a, b) => b.score - a.score || weight(b.line) - weight(a.line) || a.line - b.line);
}

/** The lines tied with one of the first `top` lines, which mutation evidence may reorder. */
export function linesTiedAtTop(ranked: readonly RankedLine[], top: number): number[] {
  if (ranked.length <= top) return ranked.map((entry) => entry.line);
  const cut = ranked[top - 1].score;
  return ranked.filter((entry) => entry.score >= cut).map((entry) => entry.line);
}
