/**
 * How a game makes new decks and reshapes them: the generators `stress` and the audit's search
 * draw from, and the smaller or earlier-failing variants their shrinkers try. `D` is the game's
 * own form of a deck (tile kinds, a ⑨ game's parts), turned to text only to be played or written.
 */
export interface DeckMaker<D> {
  /** The generators' names, in the order `generate` numbers them. */
  readonly generators: readonly string[];
  /** A valid deck from generator `generator` (an index of `generators`) and a seed; the same seed, the same deck. */
  generate(generator: number, seed: number): D;
  /** The deck's text, with `header` lines as comments at its top. */
  text(deck: D, header?: readonly string[]): string;
  /** The deck a valid text holds; undefined when the text has errors. */
  fromText(text: string): D | undefined;
  /**
   * Variants to try when transcript line `line` is the first to differ. `smaller` says whether
   * they are smaller decks (then an equally early difference is progress) or only rearranged.
   */
  variants(deck: D, line: number, seed: number): Iterable<D>;
  readonly smaller: boolean;
  /** The deck as written out once shrinking is done. */
  final(deck: D): D;
}
