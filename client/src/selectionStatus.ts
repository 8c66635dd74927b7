/** The status bar item counting the tiles or cards on the selected lines of a deck. */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { TEST_COMMANDS } from '../../server/src/protocol/commands';
import { SelectionSummaryRequest } from '../../server/src/protocol/requests';
import { isDeck } from './deckDocuments';
import { clientSetting } from './settings';
import { sendRequest } from './requests';

const DEBOUNCE_MS = 100;

export function registerSelectionStatus(client: BaseLanguageClient): vscode.Disposable[] {
  const item = vscode.window.createStatusBarItem('deckSim.selection', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Deck Simulator: Selection';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const hide = () => {
    item.hide();
    item.text = ''; // so the test command sees nothing
  };

  // Always the active editor's selection, read when the pause ends: events for other editors
  // (one closing late, say) must not leave the count of an editor that is no longer in front.
  const update = async () => {
    const editor = vscode.window.activeTextEditor;
    const ticket = ++asked;
    const selections = editor?.selections.filter((s) => !s.isEmpty) ?? [];
    if (!editor || !isDeck(editor.document) || selections.length === 0
      || !clientSetting('selectionStatus.enabled', editor.document)) {
      hide();
      return;
    }
    const converter = client.code2ProtocolConverter;
    const summary = await sendRequest(client, SelectionSummaryRequest, {
      textDocument: converter.asTextDocumentIdentifier(editor.document),
      ranges: selections.map((s) => converter.asRange(s)),
    }).catch(() => null); // a server restarting: no count until the next selection
    if (ticket !== asked) return; // a newer selection has been asked for
    if (!summary || summary.text === '') {
      hide();
      return;
    }
    item.text = summary.text;
    item.tooltip = summary.tooltip;
    item.show();
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), DEBOUNCE_MS);
  };

  return [
    item,
    vscode.window.onDidChangeTextEditorSelection(schedule),
    vscode.window.onDidChangeActiveTextEditor(schedule),
    // A deck just opened may be asked about before the server has analysed it (no count): ask
    // again when its diagnostics arrive, which the server sends once the analysis is done.
    vscode.languages.onDidChangeDiagnostics(({ uris }) => {
      const editor = vscode.window.activeTextEditor;
      if (editor && uris.some((uri) => uri.toString() === editor.document.uri.toString())) schedule();
    }),
    { dispose: () => clearTimeout(timer) },
    vscode.commands.registerCommand(
      TEST_COMMANDS.selectionStatus,
      () => (item.text ? { text: item.text, tooltip: item.tooltip } : undefined),
    ),
  ];
}
