/**
 * What a game says of its own rules for measuring a test set: the rule branches its rules page
 * describes (rule coverage) and the plausible mistakes a solver makes (each a variant of one
 * rule, played by a variant engine beside the real one, never on the plain simulation path).
 */

/** One branch of one rule of the rules page: both outcomes of a choice are two branches. */
export interface RuleBranch {
  /** Stable, kebab-case, unique within the game: `ron-intercepted`. */
  readonly id: string;
  /** One sentence, as the rules page would say it. */
  readonly description: string;
}

/** A plausible wrong reading of one rule. */
export interface Mistake {
  /** Stable, kebab-case, unique within the game: `no-self-pong`. */
  readonly id: string;
  /** One sentence saying what the mistaken solution does: "a discarder may not pong their own discard". */
  readonly description: string;
}

/** The rule branches and likely mistakes of one game, with what it takes to measure them. */
export interface GameCatalogue<A> {
  /** Every rule branch, in the order of the rules page. */
  readonly rules: readonly RuleBranch[];
  /**
   * How many times a valid deck's game takes each rule branch (only those taken). Reads the
   * game's decisions; undefined when the analysis has no game (the deck has errors).
   */
  ruleHits(analysis: A): ReadonlyMap<string, number> | undefined;
  /** Every likely mistake. */
  readonly mistakes: readonly Mistake[];
  /**
   * The transcript a solution making this mistake prints for a valid deck. Undefined when the
   * deck has errors, or when the mistaken game is not defined (a ⑨ pile running out under the
   * variant): such a deck neither catches nor clears the mistake.
   */
  mistakeTranscript(analysis: A, mistake: string): string | undefined;
  /**
   * A deck text built on purpose to take a rule branch or catch a mistake (`target` is an id of
   * either list); each seed gives another deck. Undefined when the game has no builder for the
   * target. The deck may still miss its target: the caller checks.
   */
  targetedDeck(target: string, seed: number): string | undefined;
}
