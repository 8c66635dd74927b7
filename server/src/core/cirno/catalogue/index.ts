/** The ⑨ rule branches and likely mistakes, with the decks that take or catch each. */
import type { GameCatalogue } from '../../catalogue/types';
import type { CirnoAnalysis } from '..';
import { CIRNO_RULES, cirnoRuleHits } from './rules';

export const CIRNO_CATALOGUE: GameCatalogue<CirnoAnalysis> = {
  rules: CIRNO_RULES,
  ruleHits: (analysis) => (analysis.game ? cirnoRuleHits(analysis.game) : undefined),
  mistakes: [],
  mistakeTranscript: () => undefined,
  targetedDeck: () => undefined,
};
