/**
 * What one deck does to a game's catalogue: the rule branches its game takes and the mistakes
 * it catches, each with the first transcript line where the mistaken solution differs.
 */
import { firstDifference } from '../outputCompare';
import type { Problem } from '../problem';
import type { DeckGame, GameAnalysis } from '../deckGame';

/** Where a mistaken solution's transcript first leaves the reference's. */
export interface MistakeDifference {
  /** 1-based transcript line. */
  line: number;
  /** The reference's line; '' past its end. */
  expected: string;
  /** The mistaken solution's line; '' past its end. */
  mistaken: string;
}

export interface DeckProfile {
  /** Times the game takes each rule branch (only those taken). */
  hits: ReadonlyMap<string, number>;
  /** The mistakes the deck catches, with their first differing line, in catalogue order. */
  caught: ReadonlyMap<string, MistakeDifference>;
}

/** A deck's profile, or its problems when it has errors (no game to measure). */
export type ProfileResult = { profile: DeckProfile } | { problems: readonly Problem[] };

/** Where mistake `id`'s solution first differs on the deck; undefined when it prints the same or is undefined. */
export function mistakeDifference<A extends GameAnalysis>(
  game: DeckGame<A>, analysis: A, expected: string, id: string,
): MistakeDifference | undefined {
  const mistaken = game.catalogue().mistakeTranscript(analysis, id);
  if (mistaken === undefined) return undefined;
  const difference = firstDifference(expected, mistaken);
  return difference && { line: difference.line, expected: difference.expected, mistaken: difference.actual };
}

/** Measures one deck text against the whole catalogue. */
export function profileDeck<A extends GameAnalysis>(game: DeckGame<A>, text: string): ProfileResult {
  const analysis = game.analyze(text);
  return profileAnalysis(game, analysis);
}

export function profileAnalysis<A extends GameAnalysis>(game: DeckGame<A>, analysis: A): ProfileResult {
  const catalogue = game.catalogue();
  const expected = game.transcript(analysis);
  const hits = catalogue.ruleHits(analysis);
  if (expected === undefined || hits === undefined) return { problems: analysis.problems };
  const caught = new Map<string, MistakeDifference>();
  for (const mistake of catalogue.mistakes) {
    const difference = mistakeDifference(game, analysis, expected, mistake.id);
    if (difference) caught.set(mistake.id, difference);
  }
  return { profile: { hits, caught } };
}
