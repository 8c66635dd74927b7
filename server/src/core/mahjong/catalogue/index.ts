/** The Mahjong rule branches and likely mistakes (being written: empty until then). */
import type { GameCatalogue } from '../../catalogue/types';
import type { MahjongAnalysis } from '..';

export const MAHJONG_CATALOGUE: GameCatalogue<MahjongAnalysis> = {
  rules: [],
  ruleHits: (analysis) => (analysis.game ? new Map() : undefined),
  mistakes: [],
  mistakeTranscript: () => undefined,
  targetedDeck: () => undefined,
};
