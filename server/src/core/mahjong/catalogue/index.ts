/** The Mahjong rule branches and likely mistakes, for measuring a test set. */
import type { GameCatalogue } from '../../catalogue/types';
import type { MahjongAnalysis } from '..';
import { MAHJONG_RULES, countRuleHits } from './rules';

export const MAHJONG_CATALOGUE: GameCatalogue<MahjongAnalysis> = {
  rules: MAHJONG_RULES,
  ruleHits: (analysis) => (analysis.game ? countRuleHits(analysis.game) : undefined),
  mistakes: [],
  mistakeTranscript: () => undefined,
  targetedDeck: () => undefined,
};
