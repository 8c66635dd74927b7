/** The solution judge in VS Code: desktop only (it starts processes), so only extension.ts imports it. */
import type * as vscode from 'vscode';
import { cliJudge, cliStress } from './cliJudge';
import { registerStressCommand } from './stressCommand';
import { registerTestController } from './testController';

/** `cliPath`: the bundled CLI that runs the solutions. */
export function registerJudge(context: vscode.ExtensionContext, cliPath: string): void {
  context.subscriptions.push(
    ...registerTestController(cliJudge(cliPath)),
    ...registerStressCommand(cliStress(cliPath)),
  );
}
