/** The likely mistakes of a wrong output: the catalogue's variants that print exactly that output. */
import { firstDifference } from '../outputCompare';
import type { DeckGame, GameAnalysis } from '../deckGame';
import type { Mistake } from './types';

/** The mistakes whose transcript equals `output` under the judge's comparison, in catalogue order. */
export function likelyMistakes<A extends GameAnalysis>(game: DeckGame<A>, analysis: A, output: string): Mistake[] {
  const catalogue = game.catalogue();
  return catalogue.mistakes.filter((mistake) => {
    const mistaken = catalogue.mistakeTranscript(analysis, mistake.id);
    return mistaken !== undefined && firstDifference(mistaken, output) === undefined;
  });
}

/**
 * `Your output matches a solution in which a discarder may not pong their own discard.`: the
 * mistake's sentence as a clause (its first word lower case unless it is a name such as PASS).
 */
export function likelySentence(description: string): string {
  const clause = description.replace(/\.$/, '').replace(/^(A|[A-Z][a-z][^\s]*)(?=\s)/, (word) => word.toLowerCase());
  return `Your output matches a solution in which ${clause}.`;
}
