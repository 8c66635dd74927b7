/**
 * A folder's decks of one game, read with vscode.workspace.fs (so a virtual or remote folder
 * works as a local one): the game's deck files and the judge inputs (`.in`) that
 * `audit --augment` and the report's button write, named by their file names. A file's game is
 * the server's word (`deckSim/deckGames`): by its ending, else, for a `.in`, the one game that
 * recognises its first word, as the CLI and the language server read it.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { DeckGamesRequest, FILE_HEAD_CHARS } from '../../../server/src/protocol/requests';
import { errorText } from '../errorText';
import { MANIFEST_GAMES, type ManifestGame } from '../manifestGames';
import { sendRequest } from '../requests';
import { unknownGameMessage } from './folderMessages';

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

/**
 * The decks of the folder's game (asked when it holds two); undefined, with one message, when it
 * holds none, or a `.in` whose game neither its ending nor its first word tells.
 */
export async function readFolderDecks(
  client: BaseLanguageClient, folder: vscode.Uri, action: string,
): Promise<FolderDecks | undefined> {
  const entries = await vscode.workspace.fs.readDirectory(folder);
  const endings = [...MANIFEST_GAMES.map((g) => g.extension), JUDGE_INPUT];
  const names = entries.filter(([, type]) => type === vscode.FileType.File).map(([name]) => name)
    .filter((name) => endings.some((ending) => name.toLowerCase().endsWith(ending))).sort();
  const decoder = new TextDecoder();
  const files = await Promise.all(names.map(async (name) => ({
    name, text: decoder.decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name))),
  })));
  let ids: (string | null)[];
  try {
    ids = (await sendRequest(client, DeckGamesRequest, {
      files: files.map((file) => ({ name: file.name, head: file.text.slice(0, FILE_HEAD_CHARS) })),
    })).games;
  } catch (error) {
    void vscode.window.showErrorMessage(`Deck Simulator: cannot read the decks of ${folder.path}: ${errorText(error)}`);
    return undefined;
  }
  const gameOf = files.map((_, i) => MANIFEST_GAMES.find((g) => g.game === ids[i]));
  const unknown = files.filter((_, i) => gameOf[i] === undefined).map((file) => file.name);
  if (unknown.length > 0) {
    const where = vscode.workspace.asRelativePath(folder, true);
    const gameEndings = MANIFEST_GAMES.map((g) => g.extension);
    void vscode.window.showErrorMessage(unknownGameMessage(where, unknown, action, gameEndings));
    return undefined;
  }
  const games = MANIFEST_GAMES.filter((g) => gameOf.includes(g));
  let game = games[0];
  if (games.length > 1) {
    const pick = await vscode.window.showQuickPick(games.map((g) => ({ label: g.label, game: g })), {
      placeHolder: `The folder holds decks of two games: which to ${action}?`,
    });
    if (!pick) return undefined;
    game = pick.game;
  }
  if (!game) {
    const kinds = [...MANIFEST_GAMES.map((g) => g.extension), `${JUDGE_INPUT} judge input`].join(', ');
    void vscode.window.showWarningMessage(`Deck Simulator: ${folder.path} holds no deck (${kinds}) to ${action}.`);
    return undefined;
  }
  return { folder, game, decks: files.filter((_, i) => gameOf[i] === game) };
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
