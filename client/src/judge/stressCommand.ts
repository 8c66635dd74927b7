/**
 * "Deck Simulator: Stress Test Solution": generated decks until the solution fails one, under a
 * cancellable progress notification; the shrunk counterexample opens as a new untitled deck.
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../server/src/protocol/commands';
import { errorText } from '../errorText';
import type { RunStress, StressOptions, StressResult } from './judgeApi';
import { solutionCommand, timeLimitMs } from './solutionSettings';

const GAMES = [
  { label: 'Mahjong', game: 'mahjong', languageId: 'mjdeck' },
  { label: 'Cirno', game: 'cirno', languageId: 'cirnodeck' },
] as const;

type StressGame = StressOptions['game'];

export function registerStressCommand(runStress: RunStress): vscode.Disposable {
  // A game and a seed may be passed (tests, keybindings); otherwise the user picks the game.
  return vscode.commands.registerCommand(COMMANDS.stressTest, async (gameArg?: StressGame, seedArg?: number) => {
    const command = solutionCommand();
    if (!command) return undefined;
    const active = vscode.window.activeTextEditor?.document.languageId;
    const choice = gameArg
      ? GAMES.find((g) => g.game === gameArg)
      : await vscode.window.showQuickPick(
        [...GAMES.filter((g) => g.languageId === active), ...GAMES.filter((g) => g.languageId !== active)],
        { placeHolder: 'Which problem does the solution solve?' },
      );
    if (!choice) return undefined;
    const seed = seedArg ?? Math.floor(Math.random() * 1e9);
    const out = join(tmpdir(), `deck-sim-counterexample-${process.pid}-${seed}.${choice.languageId}`);
    let result: StressResult | undefined;
    await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification,
      title: `Deck Simulator: stress test (${choice.label}, seed ${seed})`,
      cancellable: true,
    }, async (progress, token) => {
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      try {
        result = await runStress({
          command, game: choice.game, seed, timeLimitMs: timeLimitMs(), out,
          onProgress: (line) => progress.report({ message: line }), signal: abort.signal,
        });
      } catch (error) {
        if (!token.isCancellationRequested) {
          void vscode.window.showErrorMessage(`Deck Simulator: ${errorText(error)}`);
        }
      } finally {
        cancelled.dispose();
      }
    });
    if (!result) return undefined;
    if (!result.failed) {
      void vscode.window.showInformationMessage(`Deck Simulator: ${result.report || 'every deck passed.'}`);
      return undefined;
    }
    const content = await readFile(out, 'utf8');
    await rm(out, { force: true });
    const document = await vscode.workspace.openTextDocument({ language: choice.languageId, content });
    await vscode.window.showTextDocument(document);
    void vscode.window.showWarningMessage(`Deck Simulator: ${result.report}`);
    return document;
  });
}
