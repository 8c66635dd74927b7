/**
 * What an editor shows for a deck, behind one interface for every game: the language server
 * calls these and never asks which game a deck is of. Each game's features folder implements
 * it, and serviceRegistry.ts gives each registered game its service.
 */
import type { Position, Problem, Range, TextEdit } from '../core/problem';
import type { DeckGame } from '../core/deckGame';
import type { FormattedDeck } from './format';
import { SETTINGS } from '../protocol/settings';
import type { NewDeckGame, NewDeckOption, SelectionSummary } from '../protocol/requests';
import type { ReplayData, ReplayFrame, ReplayTarget } from '../protocol/replay';

export interface DeckCompletion {
  label: string;
  /** `2 left`, `adds 9 to p`. */
  detail: string;
  documentation: string;
  /** The word under the cursor that choosing this replaces. */
  range: Range;
  /** The order to show, as a sortable string. */
  sortText: string;
}

export interface DeckInlayHint {
  position: Position;
  label: string;
  tooltip: string;
}

/** How Format Document lays a deck out (`deckSim.format.*`). */
export interface FormatOptions {
  /** Cards per line of a ⑨ pile. */
  pileCardsPerLine: number;
}

export const DEFAULT_FORMAT: FormatOptions = { pileCardsPerLine: SETTINGS['format.pileCardsPerLine'].default };

export interface HoverOptions {
  /** Tiles and cards as pictures (a client that draws them, with `deckSim.hover.pictures` on). */
  pictures: boolean;
}

/** What a replay carries beyond text. */
export interface ReplayOptions {
  /** Each tile's or card's picture as a `data:` URI, for a client that draws them. */
  pictures: boolean;
}

/** An entry of the outline (and breadcrumbs): a section, a player, a turn, a tile or a card. */
export interface DeckSymbol {
  name: string;
  detail?: string;
  kind: 'section' | 'header' | 'player' | 'round' | 'turn' | 'tile';
  /** All the symbol spans, children included. */
  range: Range;
  /** What to select when it is picked: within `range`. */
  selectionRange: Range;
  children?: DeckSymbol[];
}

/** The edits of a rename, or why it is refused. */
export type RenameResult = { edits: TextEdit[] } | { error: string };

/** A range of lines an editor may fold, both included. */
export interface DeckFold {
  startLine: number;
  endLine: number;
  /** A run of comment lines rather than a section. */
  comment?: boolean;
}

/** A game's replay of one analysed deck; frames are built on demand. */
export interface GameReplay {
  readonly stepCount: number;
  /** Frames per page: the most one `deckSim/replayFrames` answer holds. */
  readonly pageSize: number;
  data(common: { uri: string; version: number; title: string }, options: ReplayOptions): ReplayData;
  /** Frames `from` to `to - 1`, both within the game. */
  frames(from: number, to: number): ReplayFrame[];
  target(position: Position): ReplayTarget | null;
}

/** One line of `deck-sim explain --json`: core's explain record of a transcript line (more fields per game). */
export interface ExplainRecord {
  /** 1-based transcript line. */
  line: number;
  /** The transcript line. */
  text: string;
}

/** A transcript line with why it is what it is, as plain text (empty when the line decides nothing). */
export interface ExplainedLine {
  line: number;
  text: string;
  /** The deck line (1-based) and token of the tile or card the line moves, if it moves one. */
  deckLine?: { line: number; token: string };
  why: string[];
}

/** What a report on one transcript line shows (a judge's WA, `deck-sim explain --line`). */
export interface LineReport extends ExplainedLine {
  /** The game state just before the line, a few short text lines. */
  state: string[];
  /** core's explain record of the line. */
  record: ExplainRecord;
}

/** Everything shown for one deck text; built once per document version. */
export interface AnalyzedDeck {
  readonly problems: readonly Problem[];
  /** The judge's transcript; undefined when the deck has errors. */
  transcript(): string | undefined;
  /** The outcome in one line, or why the deck was not played: the Output channel's header. */
  outcome(): string;
  /** The title of the code lens above the first line. */
  lensTitle(): string;
  /** Markdown, with every piece of deck text escaped; undefined where there is nothing to say. */
  hover(position: Position, options: HoverOptions): string | undefined;
  completions(position: Position): DeckCompletion[];
  /** Hints on lines `fromLine` to `toLine`, both included, in document order: the first `limit` of them. */
  inlayHints(fromLine: number, toLine: number, limit?: number): DeckInlayHint[];
  /** Tiles or cards on the given lines (0-based), per kind. */
  selectionSummary(lines: ReadonlySet<number>): SelectionSummary;
  /** Undefined when the deck has errors. */
  replay(): GameReplay | undefined;
  /** The outline: of a deck with errors, from what parses. */
  symbols(): DeckSymbol[];
  /** The sections of the outline, and runs of comment lines. */
  folds(): DeckFold[];
  /** What belongs with the item at `position`: the copies of a tile, a player's name, a player's draws in a round. */
  highlights(position: Position): Range[];
  /** Where the item at `position` appears: every copy of a tile, every occurrence of a name. */
  references(position: Position): Range[];
  /** The name at `position` that can be renamed; undefined where there is none. */
  renameTarget(position: Position): { range: Range; placeholder: string } | undefined;
  rename(position: Position, newName: string): RenameResult;
  /** The canonical form (Format Document), as a text and as blocks of lines (Format Selection). */
  format(options?: FormatOptions): FormattedDeck;
  /** The judge's input, exactly as a solution reads it; undefined when the deck has errors. */
  judgeInput(): string | undefined;
  /** Lines of the transcript; 0 when the deck has errors. */
  lineCount(): number;
  /** The report on transcript line `line` (1-based); undefined when the deck has errors or has no such line. */
  lineReport(line: number): LineReport | undefined;
  /** core's explain records, one per transcript line in order, made as they are read; none when the deck has errors. */
  explainRecords(): Iterable<ExplainRecord>;
  /** Every transcript line with its why, in order, made as they are read; none when the deck has errors. */
  explainedLines(): Iterable<ExplainedLine>;
}

/** The options of a new deck beyond its seed, each with its prompt and bounds (both included). */
export type NewDeckBounds = NewDeckGame['options'];

export interface GameService {
  readonly game: DeckGame;
  /** What `newDeck` takes besides the seed; options not listed are ignored. */
  readonly newDeckBounds: NewDeckBounds;
  /** A new deck's text, the same for the same seed and options (already within bounds). */
  newDeck(seed: number, options: Partial<Record<NewDeckOption, number>>): string;
  analyze(text: string): AnalyzedDeck;
}
