/**
 * "Deck Simulator: Open Replay": a webview beside the editor that steps through the game of
 * the deck. The language server builds the replay (`deckSim/replay`); the panel keeps the
 * step in a ReplayModel, follows the editor and posts what to draw to the webview script
 * (client/src/replay/webview/, bundled into dist/webview/replay.js), which sends back the
 * steps the user picks.
 *
 * The model is the authority on the step, so it is observable without the webview: the hidden
 * command `deckSim.replayState` returns a ReplayState (or undefined when no panel is open),
 * after moving to the step it is given, if any, as the webview's buttons do; and
 * `deckSim.openReplay` returns the same once the replay is loaded.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { COMMANDS, TEST_COMMANDS } from '../../../server/src/protocol/commands';
import type { ReplayData, ReplayResponse, ReplayTarget } from '../../../server/src/protocol/replay';
import { ReplayFramesRequest, ReplayRequest, ReplayTargetRequest } from '../../../server/src/protocol/requests';
import type { FromWebview, ToWebview } from '../../../server/src/protocol/webview';
import { deckForCommand, isDeck } from '../deckDocuments';
import { errorText } from '../errorText';
import { ReplayModel, type ReplayState } from './replayModel';
import { makeNonce, replayHtml } from './replayHtml';
import { sendRequest } from '../requests';

export type { ReplayState } from './replayModel';

const VIEW_TYPE = 'deckSim.replay';
const CHANGE_DEBOUNCE_MS = 200;

export function registerReplay(context: vscode.ExtensionContext, client: BaseLanguageClient): void {
  let panel: ReplayPanel | undefined;
  context.subscriptions.push(
    vscode.commands.registerCommand(
      COMMANDS.openReplay,
      async (uri?: vscode.Uri | string): Promise<ReplayState | undefined> => {
        const document = await deckForCommand(uri, 'replay');
        if (!document) return undefined;
        if (panel) panel.reveal();
        else panel = new ReplayPanel(context.extensionUri, client, () => { panel = undefined; });
        await panel.follow(document);
        return panel.state();
      },
    ),
    vscode.commands.registerCommand(
      TEST_COMMANDS.replayState,
      async (step?: number): Promise<ReplayState | undefined> => {
        if (panel && typeof step === 'number' && Number.isInteger(step)) await panel.goTo(step);
        return panel?.state();
      },
    ),
    { dispose: () => panel?.dispose() },
  );
}

/** The webview and its wiring to the editor and the server. */
class ReplayPanel {
  private readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly model: ReplayModel;
  private document: vscode.TextDocument | undefined;
  private ready = false;
  /** Tickets of the latest replay, cursor and step requests: older answers are dropped. */
  private loads = 0;
  private cursorTickets = 0;
  private showTickets = 0;
  private changeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    extensionUri: vscode.Uri, private readonly client: BaseLanguageClient, private readonly onDisposed: () => void,
  ) {
    this.model = new ReplayModel((data) => (from, count) => sendRequest(client, ReplayFramesRequest, {
      textDocument: { uri: data.uri }, version: data.version, from, count,
    }));
    const style = vscode.Uri.joinPath(extensionUri, 'media', 'replay');
    const script = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel(
      VIEW_TYPE, 'Replay', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [style, script] },
    );
    const webview = this.panel.webview;
    webview.html = replayHtml({
      cspSource: webview.cspSource,
      script: webview.asWebviewUri(vscode.Uri.joinPath(script, 'replay.js')).toString(),
      style: webview.asWebviewUri(vscode.Uri.joinPath(style, 'replay.css')).toString(),
      nonce: makeNonce(),
    });
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      webview.onDidReceiveMessage((message: FromWebview) => this.receive(message)),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document !== this.document || event.contentChanges.length === 0) return;
        clearTimeout(this.changeTimer);
        this.changeTimer = setTimeout(() => void this.load(), CHANGE_DEBOUNCE_MS);
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document === this.document) void this.followCursor(event.selections[0].active);
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        // Like the Markdown preview: the replay follows the deck being edited.
        if (editor && editor.document !== this.document && isDeck(editor.document)) {
          void this.follow(editor.document);
        }
      }),
    );
  }

  reveal(): void {
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  /** Shows the replay of `document`, at the step of the cursor when it is on a tile or card. */
  async follow(document: vscode.TextDocument): Promise<void> {
    if (document !== this.document) {
      this.document = document;
      this.model.reset(document.uri.toString());
      this.panel.title = `Replay: ${document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1)}`;
      this.post(this.model.dataMessage());
    }
    await this.load();
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
    if (editor) await this.followCursor(editor.selection.active);
  }

  state(): ReplayState {
    return this.model.state();
  }

  /** Moves to `step` as if the user picked it in the webview. */
  goTo(step: number): Promise<void> {
    return this.show(this.model.pick(step));
  }

  dispose(): void {
    clearTimeout(this.changeTimer);
    this.onDisposed();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }

  /** Asks for the replay of the current text. */
  private async load(): Promise<void> {
    if (!this.document) return;
    const ticket = ++this.loads;
    const textDocument = this.client.code2ProtocolConverter.asTextDocumentIdentifier(this.document);
    let response: ReplayResponse | null;
    let failure = 'the language server does not know this document.';
    try {
      response = await sendRequest(this.client, ReplayRequest, { textDocument });
    } catch (error) {
      response = null;
      failure = errorText(error);
    }
    if (ticket !== this.loads) return;
    if (this.model.accept(response, failure)) this.post(this.model.dataMessage());
    await this.show(this.model.state().step);
  }

  private async followCursor(position: vscode.Position): Promise<void> {
    const data = this.model.current();
    if (!data) return; // the lines of an invalid text need not match the replay
    const ticket = ++this.cursorTickets;
    const target = data.lineTargets ? data.lineTargets[position.line] : await this.askTarget(data, position);
    if (ticket !== this.cursorTickets || data !== this.model.current() || !target) return;
    await this.show(this.model.aim(target));
  }

  private askTarget(data: ReplayData, position: vscode.Position): Promise<ReplayTarget | null> {
    return sendRequest(this.client, ReplayTargetRequest, {
      textDocument: { uri: data.uri },
      version: data.version,
      position: { line: position.line, character: position.character },
    }).catch(() => null);
  }

  private receive(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.post(this.model.dataMessage());
        void this.show(this.model.state().step);
        break;
      case 'goto':
        if (Number.isInteger(message.step)) void this.goTo(message.step);
        break;
      case 'rendered':
        this.model.rendered = message.step;
        break;
    }
  }

  /** Moves to `step`, loading its page if needed, and tells the webview. */
  private async show(step: number): Promise<void> {
    const ticket = ++this.showTickets;
    await this.model.moveTo(step);
    if (ticket === this.showTickets) this.post(this.model.showMessage()); // else a later step was asked for
  }

  private post(message: ToWebview): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }
}
