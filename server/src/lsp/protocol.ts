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
