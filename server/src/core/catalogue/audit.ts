/**
 * The audit of a test set for one game: which rule branches its decks exercise and which likely
 * mistakes they catch, by which decks, and where the first of them shows each mistake.
 */
import type { Problem } from '../problem';
import type { DeckGame, GameAnalysis } from '../deckGame';
import { profileDeck, type DeckProfile, type MistakeDifference } from './profile';
import { step, type LongTask } from './task';

export interface AuditDeck {
  /** How reports name the deck: its path. */
  readonly name: string;
  readonly text: string;
}

export interface RuleCoverage {
  id: string;
  description: string;
  /** How many decks take the branch. */
  hits: number;
  /** Those decks, in input order. */
  decks: string[];
}

export interface MistakeCoverage {
  id: string;
  description: string;
  /** The decks that catch it, in input order. */
  killedBy: string[];
  /** The first of them and the first transcript line where the mistake shows; absent when nothing catches it. */
  first?: MistakeDifference & { deck: string };
}

export interface AuditReport {
  /** In catalogue order. */
  rules: RuleCoverage[];
  /** In catalogue order. */
  mistakes: MistakeCoverage[];
  /** Decks with errors, which measure nothing, with their problems. */
  invalid: { deck: string; problems: readonly Problem[] }[];
  /** Every deck's profile, in input order (undefined for a deck with errors). */
  profiles: (DeckProfile | undefined)[];
}

/** Measures every deck, in order; `task` sees a step per deck. */
export async function auditDecks<A extends GameAnalysis>(
  game: DeckGame<A>, decks: readonly AuditDeck[], task?: LongTask,
): Promise<AuditReport> {
  const profiles: (DeckProfile | undefined)[] = [];
  const invalid: AuditReport['invalid'] = [];
  for (const [i, deck] of decks.entries()) {
    const result = profileDeck(game, deck.text);
    if ('profile' in result) profiles.push(result.profile);
    else {
      profiles.push(undefined);
      invalid.push({ deck: deck.name, problems: result.problems });
    }
    await step(task, i + 1, decks.length);
  }
  return summarize(game, decks.map((deck) => deck.name), profiles, invalid);
}

/** The report of decks already measured. */
export function summarize<A extends GameAnalysis>(
  game: DeckGame<A>, names: readonly string[], profiles: (DeckProfile | undefined)[], invalid: AuditReport['invalid'],
): AuditReport {
  const catalogue = game.catalogue();
  const rules = catalogue.rules.map(({ id, description }): RuleCoverage => {
    const decks = names.filter((_, i) => profiles[i]?.hits.has(id));
    return { id, description, hits: decks.length, decks };
  });
  const mistakes = catalogue.mistakes.map(({ id, description }): MistakeCoverage => {
    const killers = names.flatMap((name, i) => (profiles[i]?.caught.has(id) ? [i] : []));
    const coverage: MistakeCoverage = { id, description, killedBy: killers.map((i) => names[i]) };
    if (killers.length > 0) coverage.first = { deck: names[killers[0]], ...profiles[killers[0]]!.caught.get(id)! };
    return coverage;
  });
  return { rules, mistakes, invalid, profiles };
}
