/** The solution judge's settings, and the rule that a program runs only where the user allowed it. */
import * as vscode from 'vscode';
import { SETTINGS_SECTION } from '../../../server/src/protocol/settings';
import { MANIFEST_GAMES } from '../manifestGames';
import { clientSetting } from '../settings';
import type { SolutionLimits } from './judgeApi';

const OPEN_SETTINGS = 'Open Settings';

/**
 * The solution command from the user's or the workspace's settings (never a default, never a
 * deck), or undefined, after telling the user why: the workspace is not trusted, or no command is set.
 */
export function solutionCommand(scope?: vscode.ConfigurationScope): string | undefined {
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage(
      'Deck Simulator runs a solution only in a trusted workspace (Workspaces: Manage Workspace Trust).',
    );
    return undefined;
  }
  const set = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).inspect<string>('solution.command');
  const command = (set?.workspaceFolderValue ?? set?.workspaceValue ?? set?.globalValue ?? '').trim();
  if (command !== '') return command;
  void vscode.window.showWarningMessage(
    'Set deckSim.solution.command to the command that runs your solution, e.g. `python3 sol.py`.', OPEN_SETTINGS,
  ).then((choice) => {
    if (choice === OPEN_SETTINGS) {
      void vscode.commands.executeCommand('workbench.action.openSettings', `${SETTINGS_SECTION}.solution.command`);
    }
  });
  return undefined;
}

export function solutionLimits(scope?: vscode.ConfigurationScope): SolutionLimits {
  return {
    timeLimitMs: Math.max(1, clientSetting('solution.timeLimitMs', scope)),
    memoryLimitMb: Math.max(1, clientSetting('solution.memoryLimitMb', scope)),
  };
}

/** Every deck, and the judge files the settings name. */
export function testFileGlobs(): string[] {
  return [...MANIFEST_GAMES.map((game) => `**/*${game.extension}`), ...clientSetting('solution.testFiles')];
}
