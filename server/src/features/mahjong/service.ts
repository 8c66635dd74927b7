/** Everything an editor shows for a Mahjong deck, behind the GameService interface. */
import type { Position, Range } from '../../core/problem';
import { MAHJONG } from '../../core/gameRegistry';
import {
  PLAYERS, TILE_NAMES, mahjongExplainRecords, type MahjongAnalysis, type MahjongGame, type MahjongOutcome,
} from '../../core/mahjong';
import type { SelectionSummary } from '../../protocol/requests';
import { summarizeSelection } from '../selection';
import { foldsOf } from '../outline';
import type {
  AnalyzedDeck, DeckCompletion, DeckFold, DeckInlayHint, DeckSymbol, GameService, HoverOptions, RenameResult,
  GameReplay, ExplainRecord, ExplainedLine, LineReport,
} from '../gameService';
import type { FormattedDeck } from '../format';
import { count, problemsLensTitle, skippedOutcome } from '../summary';
import { mahjongCompletions } from './completion';
import { formatMahjong } from './format';
import { mahjongHover } from './hover';
import { mahjongInlayHints } from './inlayHints';
import { mahjongSameKind, mahjongSymbols } from './outline';
import { mahjongGameReplay } from './replay';
import { mahjongExplainedLines, mahjongLineReport } from './report';

/** `A wins by RON`; undefined for a drawn game. */
export function winnerPhrase(outcome: MahjongOutcome): string | undefined {
  if (outcome.type === 'draw') return undefined;
  return `${PLAYERS[outcome.player]} wins by ${outcome.by === 'ron' ? 'RON' : 'SELFDRAWN'}`;
}

export function mahjongOutcome(game: MahjongGame): string {
  const events = count(game.events.length, 'event');
  const winner = winnerPhrase(game.outcome);
  return winner ? `${winner} after ${events}` : `draw: the wall ran out after ${events}`;
}

class MahjongDeck implements AnalyzedDeck {
  private model: GameReplay | undefined;

  constructor(private readonly analysis: MahjongAnalysis, private readonly text: string) {}

  get problems() {
    return this.analysis.problems;
  }

  transcript(): string | undefined {
    return MAHJONG.transcript(this.analysis);
  }

  outcome(): string {
    const { game } = this.analysis;
    return game ? mahjongOutcome(game) : skippedOutcome(this.problems);
  }

  lensTitle(): string {
    const { game } = this.analysis;
    const problems = problemsLensTitle(this.problems);
    if (problems !== undefined || !game) return problems ?? 'not simulated';
    const winner = winnerPhrase(game.outcome) ?? 'DRAW';
    return `${winner} · ${count(game.events.length, 'event')} · ${game.tilesDrawn} tiles drawn`;
  }

  hover(position: Position, options: HoverOptions): string | undefined {
    return mahjongHover(this.analysis, position, options.pictures);
  }

  completions(position: Position): DeckCompletion[] {
    return mahjongCompletions(this.analysis, position);
  }

  inlayHints(fromLine: number, toLine: number, limit = Infinity): DeckInlayHint[] {
    return mahjongInlayHints(this.analysis, fromLine, toLine).slice(0, limit);
  }

  selectionSummary(lines: ReadonlySet<number>): SelectionSummary {
    const names = this.analysis.deck.tiles.flatMap((tile) => (
      tile.kind !== undefined && lines.has(tile.token.line) ? [TILE_NAMES[tile.kind]] : []));
    return summarizeSelection(names, MAHJONG.unit);
  }

  replay(): GameReplay | undefined {
    const { game } = this.analysis;
    if (game) this.model ??= mahjongGameReplay(this.analysis, game);
    return this.model;
  }

  symbols(): DeckSymbol[] {
    return mahjongSymbols(this.analysis);
  }

  folds(): DeckFold[] {
    return foldsOf(this.symbols(), this.analysis.deck.lines);
  }

  highlights(position: Position): Range[] {
    return mahjongSameKind(this.analysis, position);
  }

  references(position: Position): Range[] {
    return mahjongSameKind(this.analysis, position);
  }

  /** A Mahjong deck names nothing: its players are A to D. */
  renameTarget(): undefined {
    return undefined;
  }

  rename(): RenameResult {
    return { error: 'A Mahjong deck has no names to rename: its players are always A, B, C and D.' };
  }

  format(): FormattedDeck {
    return formatMahjong(this.text);
  }

  judgeInput(): string | undefined {
    return MAHJONG.judgeInput(this.analysis);
  }

  lineCount(): number {
    return this.analysis.game?.events.length ?? 0;
  }

  lineReport(line: number): LineReport | undefined {
    return mahjongLineReport(this.analysis, line);
  }

  explainRecords(): Iterable<ExplainRecord> {
    const { game } = this.analysis;
    return game ? mahjongExplainRecords(game) : [];
  }

  explainedLines(): Iterable<ExplainedLine> {
    return mahjongExplainedLines(this.analysis);
  }
}

export const mahjongService: GameService = {
  game: MAHJONG,
  newDeckBounds: {},
  newDeck: (seed) => MAHJONG.newDeckText(seed, `seed ${seed}: a shuffled deck from Deck Simulator: New Shuffled Deck`),
  analyze: (text) => new MahjongDeck(MAHJONG.analyze(text), text),
};
