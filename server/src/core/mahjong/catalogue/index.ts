/** The Mahjong rule branches and likely mistakes, for measuring a test set. */
import type { GameCatalogue } from '../../catalogue/types';
import type { MahjongAnalysis } from '..';
import { mahjongDeckText } from '../shuffle';
import { targetedMahjongDeck } from './builders';
import { MAHJONG_MISTAKES, MISTAKE_RULES } from './mistakes';
import { MAHJONG_RULES, countRuleHits } from './rules';
import { playVariant } from './variantEngine';

export const MAHJONG_CATALOGUE: GameCatalogue<MahjongAnalysis> = {
  rules: MAHJONG_RULES,
  ruleHits: (analysis) => (analysis.game ? countRuleHits(analysis.game) : undefined),
  mistakes: MAHJONG_MISTAKES.map(({ id, description }) => ({ id, description })),
  mistakeTranscript: (analysis, mistake) => {
    const rules = MISTAKE_RULES.get(mistake);
    return rules && analysis.game ? playVariant(analysis.game.deck, rules) : undefined;
  },
  targetedDeck: (target, seed) => {
    const deck = targetedMahjongDeck(target, seed);
    return deck && mahjongDeckText(deck, `built for ${target}, seed ${seed}`);
  },
};
