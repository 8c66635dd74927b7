/**
 * @deprecated The server no longer uses this file: it registers the typed requests of
 * server/src/protocol/requests.ts (TextDocumentIdentifier params). It stays only so that the
 * client, until its move to protocol/ is merged, still compiles; delete it then.
 */

export const SIMULATE_REQUEST = 'deckSim/simulate';
export const SIMULATED_NOTIFICATION = 'deckSim/simulated';

export interface SimulateParams {
  uri: string;
}

/** What the Output channel shows for one run. */
export interface SimulationReport {
  uri: string;
  /** `sample.mjdeck: A wins by RON after 57 events`, or why the simulation was skipped. */
  header: string;
  /** The judge's transcript; absent when the deck has errors. */
  transcript?: string;
}

export const NEW_DECK_REQUEST = 'deckSim/newDeck';

/** A new deck's text from a seed; n, m and k only for Cirno decks. */
export interface NewDeckParams {
  language: string;
  seed: number;
  players?: number;
  rounds?: number;
  cards?: number;
}

export const SELECTION_SUMMARY_REQUEST = 'deckSim/selectionSummary';

export interface SelectionSummaryParams {
  uri: string;
  ranges: { start: { line: number; character: number }; end: { line: number; character: number } }[];
}

// The replay view. The data types are the builder's (server/src/features/replay.ts).
export type {
  CirnoCardView, CirnoFrame, CirnoReplay, MahjongFrame, MahjongMeldView, MahjongReplay, ReplayData, ReplayFrame,
  ReplayPicture, ReplayResponse, ReplayTarget, ReplayUnavailable,
} from '../protocol/replay';

/** `{ uri }` → ReplayResponse: the replay of the document's current text, or why there is none. */
export const REPLAY_REQUEST = 'deckSim/replay';
/** ReplayFramesParams → ReplayFramesResult | null (null when `version` is no longer the document's). */
export const REPLAY_FRAMES_REQUEST = 'deckSim/replayFrames';
/** ReplayTargetParams → ReplayTarget | null: which step the cursor at a position leads to. */
export const REPLAY_TARGET_REQUEST = 'deckSim/replayTarget';

export interface ReplayParams {
  uri: string;
}

export interface ReplayFramesParams {
  uri: string;
  version: number;
  from: number;
  count: number;
}

export interface ReplayFramesResult {
  version: number;
  from: number;
  frames: import('../protocol/replay').ReplayFrame[];
}

export interface ReplayTargetParams {
  uri: string;
  /** The version the client's replay shows; null is answered when the document moved on. */
  version: number;
  position: { line: number; character: number };
}
