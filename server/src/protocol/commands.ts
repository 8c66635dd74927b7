/**
 * The command ids of the extension, in one table: the server names `simulate` in its code
 * lens, the client registers them all, and package.json's `contributes.commands` is checked
 * against this table by a test.
 */
export const COMMANDS = {
  simulate: 'deckSim.simulate',
  showOutput: 'deckSim.showOutput',
  openReplay: 'deckSim.openReplay',
  newMahjongDeck: 'deckSim.newMahjongDeck',
  newCirnoDeck: 'deckSim.newCirnoDeck',
  restartServer: 'deckSim.restartServer',
  stressTest: 'deckSim.stressTest',
  openSample: 'deckSim.openSample',
  auditTestSet: 'deckSim.auditTestSet',
  exportProblemPackage: 'deckSim.exportProblemPackage',
} as const;

/** Run by the audit report's links (command URIs the webview may run); never contributed. */
export const REPORT_COMMANDS = {
  openDeck: 'deckSim.audit.openDeck',
  writeCatchingDeck: 'deckSim.audit.writeCatchingDeck',
} as const;

/** Registered for the integration suite, which reads state VS Code cannot; never contributed. */
export const TEST_COMMANDS = {
  selectionStatus: 'deckSim.selectionStatus',
  replayState: 'deckSim.replayState',
  judgeState: 'deckSim.judgeState',
  auditState: 'deckSim.auditState',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
