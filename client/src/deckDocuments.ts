/** Which documents are decks, and the deck a command acts on. */
import * as vscode from 'vscode';
import { DECK_LANGUAGES } from './manifestGames';

export { DECK_LANGUAGES } from './manifestGames';

export function isDeck(document: vscode.TextDocument): boolean {
  return DECK_LANGUAGES.includes(document.languageId);
}

/**
 * The deck a command was given (a URI, or its string form from a code lens) or else the active
 * editor's, or, when no text editor is active (the focus is in a walkthrough or the replay), the
 * deck in view; undefined, with a word to the user, when that is not a deck.
 */
export async function deckForCommand(
  arg: vscode.Uri | string | undefined, action: string,
): Promise<vscode.TextDocument | undefined> {
  const shown = vscode.window.activeTextEditor?.document
    ?? vscode.window.visibleTextEditors.find((editor) => isDeck(editor.document))?.document;
  const target = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg ?? shown?.uri;
  const document = target && await vscode.workspace.openTextDocument(target);
  if (!document || !isDeck(document)) {
    void vscode.window.showWarningMessage(`Deck Simulator: open a .mjdeck or .cirnodeck file to ${action} it.`);
    return undefined;
  }
  return document;
}
