/**
 * "Open Sample Deck": the extension's examples/sample.mjdeck (official case 01) as an untitled
 * deck, so a user can try everything without touching the installed extension's files. The
 * Getting Started walkthrough calls it, with `'hover'` for its hover step.
 */
import * as vscode from 'vscode';
import { COMMANDS } from '../../server/src/protocol/commands';

export const SAMPLE_PATH = ['examples', 'sample.mjdeck'];
/** The tile the cursor lands on: Z, drawn by C and discarded at transcript line 58, a tie-break. */
export const SAMPLE_TILE = 54;

/** The 0-based line of the deck's tile `tile` (1-based), skipping blank and comment lines. */
export function tileLine(text: string, tile: number): number {
  const lines = text.split(/\r?\n/);
  let seen = 0;
  for (let line = 0; line < lines.length; line++) {
    if (lines[line].replace(/#.*/, '').trim() !== '' && ++seen === tile) return line;
  }
  return 0;
}

export function registerSample(extensionUri: vscode.Uri): vscode.Disposable {
  let sample: vscode.TextDocument | undefined;
  return vscode.commands.registerCommand(COMMANDS.openSample, async (then?: 'hover') => {
    if (!sample || sample.isClosed) {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, ...SAMPLE_PATH));
      const content = new TextDecoder().decode(bytes);
      sample = await vscode.workspace.openTextDocument({ language: 'mjdeck', content });
    }
    // From the walkthrough (no text editor active) the deck opens beside it, which stays in view.
    const viewColumn = vscode.window.activeTextEditor ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside;
    const editor = await vscode.window.showTextDocument(sample, { viewColumn });
    const line = tileLine(sample.getText(), SAMPLE_TILE);
    editor.selection = new vscode.Selection(line, 0, line, 0);
    editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    if (then === 'hover') await vscode.commands.executeCommand('editor.action.showHover');
    return sample;
  });
}
