/**
 * "Audit Test Set" (a report panel and the Testing view's mistakes) and "Export Problem
 * Package" on a folder of decks. The language server does the work on the decks' texts
 * (`deckSim/audit`, `deckSim/catchingDeck`, `deckSim/problemPackage`); this module reads and
 * writes the files with vscode.workspace.fs, so both the desktop and the web extension run it.
 */
import * as vscode from 'vscode';
import { WorkDoneProgress, type BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS, REPORT_COMMANDS } from '../../../server/src/protocol/commands';
import {
  AuditRequest, CatchingDeckRequest, type AuditResult, type DeckText, type RequestType,
} from '../../../server/src/protocol/requests';
import { errorText } from '../errorText';
import { sendRequest } from '../requests';
import { auditHtml } from './auditHtml';
import { AuditTests } from './auditTests';
import { exportProblemPackage } from './exportPackage';
import { exists, folderForCommand, readFolderDecks, writeText } from './folderDecks';

const VIEW_TYPE = 'deckSim.audit';

let progressTickets = 0;

/** Sends a long request with a notification showing its progress and a Cancel button. */
export function withServerProgress<P extends { workDoneToken?: string | number }, R>(
  client: BaseLanguageClient, title: string, type: RequestType<P, R>, params: P,
  outer?: vscode.CancellationToken,
): Thenable<R> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title, cancellable: true },
    async (progress, token) => {
      const workDoneToken = `deckSim-${Date.now()}-${++progressTickets}`;
      let reported = 0;
      const listener = client.onProgress(WorkDoneProgress.type, workDoneToken, (value) => {
        if (value.kind === 'report' && value.percentage !== undefined) {
          progress.report({ increment: value.percentage - reported, message: value.message });
          reported = value.percentage;
        }
      });
      const cancel = new vscode.CancellationTokenSource();
      const links = [token, outer].map((t) => t?.onCancellationRequested(() => cancel.cancel()));
      try {
        return await sendRequest(client, type, { ...params, workDoneToken }, cancel.token);
      } finally {
        listener.dispose();
        for (const link of links) link?.dispose();
        cancel.dispose();
      }
    },
  );
}

export function registerTestSets(context: vscode.ExtensionContext, client: BaseLanguageClient): void {
  let panel: { folder: vscode.Uri; view: vscode.WebviewPanel } | undefined;
  const label = (folder: vscode.Uri) => vscode.workspace.asRelativePath(folder);

  const audit = async (folder: vscode.Uri, token?: vscode.CancellationToken): Promise<AuditResult | undefined> => {
    const set = await readFolderDecks(client, folder, 'audit');
    if (!set) return undefined;
    try {
      return await withServerProgress(client, `Auditing ${set.decks.length} decks of ${label(folder)}`,
        AuditRequest, { game: set.game.game, decks: set.decks }, token);
    } catch (error) {
      if (!token?.isCancellationRequested) {
        void vscode.window.showErrorMessage(`Deck Simulator: the audit failed: ${errorText(error)}`);
      }
      return undefined;
    }
  };
  const tests = new AuditTests(audit);

  const show = (folder: vscode.Uri, result: AuditResult) => {
    tests.show(folder, `Test set: ${label(folder)}`, result);
    if (!panel || panel.folder.toString() !== folder.toString()) {
      panel?.view.dispose();
      const title = `Audit: ${label(folder)}`;
      const view = vscode.window.createWebviewPanel(VIEW_TYPE, title, vscode.ViewColumn.Active, {
        enableScripts: false,
        enableCommandUris: Object.values(REPORT_COMMANDS),
        localResourceRoots: [],
      });
      const opened = { folder, view };
      panel = opened;
      view.onDidDispose(() => {
        if (panel === opened) panel = undefined;
      });
    }
    panel.view.webview.html = auditHtml({
      folderLabel: label(folder), folder: folder.toString(), result, cspSource: panel.view.webview.cspSource,
    });
    panel.view.reveal(undefined, false);
  };

  const auditAndShow = async (folder: vscode.Uri): Promise<AuditResult | undefined> => {
    const result = await audit(folder);
    if (result) show(folder, result);
    return result;
  };

  const writeCatchingDeck = async (
    folderText: string, game: string, mistake: string,
  ): Promise<string[] | undefined> => {
    const folder = vscode.Uri.parse(folderText);
    const set = await readFolderDecks(client, folder, 'audit');
    if (!set) return undefined;
    const decks: DeckText[] = set.decks;
    let found;
    try {
      found = await withServerProgress(client, `Searching a deck that catches ${mistake}`,
        CatchingDeckRequest, { game, decks, mistake });
    } catch (error) {
      void vscode.window.showErrorMessage(`Deck Simulator: the search failed: ${errorText(error)}`);
      return undefined;
    }
    if (!found.deck) {
      void vscode.window.showWarningMessage(
        `Deck Simulator: no deck of ${found.tried} tried catches ${mistake}: it is possibly equivalent.`,
      );
      return undefined;
    }
    const { name, input, answer, description } = found.deck;
    const files: [string, string][] = [
      [`${name}.in`, input], [`${name}.ans`, answer], [`${name}.desc`, description + '\n'],
    ];
    const uris = files.map(([file]) => vscode.Uri.joinPath(folder, file));
    const taken = (await Promise.all(uris.map(exists))).flatMap((yes, i) => (yes ? [files[i][0]] : []));
    if (taken.length > 0) {
      const replace = 'Replace';
      const answerButton = await vscode.window.showWarningMessage(
        `${taken.join(', ')} already ${taken.length === 1 ? 'exists' : 'exist'} in ${label(folder)}. Replace?`,
        { modal: true }, replace,
      );
      if (answerButton !== replace) return undefined;
    }
    for (const [i, [, text]] of files.entries()) await writeText(uris[i], text);
    await auditAndShow(folder);
    return files.map(([file]) => file);
  };

  context.subscriptions.push(
    tests,
    vscode.commands.registerCommand(COMMANDS.auditTestSet, async (arg?: unknown) => {
      const folder = await folderForCommand(arg, 'Audit');
      return folder && auditAndShow(folder);
    }),
    vscode.commands.registerCommand(REPORT_COMMANDS.openDeck, async (folderText: string, deck: string) => {
      if (typeof folderText !== 'string' || typeof deck !== 'string') return;
      const uri = vscode.Uri.joinPath(vscode.Uri.parse(folderText), deck);
      await vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside });
    }),
    vscode.commands.registerCommand(REPORT_COMMANDS.writeCatchingDeck, (...args: unknown[]) => {
      const [folder, game, mistake] = args;
      if (typeof folder !== 'string' || typeof game !== 'string' || typeof mistake !== 'string') return undefined;
      return writeCatchingDeck(folder, game, mistake);
    }),
    vscode.commands.registerCommand(COMMANDS.exportProblemPackage, (arg?: unknown, options?: unknown) =>
      exportProblemPackage(context.extensionUri, client, arg, options)),
    { dispose: () => panel?.view.dispose() },
  );
}
