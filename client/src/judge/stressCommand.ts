/**
 * "Deck Simulator: Stress Test Solution": generated decks until the solution fails one, under a
 * cancellable progress notification; the shrunk counterexample opens as a new untitled deck,
 * and the judgement of it (the first differing line, the state before it, why) goes to an
 * Output channel.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { COMMANDS } from '../../../server/src/protocol/commands';
import { MANIFEST_GAMES, type ManifestGame } from '../manifestGames';
import { errorText } from '../errorText';
import type { RunStress, StressResult } from './judgeApi';
import { solutionCommand, solutionLimits } from './solutionSettings';

export function registerStressCommand(runStress: RunStress): vscode.Disposable[] {
  // The counterexample's judgement, explanation included, is too long for a notification.
  const output = vscode.window.createOutputChannel('Deck Simulator: Stress Test');
  // A game id and a seed may be passed (tests, keybindings); otherwise the user picks the game.
  const command = vscode.commands.registerCommand(COMMANDS.stressTest, async (gameArg?: string, seedArg?: number) => {
    const solution = solutionCommand();
    const game = solution && (gameArg ? MANIFEST_GAMES.find((g) => g.game === gameArg) : await pickGame());
    if (!solution || !game) return undefined;
    const seed = seedArg ?? Math.floor(Math.random() * 1e9);
    // A private folder (mode 0700, a new name): a predictable name in the shared temporary folder
    // could be taken by another user first, as a folder, a FIFO or a file they can read.
    const folder = await mkdtemp(join(tmpdir(), 'deck-sim-stress-'));
    let result: StressResult | undefined;
    let content: string | undefined;
    try {
      const out = join(folder, `counterexample${game.extension}`);
      result = await withProgress(game, seed, (onProgress, signal) => runStress({
        command: solution, game: game.game, seed, limits: solutionLimits(), out, onProgress, signal,
      }));
      // The CLI writes a failing deck as soon as it finds one: a cancelled run may have left it too.
      content = result?.failed ? await readFile(out, 'utf8').catch(() => undefined) : undefined;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    if (!result) return undefined;
    output.replace(result.report + '\n');
    if (!result.failed) {
      void vscode.window.showInformationMessage(`Deck Simulator: ${result.summary || 'every deck passed.'}`);
      return undefined;
    }
    output.show(true);
    if (content === undefined) {
      void vscode.window.showWarningMessage(`Deck Simulator: ${result.summary} (no counterexample was written)`);
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument({ language: game.languageId, content });
    await vscode.window.showTextDocument(document);
    void vscode.window.showWarningMessage(`Deck Simulator: ${result.summary}`);
    return document;
  });
  return [output, command];
}

/** The game of the active deck first. */
function pickGame(): Thenable<ManifestGame | undefined> {
  const active = vscode.window.activeTextEditor?.document.languageId;
  const games = [
    ...MANIFEST_GAMES.filter((g) => g.languageId === active), ...MANIFEST_GAMES.filter((g) => g.languageId !== active),
  ];
  return vscode.window.showQuickPick(
    games,
    { placeHolder: 'Which problem does the solution solve?' },
  );
}

/** Runs the stress test under a cancellable notification; undefined when cancelled or failed (the user is told). */
async function withProgress(
  game: ManifestGame, seed: number,
  run: (onProgress: (line: string) => void, signal: AbortSignal) => Promise<StressResult>,
): Promise<StressResult | undefined> {
  return vscode.window.withProgress({
    location: vscode.ProgressLocation.Notification,
    title: `Deck Simulator: stress test (${game.label}, seed ${seed})`,
    cancellable: true,
  }, async (progress, token) => {
    const abort = new AbortController();
    const cancelled = token.onCancellationRequested(() => abort.abort());
    try {
      return await run((line) => progress.report({ message: line }), abort.signal);
    } catch (error) {
      if (!token.isCancellationRequested) void vscode.window.showErrorMessage(`Deck Simulator: ${errorText(error)}`);
      return undefined;
    } finally {
      cancelled.dispose();
    }
  });
}
