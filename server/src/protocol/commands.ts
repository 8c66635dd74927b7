/**
 * The command ids of the extension, in one table: the server names `simulate` in its code
 * lens, the client registers them all, and package.json's `contributes.commands` is checked
 * against this table by a test. docs/vscode.md's table of commands is generated from it.
 */
export const COMMANDS = {
  simulate: 'deckSim.simulate',
  showOutput: 'deckSim.showOutput',
  openReplay: 'deckSim.openReplay',
  newDeck: 'deckSim.newDeck',
  restartServer: 'deckSim.restartServer',
  stressTest: 'deckSim.stressTest',
  openSample: 'deckSim.openSample',
  auditTestSet: 'deckSim.auditTestSet',
  exportProblemPackage: 'deckSim.exportProblemPackage',
  locateMistake: 'deckSim.locateMistake',
  applyRepair: 'deckSim.applyRepair',
} as const;

/** Run by the audit report's links (command URIs the webview may run); never contributed. */
export const REPORT_COMMANDS = {
  openDeck: 'deckSim.audit.openDeck',
  writeCatchingDeck: 'deckSim.audit.writeCatchingDeck',
  showMutant: 'deckSim.audit.showMutant',
  writeKillingDeck: 'deckSim.audit.writeKillingDeck',
} as const;

/** What each command does, one line for docs/vscode.md's table (`npm run generate`). */
export const COMMAND_SUMMARIES: Record<keyof typeof COMMANDS, string> = {
  simulate: 'Simulates the current deck (saved or not) into the Output channel',
  showOutput: 'Shows the Output channel',
  openReplay: 'Opens the replay beside the editor',
  newDeck: 'A new valid deck of the game you pick, from a seed (and its options: n, m, k for ⑨)',
  restartServer: 'Starts the language server again',
  stressTest: 'Desktop, trusted workspace: finds and shrinks a failing deck',
  openSample: 'Opens official case 01 as an untitled deck (the walkthrough\'s first step)',
  auditTestSet: 'On a folder: the rules its decks exercise and the likely mistakes they catch, with a button '
    + 'that writes the deck catching one let through; the mistakes also in the Testing view',
  exportProblemPackage: 'On a folder: its decks as a Kattis / ICPC problem package (as `deck-sim package`)',
  locateMistake: 'Desktop, trusted workspace, on a failed test or a deck: the lines of `deckSim.solution.source` '
    + 'most likely wrong, as a heat map, and a one-token repair to apply (as `deck-sim locate --repair`)',
  applyRepair: 'In the diff of a repair Locate the Mistake found (its title bar): makes the change in the source, '
    + 'an edit Undo takes back',
};

/** Registered for the integration suite, which reads state VS Code cannot; never contributed. */
export const TEST_COMMANDS = {
  selectionStatus: 'deckSim.selectionStatus',
  replayState: 'deckSim.replayState',
  judgeState: 'deckSim.judgeState',
  locateState: 'deckSim.locateState',
  auditState: 'deckSim.auditState',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];
