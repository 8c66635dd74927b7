/**
 * A folder's decks of one game, read with vscode.workspace.fs (so a virtual or remote folder
 * works as a local one): the game's deck files and the judge inputs (`.in`) that
 * `audit --augment` and the report's button write, named by their file names.
 */
import * as vscode from 'vscode';
import { MANIFEST_GAMES, type ManifestGame } from '../manifestGames';

export interface FolderDecks {
  folder: vscode.Uri;
  game: ManifestGame;
  /** Sorted by name. */
  decks: { name: string; text: string }[];
}

const JUDGE_INPUT = '.in';

/** The folder a command was given (the explorer's), or one the user picks. */
export async function folderForCommand(arg: unknown, openLabel: string): Promise<vscode.Uri | undefined> {
  if (arg instanceof vscode.Uri) return arg;
  const picked = await vscode.window.showOpenDialog({
    canSelectFolders: true, canSelectFiles: false, canSelectMany: false, openLabel,
    defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri,
  });
  return picked?.[0];
}

/** The decks of the folder's game (asked when it holds both); undefined, with a word, when none. */
export async function readFolderDecks(folder: vscode.Uri, action: string): Promise<FolderDecks | undefined> {
  const entries = await vscode.workspace.fs.readDirectory(folder);
  const files = entries.filter(([, type]) => type === vscode.FileType.File).map(([name]) => name).sort();
  const games = MANIFEST_GAMES.filter((g) => files.some((name) => name.toLowerCase().endsWith(g.extension)));
  let game = games[0];
  if (games.length > 1) {
    const pick = await vscode.window.showQuickPick(games.map((g) => ({ label: g.label, game: g })), {
      placeHolder: `The folder holds decks of two games: which to ${action}?`,
    });
    if (!pick) return undefined;
    game = pick.game;
  }
  if (!game) {
    const endings = MANIFEST_GAMES.map((g) => g.extension).join(' or ');
    void vscode.window.showWarningMessage(`Deck Simulator: ${folder.path} holds no ${endings} deck to ${action}.`);
    return undefined;
  }
  const names = files.filter((name) => {
    const lower = name.toLowerCase();
    return lower.endsWith(game.extension) || lower.endsWith(JUDGE_INPUT);
  });
  const decoder = new TextDecoder();
  const decks = await Promise.all(names.map(async (name) => ({
    name, text: decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name))),
  })));
  return { folder, game, decks };
}

/** Whether a file exists. */
export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** Writes UTF-8 text. */
export function writeText(uri: vscode.Uri, text: string): Thenable<void> {
  return vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
}
