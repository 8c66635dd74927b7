/** The likely mistakes of a wrong output: the catalogue's variants that print exactly that output. */
import { firstDifference } from '../common/compare';
import type { DeckGame, GameAnalysis } from '../game';
import type { Mistake } from './types';

/** The mistakes whose transcript equals `output` under the judge's comparison, in catalogue order. */
export function likelyMistakes<A extends GameAnalysis>(game: DeckGame<A>, analysis: A, output: string): Mistake[] {
  const catalogue = game.catalogue();
  return catalogue.mistakes.filter((mistake) => {
    const mistaken = catalogue.mistakeTranscript(analysis, mistake.id);
    return mistaken !== undefined && firstDifference(mistaken, output) === undefined;
  });
}
