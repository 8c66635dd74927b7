/**
 * The decks of a guided run (`stress`): the game's generators in turn, and between them decks
 * built on purpose for each of the catalogue's mistakes and rule branches in turn, so a program
 * that errs only on a rare rule meets that rule within a few dozen decks.
 */
import type { DeckMaker } from '../deckMaker';
import type { GameCatalogue } from './types';

export interface ScheduledDeck<D> {
  deck: D;
  /** The generator's name, or `targeted TARGET` for a deck built for a catalogue entry. */
  source: string;
}

/** The targets of a guided run: the mistakes first (what solvers get wrong), then the rule branches. */
export function guidedTargets(catalogue: Pick<GameCatalogue<never>, 'rules' | 'mistakes'>): string[] {
  return [...catalogue.mistakes.map((m) => m.id), ...catalogue.rules.map((r) => r.id)];
}

/**
 * Deck `index` (0-based) of a run, from its own seed. With no targets it is generator
 * `index mod G`, as in an unguided run; otherwise even indices take the generators in turn and
 * odd ones the targets in turn, falling back to a generator when a target has no valid deck.
 */
export function guidedDeck<D>(
  maker: DeckMaker<D>,
  catalogue: Pick<GameCatalogue<never>, 'targetedDeck'>,
  targets: readonly string[],
  index: number,
  seed: number,
): ScheduledDeck<D> {
  const generators = maker.generators.length;
  const plain = (turn: number): ScheduledDeck<D> => ({
    deck: maker.generate(turn % generators, seed),
    source: maker.generators[turn % generators],
  });
  if (targets.length === 0) return plain(index);
  const turn = Math.floor(index / 2);
  if (index % 2 === 0) return plain(turn);
  const target = targets[turn % targets.length];
  const text = catalogue.targetedDeck(target, seed);
  const deck = text === undefined ? undefined : maker.fromText(text);
  return deck === undefined ? plain(turn) : { deck, source: `targeted ${target}` };
}
