/**
 * Every message between a client and the server beyond standard LSP, typed once: the server
 * registers handlers with these objects and clients send them, so a method name, its params
 * and its result cannot drift apart. Params that name a document use TextDocumentIdentifier.
 */
import type { Position, Range, TextDocumentIdentifier } from 'vscode-languageserver-protocol';
import type { ReplayFrame, ReplayResponse, ReplayTarget } from './replay';

// Plain data, no LSP library: the client and the server each send these with their own library
// (different versions), and a second copy of one would cost the server's start-up some 5 ms.

/** A request: its method, typed with its params and its result. */
export interface RequestType<P, R> {
  readonly method: string;
  /** Types only: never set. */
  readonly types?: { params: P; result: R };
}

/** A notification: its method, typed with its params. */
export interface NotificationType<P> {
  readonly method: string;
  /** Types only: never set. */
  readonly types?: { params: P };
}

const request = <P, R>(method: string): RequestType<P, R> => ({ method });
const notification = <P>(method: string): NotificationType<P> => ({ method });

// ---------------------------------------------------------------------------------------
// Simulation

export interface SimulateParams {
  textDocument: TextDocumentIdentifier;
}

/** What the Output channel shows for one run. */
export interface SimulationReport {
  uri: string;
  /** `sample.mjdeck: A wins by RON after 57 events`, or why the simulation was skipped. */
  header: string;
  /** The judge's transcript; absent when the deck has errors. */
  transcript?: string;
}

/** The current text's simulation; null for a document that is not an open deck. */
export const SimulateRequest = request<SimulateParams, SimulationReport | null>('deckSim/simulate');

/** Sent after a deck is saved, when `deckSim.simulateOnSave` is on. */
export const SimulatedNotification = notification<SimulationReport>('deckSim/simulated');

// ---------------------------------------------------------------------------------------
// New decks and selection figures

/** The options of a new deck beyond its seed. */
export type NewDeckOption = 'players' | 'rounds' | 'cards';

/** One option a game's new decks take, with what to ask and its bounds (both included). */
export interface NewDeckOptionBounds {
  /** What the user is asked: `Players (n)`. */
  prompt: string;
  min: number;
  max: number;
  default: number;
}

/** A game the New Deck command offers, with the options its decks take (those not listed are ignored). */
export interface NewDeckGame {
  /** The game id `deckSim/newDeck` takes. */
  game: string;
  /** How people call the game: `⑨ (Cirno)`. */
  name: string;
  languageId: string;
  options: Partial<Record<NewDeckOption, NewDeckOptionBounds>>;
}

/** Every registered game with its new-deck options: what the client's one New Deck command asks. */
export const NewDeckGamesRequest = request<null, NewDeckGame[]>('deckSim/newDeckGames');

/** A new deck's text from a seed, with the options its game takes. `game` is a game id. */
export interface NewDeckParams {
  game: string;
  seed: number;
  players?: number;
  rounds?: number;
  cards?: number;
}

export interface NewDeckResult {
  /** The language id to open the text as. */
  languageId: string;
  text: string;
}

export const NewDeckRequest = request<NewDeckParams, NewDeckResult>('deckSim/newDeck');

export interface SelectionSummaryParams {
  textDocument: TextDocumentIdentifier;
  ranges: Range[];
}

export interface SelectionSummary {
  /** `12 tiles · 5P×2 E×1 …`; empty when nothing countable is selected. */
  text: string;
  /** One line per kind, for the tooltip. */
  tooltip: string;
}

export const SelectionSummaryRequest = request<SelectionSummaryParams, SelectionSummary | null>(
  'deckSim/selectionSummary',
);

// ---------------------------------------------------------------------------------------
// The replay view

export interface ReplayParams {
  textDocument: TextDocumentIdentifier;
}

/** The replay of the document's current text, or why there is none; null for a non-deck. */
export const ReplayRequest = request<ReplayParams, ReplayResponse | null>('deckSim/replay');

export interface ReplayFramesParams {
  textDocument: TextDocumentIdentifier;
  /** The version the client's replay shows; null is answered when the document moved on. */
  version: number;
  from: number;
  count: number;
}

export interface ReplayFramesResult {
  version: number;
  from: number;
  frames: ReplayFrame[];
}

export const ReplayFramesRequest = request<ReplayFramesParams, ReplayFramesResult | null>(
  'deckSim/replayFrames',
);

export interface ReplayTargetParams {
  textDocument: TextDocumentIdentifier;
  /** The version the client's replay shows; null is answered when the document moved on. */
  version: number;
  position: Position;
}

