/** The Cirno rule branches and likely mistakes (being written: empty until then). */
import type { GameCatalogue } from '../../catalogue/types';
import type { CirnoAnalysis } from '..';

export const CIRNO_CATALOGUE: GameCatalogue<CirnoAnalysis> = {
  rules: [],
  ruleHits: (analysis) => (analysis.game ? new Map() : undefined),
  mistakes: [],
  mistakeTranscript: () => undefined,
  targetedDeck: () => undefined,
};
