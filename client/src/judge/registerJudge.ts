/** The solution judge in VS Code: desktop only (it starts processes), so only node/extension.ts imports it. */
import * as vscode from 'vscode';
import { cliJudge, cliLocate, cliStress } from './cliJudge';
import { registerLocateCommand } from './locateCommand';
import { registerStressCommand } from './stressCommand';
import { registerTestController } from './testController';

/**
 * Set where solutions can run, so that package.json shows their commands only there: not in a
 * web worker extension host (vscode.dev), yet in a browser whose extensions run on a Node host
 * (code-server, Codespaces), where `isWeb` is true too.
 */
export const RUNS_SOLUTIONS_CONTEXT = 'deckSim.runsSolutions';

/** `cliPath`: the bundled CLI that runs the solutions. */
export function registerJudge(context: vscode.ExtensionContext, cliPath: string): void {
  context.subscriptions.push(
    ...registerTestController(cliJudge(cliPath)),
    ...registerStressCommand(cliStress(cliPath)),
    ...registerLocateCommand(cliLocate(cliPath)),
  );
  void vscode.commands.executeCommand('setContext', RUNS_SOLUTIONS_CONTEXT, true);
}
