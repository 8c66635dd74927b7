/** Everything an editor shows for a ⑨ deck, behind the GameService interface. */
import type { Position, Range } from '../../core/problem';
import { splitLines } from '../../core/deckText';
import { cirnoExplainRecords, type CirnoAnalysis, type CirnoDeck } from '../../core/cirno';
import { CIRNO } from '../../core/gameRegistry';
import type { SelectionSummary } from '../../protocol/requests';
import { lineText } from '../completion';
import { summarizeSelection } from '../selection';
import { foldsOf } from '../outline';
import {
  DEFAULT_FORMAT,
  type AnalyzedDeck, type DeckCompletion, type DeckFold, type DeckInlayHint, type DeckSymbol, type ExplainRecord,
  type ExplainedLine, type FormatOptions, type GameService, type HoverOptions, type LineReport, type RenameResult,
  type GameReplay,
} from '../gameService';
import type { FormattedDeck } from '../format';
import { count, problemsLensTitle, skippedOutcome } from '../summary';
import { cirnoCompletions } from './completion';
import { formatCirno } from './format';
import { cirnoHover } from './hover';
import { cirnoInlayHints } from './inlayHints';
import { cirnoHighlights, cirnoReferences, cirnoSymbols } from './outline';
import { cirnoRename, cirnoRenameTarget } from './rename';
import { cirnoGameReplay } from './replay';
import { cirnoExplainedLines, cirnoLineReport } from './report';

/** Draws this many decks from a seed before settling for one the pile does not last. */
const NEW_DECK_TRIES = 20;

/**
 * A random deck that plays through when it can: decks are drawn from the seed in a fixed
 * sequence and the first valid one is kept, so a seed still always gives the same deck.
 */
function newCirnoDeck(seed: number, players: number, rounds: number, cards: number): string {
  const header = `seed ${seed}: a random deck from Deck Simulator: New Shuffled Deck`;
  let text = '';
  for (let attempt = 0; attempt < NEW_DECK_TRIES; attempt++) {
    text = CIRNO.newDeckText(seed * NEW_DECK_TRIES + attempt, players, rounds, cards, header);
    if (CIRNO.analyze(text).game) break;
  }
  return text;
}

/** The valid cards on the given lines: the players' hands, then the pile, in line order. */
function selectedCards(deck: CirnoDeck, lines: ReadonlySet<number>): string[] {
  const cards: string[] = [];
  for (const player of deck.players) {
    for (const card of player.hand) if (card.card && lines.has(card.range.start.line)) cards.push(card.card);
  }
  for (const line of [...lines].sort((a, b) => a - b)) {
    for (let i = deck.pile.firstIndexFrom(line); i < deck.pile.length && deck.pile.lineOf(i) === line; i++) {
      const card = deck.pile.card(i);
      if (card) cards.push(card);
    }
  }
  return cards;
}

class CirnoDeckView implements AnalyzedDeck {
  private model: GameReplay | undefined;

  constructor(private readonly analysis: CirnoAnalysis, private readonly text: string) {}

  get problems() {
    return this.analysis.problems;
  }

  transcript(): string | undefined {
    return CIRNO.transcript(this.analysis);
  }

  outcome(): string {
    const { game } = this.analysis;
    if (!game) return skippedOutcome(this.problems);
    return `${count(game.roundsPlayed, 'round')} played, ${game.cardsDrawn} of ${game.pileSize} pile cards drawn`;
  }

  lensTitle(): string {
    const { game } = this.analysis;
    const problems = problemsLensTitle(this.problems);
    if (problems !== undefined || !game) return problems ?? 'not simulated';
    const cards = `${game.cardsDrawn} of ${game.pileSize} cards drawn`;
    return `${count(game.roundsPlayed, 'round')} · ${game.lineCount} lines · ${cards}`;
  }

  hover(position: Position, options: HoverOptions): string | undefined {
    return cirnoHover(this.analysis, position, options.pictures);
  }

  completions(position: Position): DeckCompletion[] {
    return cirnoCompletions(this.analysis, lineText(this.text, position.line), position);
  }

  inlayHints(fromLine: number, toLine: number, limit = Infinity): DeckInlayHint[] {
    return cirnoInlayHints(this.analysis, fromLine, toLine, limit);
  }

  selectionSummary(lines: ReadonlySet<number>): SelectionSummary {
    const { deck } = this.analysis;
    return summarizeSelection(deck ? selectedCards(deck, lines) : [], CIRNO.unit);
  }

  replay(): GameReplay | undefined {
    const { deck, game } = this.analysis;
    if (deck && game) this.model ??= cirnoGameReplay(deck, game);
    return this.model;
  }

  symbols(): DeckSymbol[] {
    return cirnoSymbols(this.analysis);
  }

  folds(): DeckFold[] {
    return foldsOf(this.symbols(), splitLines(this.text));
  }

  highlights(position: Position): Range[] {
    return cirnoHighlights(this.analysis, position);
  }

  references(position: Position): Range[] {
    return cirnoReferences(this.analysis, position);
  }

  renameTarget(position: Position): { range: Range; placeholder: string } | undefined {
    return cirnoRenameTarget(this.analysis, position);
  }

  rename(position: Position, newName: string): RenameResult {
    return cirnoRename(this.analysis, position, newName);
  }

  format(options: FormatOptions = DEFAULT_FORMAT): FormattedDeck {
    return formatCirno(this.text, this.analysis, options);
  }

  judgeInput(): string | undefined {
    return CIRNO.judgeInput(this.analysis);
  }

  lineCount(): number {
    return this.analysis.game?.lineCount ?? 0;
  }

  lineReport(line: number): LineReport | undefined {
    return cirnoLineReport(this.analysis, line);
  }

  explainRecords(): Iterable<ExplainRecord> {
    const { game } = this.analysis;
    return game ? cirnoExplainRecords(game) : [];
  }

  explainedLines(): Iterable<ExplainedLine> {
    return cirnoExplainedLines(this.analysis);
  }
}

/** n, m and k of a new deck: the rules' limits, and what a deck has when not told. */
const NEW_DECK_BOUNDS = {
  players: { prompt: 'Players (n)', min: 1, max: CIRNO.limits.n, default: 3 },
  rounds: { prompt: 'Rounds (m)', min: 1, max: CIRNO.limits.m, default: 2 },
  cards: { prompt: 'Cards in the draw pile (k)', min: 1, max: CIRNO.limits.k, default: 60 },
} as const;

export const cirnoService: GameService = {
  game: CIRNO,
  newDeckBounds: NEW_DECK_BOUNDS,
  newDeck: (seed, {
    players = NEW_DECK_BOUNDS.players.default,
    rounds = NEW_DECK_BOUNDS.rounds.default,
    cards = NEW_DECK_BOUNDS.cards.default,
  }) => newCirnoDeck(seed, players, rounds, cards),
  analyze: (text) => new CirnoDeckView(CIRNO.analyze(text), text),
};
