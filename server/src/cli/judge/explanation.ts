/**
 * HOOK(decisions): the explanation of one transcript line, from the core's decisions API
 * (mahjongDecisions / mahjongExplainRecords, cirnoDecision / cirnoExplainRecords) once merged.
 * Until then there is none. This is the only place judge, diff, stress and explain ask.
 */
import type { DeckAnalysis } from '../decks';

export interface LineExplanation {
  /** Human-readable lines: the candidates table and the rule that picked the line. */
  text: string[];
  /** The decision record as core gives it, for --json. */
  record: unknown;
}

/** Why transcript line `line` (1-based) of a valid deck is what it is, when core can say. */
export function explainLine(_analysis: DeckAnalysis, _line: number): LineExplanation | undefined {
  return undefined;
}
