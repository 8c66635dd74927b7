/** The ⑨ rule branches and likely mistakes, with the decks that take or catch each. */
import type { GameCatalogue } from '../../catalogue/types';
import type { CirnoAnalysis } from '..';
import { cirnoTargetedDeck } from './builders';
import { CIRNO_MISTAKES, mistakenRules } from './mistakes';
import { CIRNO_RULES, cirnoRuleHits } from './rules';
import { variantTranscript } from './variantEngine';

export const CIRNO_CATALOGUE: GameCatalogue<CirnoAnalysis> = {
  rules: CIRNO_RULES,
  ruleHits: (analysis) => (analysis.game ? cirnoRuleHits(analysis.game) : undefined),
  mistakes: CIRNO_MISTAKES.map(({ id, description }) => ({ id, description })),
  mistakeTranscript(analysis, id) {
    const mistake = CIRNO_MISTAKES.find((entry) => entry.id === id);
    if (!mistake || !analysis.game || !analysis.deck) return undefined;
    return variantTranscript(analysis.deck, mistakenRules(mistake));
  },
  targetedDeck: cirnoTargetedDeck,
};
