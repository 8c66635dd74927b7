/** A deck made ready to judge a solution on: its analysis, reference transcript and input. */
import { analyze, referenceTranscript, type DeckAnalysis } from '../decks';
import { formatProblem } from '../output';
import type { DeckSource } from '../source';
import { canonicalInput } from './canonical';

export interface JudgedDeck {
  name: string;
  analysis: DeckAnalysis;
  /** The reference transcript. */
  expected: string;
  /** What the solution reads. */
  input: string;
}

/** The deck, or undefined when it has errors; `problems` are its formatted problem lines either way. */
export function prepareDeck(source: DeckSource): { deck?: JudgedDeck; problems: string } {
  const analysis = analyze(source.format, source.text);
  const problems = analysis.problems.map((problem) => formatProblem(source.name, problem) + '\n').join('');
  const expected = referenceTranscript(analysis);
  if (expected === undefined) return { problems };
  return { deck: { name: source.name, analysis, expected, input: canonicalInput(analysis) }, problems };
}
