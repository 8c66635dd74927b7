/**
 * The replay's data, as the server sends it and the client and the webview draw it. Plain
 * JSON: no class, no function, nothing of either side's runtime.
 */

/** A picture of a tile or card, as a `data:` URI, with words for screen readers. */
export interface ReplayPicture {
  uri: string;
  label: string;
}

/** Where the cursor on a deck line (or card) leads the replay. */
export interface ReplayTarget {
  /** The step to show; absent when the tile or card never comes into play. */
  step?: number;
  /** The tile's deck position (Mahjong) or the card's id (⑨) to highlight in that step. */
  focus?: number;
  /** Said when there is no step, or something worth knowing. */
  note?: string;
}

export interface MahjongMeldView {
  type: 'pong' | 'chow';
  /** Deck positions, ordered by kind. */
  tiles: number[];
  /** The tile taken from `from`'s discards. */
  claimed: number;
  from: number;
}

/** The Mahjong table after one event. Tiles are deck positions: `tiles[position]` names them. */
/**
 * Why a frame's event happened, the same for both games: the options the player had, the one
 * the rules took, and the checks around it. The webview draws it as the step's "Why" section.
 */
export interface ReplayWhy {
  /** One sentence, e.g. `Discarded by C: every choice leaves distance 4 or 5; … Z comes first …`. */
  summary: string;
  /** The options, one row each, in the order the rules consider them; absent when there was no choice. */
  table?: ReplayWhyTable;
  /** Further facts: intercepted players, declined claims, a skipped turn. */
  notes: string[];
}

export interface ReplayWhyTable {
  /** Column headings, e.g. `['Discard', 'Distance after']`. */
  columns: string[];
  rows: { cells: string[]; chosen?: boolean }[];
  /** The column whose cells name a tile or card of the replay's `pictures`: drawn as that picture. */
  pictureColumn?: number;
}

export interface MahjongFrame {
  /** The event's transcript line, exactly as the judge prints it. */
  caption: string;
  /** Why the event happened, for events that are decisions. */
  why?: ReplayWhy;
  /** The player the event concerns. */
  actor?: number;
  /** Per player, sorted by kind; a tile just drawn is last (and is `fresh`). */
  hands: number[][];
  fresh?: number;
  melds: MahjongMeldView[][];
  /** Unclaimed discards per player, oldest first. */
  discards: number[][];
  /** Tiles left in the wall. */
  wall: number;
  /** 1: A→B→C→D, -1: the reverse. */
  direction: 1 | -1;
  /** The tiles this event moves or names. */
  moved: number[];
  /** Set from the winning event on. */
  winner?: number;
}

/** A card in a ⑨ hand: its name and its id (3 × player + slot for starting cards, 3n + i for pile card i). */
export interface CirnoCardView {
  card: string;
  id: number;
}

/** The ⑨ table after one event. */
export interface CirnoFrame {
  /** The transcript line of a round start, play or loss; a description for a draw. */
  caption: string;
  /** Why the card was played (or the round lost), for plays and losses. */
  why?: ReplayWhy;
  round: number;
  actor?: number;
  p: number;
  /** 1: seat order, -1: reversed by TURN. */
  direction: 1 | -1;
  /** Who plays next, while a round goes on. */
  toMove?: number;
  /** The player carrying the doubled mark (always `toMove`), if any. */
  doubled?: number;
  /** Per player, the cards held (fewer than three between a play and its draw). */
  hands: CirnoCardView[][];
  /** The card played by this event. */
  played?: { player: number; card: string; id: number; doubled: boolean };
  /** The card drawn by this event. */
  drawn?: number;
  /** The loser of this event and the hand she dropped. */
  loser?: number;
  dropped?: CirnoCardView[];
  /** Rounds lost so far, per player. */
  losses: number[];
  /** Cards left in the draw pile. */
  pileLeft: number;
}

interface ReplayCommon {
  uri: string;
  version: number;
  /** `sample.mjdeck: A wins by RON after 87 events`. */
  title: string;
  players: string[];
  stepCount: number;
  /** Frames per page: `frames` holds page 0 (steps 0 to pageSize - 1); `deckSim/replayFrames` gives the others. */
  pageSize: number;
  /** By tile or card name. */
  pictures: Record<string, ReplayPicture>;
  /**
   * Where the cursor on each document line leads (null: nowhere), so the client follows the
   * cursor without a round trip; absent when a line can hold several cards (⑨ decks): ask
   * `deckSim/replayTarget` instead.
   */
  lineTargets?: (ReplayTarget | null)[];
}

export interface MahjongReplay extends ReplayCommon {
  kind: 'mahjong';
  /** Tile name per deck position, top first. */
  tiles: string[];
  frames: MahjongFrame[];
}

export interface CirnoReplay extends ReplayCommon {
  kind: 'cirno';
  /** m: rounds the deck asks for. */
  rounds: number;
  /** k: cards in the draw pile. */
  pileSize: number;
  frames: CirnoFrame[];
}

export type ReplayData = MahjongReplay | CirnoReplay;
export type ReplayFrame = MahjongFrame | CirnoFrame;

/** No replay for this text: it has errors. */
export interface ReplayUnavailable {
  kind: 'unavailable';
  uri: string;
  version: number;
  /** `2 errors, the first at line 3: Unknown tile '5Q'. …` */
  reason: string;
}

export type ReplayResponse = ReplayData | ReplayUnavailable;