/** Which step the cursor at a position leads to. */
export const ReplayTargetRequest = request<ReplayTargetParams, ReplayTarget | null>(
  'deckSim/replayTarget',
);

// ---------------------------------------------------------------------------------------
// Test sets: the audit and the problem package

/** A deck of a folder, sent as text: `name` is how reports name it (its path in the folder). */
export interface DeckText {
  name: string;
  text: string;
}

/** A set of decks of one game (a game id); `workDoneToken` to hear its progress. */
export interface AuditParams {
  game: string;
  decks: DeckText[];
  workDoneToken?: string | number;
}

export interface AuditRule {
  id: string;
  description: string;
  hits: number;
}

export interface AuditMistake {
  id: string;
  description: string;
  /** The decks that catch it, in the order sent; empty when the set lets it through. */
  killedBy: string[];
  /** The first of them and the transcript line (1-based) where the mistake first shows. */
  first?: { deck: string; line: number; expected: string; mistaken: string };
}

export interface AuditDeckProblem {
  line: number;
  message: string;
}

export interface AuditResult {
  game: string;
  /** Unexercised rule branches first, then the rest, each in the catalogue's order. */
  rules: AuditRule[];
  /** In the catalogue's order. */
  mistakes: AuditMistake[];
  /** Decks with errors, which measure nothing: their first problems. */
  invalid: { deck: string; problems: AuditDeckProblem[] }[];
  /** `rules 30/41 exercised · mistakes 16/19 caught`, as `deck-sim audit` prints it. */
  summary: string;
}

/** The audit of a set: cancellable, with progress when a token is given. */
export const AuditRequest = request<AuditParams, AuditResult>('deckSim/audit');

export interface CatchingDeckParams extends AuditParams {
  /** A mistake of the game's catalogue that the set lets through. */
  mistake: string;
  /** The search's seed: the same seed, the same deck (default 1). */
  seed?: number;
}

/** A deck to add, as `deck-sim audit --augment` writes it: NAME.in, NAME.ans and NAME.desc. */
export interface CatchingDeck {
  name: string;
  input: string;
  answer: string;
  description: string;
}

export interface CatchingDeckResult {
  /** Absent when no deck tried catches it (maybe no deck can), or the set already does. */
  deck?: CatchingDeck;
  /** Decks tried. */
  tried: number;
}

/** The deck that catches one mistake the set lets through: cancellable, with progress. */
export const CatchingDeckRequest = request<CatchingDeckParams, CatchingDeckResult>('deckSim/catchingDeck');

export interface PackageDeckText extends DeckText {
  /** Written as NAME.desc (what `audit --augment` wrote beside the deck). */
  description?: string;
}

export interface ProblemPackageParams {
  game: string;
  /** The problem's name in problem.yaml. */
  name: string;
  /** The extension's version, which problem.yaml's first line names (`# Written by deck-sim 0.3.0`). */
  version: string;
  /** problem.yaml's `limits: memory`, in MB (default: the `solution.memoryLimitMb` setting's default). */
  memoryLimitMb?: number;
  samples: PackageDeckText[];
  secret: PackageDeckText[];
}

/**
 * The package's files (paths relative to its folder) but the input validator: its file at
 * `validator.path` is the validator bundle (dist/validator.js) followed by `validator.after`.
 * Or the decks refused, with their problems.
 */
export type ProblemPackageResult =
  | { files: { path: string; text: string }[]; validator: { path: string; after: string } }
  | { refused: { name: string; badName?: boolean; duplicate?: boolean; problems: AuditDeckProblem[] }[] };

export const ProblemPackageRequest = request<ProblemPackageParams, ProblemPackageResult>('deckSim/problemPackage');

/** Characters of a file's head: what `deck-sim` reads to find a file's first word (64 KiB). */
export const FILE_HEAD_CHARS = 64 * 1024;

/** A file of a folder: its name, and the first FILE_HEAD_CHARS characters of its text at most. */
export interface FileHead {
  name: string;
  head: string;
}

export interface DeckGamesParams {
  files: FileHead[];
}

export interface DeckGamesResult {
  /**
   * Each file's game id, in the order sent: by its name's ending, else (a judge's `.in`) the one
   * game that recognises its first word, as the CLI and the documents are read; null when none does.
   */
  games: (string | null)[];
}

/** The games of a folder's files, so the client reads a `.in` as the server would. */
export const DeckGamesRequest = request<DeckGamesParams, DeckGamesResult>('deckSim/deckGames');
