/** The status bar item counting the tiles or cards on the selected lines of a deck. */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { isDeck } from './deckDocuments';
import { SELECTION_SUMMARY_REQUEST, type SelectionSummaryParams } from '../../server/src/lsp/protocol';


export function registerSelectionStatus(client: LanguageClient): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem('deckSim.selection', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Deck Simulator: Selection';
  let timer: NodeJS.Timeout | undefined;
  let asked = 0;

  const update = async (editor: vscode.TextEditor | undefined) => {
    const ticket = ++asked;
    const enabled = vscode.workspace.getConfiguration('deckSim').get<boolean>('selectionStatus.enabled', true);
    if (!enabled || !editor || !isDeck(editor.document) || editor.selections.every((s) => s.isEmpty)) {
      item.hide();
      return;
    }
    const params: SelectionSummaryParams = {
      uri: client.code2ProtocolConverter.asUri(editor.document.uri),
      ranges: editor.selections.filter((s) => !s.isEmpty).map((s) => client.code2ProtocolConverter.asRange(s)),
    };
    const summary = await client.sendRequest<{ text: string; tooltip: string } | null>(SELECTION_SUMMARY_REQUEST, params);
    if (ticket !== asked) return; // a newer selection has been asked for
    if (!summary || summary.text === '') {
      item.hide();
      return;
    }
    item.text = summary.text;
    item.tooltip = summary.tooltip;
    item.show();
  };
  const schedule = (editor: vscode.TextEditor | undefined) => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(editor), 100);
  };

  return [
    item,
    vscode.window.onDidChangeTextEditorSelection((e) => schedule(e.textEditor)),
    vscode.window.onDidChangeActiveTextEditor((editor) => schedule(editor)),
    { dispose: () => clearTimeout(timer) },
    // For tests: what the item shows now.
    vscode.commands.registerCommand('deckSim.selectionStatus', () => (item.text ? { text: item.text, tooltip: item.tooltip } : undefined)),
  ];
}
