/** Messages between the VS Code client and the server beyond standard LSP. Types only. */

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
  language: 'mjdeck' | 'cirnodeck';
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
