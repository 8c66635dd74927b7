/**
 * "Deck Simulator: Open Replay": a webview beside the editor that steps through the game of
 * the deck. The language server builds the replay (`deckSim/replay`); this panel only keeps
 * the current step, fetches pages of frames, follows the editor and posts what to draw to the
 * webview (media/replay/replay.js), which renders it and sends back the steps the user picks.
 *
 * The panel is the authority on the step, so its state is observable without the webview:
 * the hidden command `deckSim.replayState` returns a ReplayState (or undefined when no panel
 * is open), and `deckSim.openReplay` returns the same once the replay is loaded. The
 * integration suite (test/vscode/suite/replay.test.ts) reads them.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { deckForCommand, isDeck } from '../deckDocuments';
import {
  REPLAY_FRAMES_REQUEST, REPLAY_REQUEST, REPLAY_TARGET_REQUEST,
  type ReplayData, type ReplayFrame, type ReplayFramesParams, type ReplayFramesResult, type ReplayParams,
  type ReplayResponse, type ReplayTarget, type ReplayTargetParams,
} from '../../../server/src/lsp/protocol';

const VIEW_TYPE = 'deckSim.replay';
const CHANGE_DEBOUNCE_MS = 200;
/** Pages of frames kept besides page 0 (a long ⑨ game has a thousand pages). */
const KEPT_PAGES = 16;

/** What `deckSim.replayState` returns: the panel's step as the user sees it. */
export interface ReplayState {
  /** The document the replay follows. */
  uri: string;
  kind: 'mahjong' | 'cirno' | undefined;
  /** The document version the replay was built from. */
  version: number | undefined;
  step: number;
  stepCount: number;
  /** The step's caption (a transcript line); '' until its frame is loaded. */
  caption: string;
  /** The highlighted tile or card (deck position or card id), from the cursor. */
  focus: number | undefined;
  /** The last step the webview reported as drawn: proof that its script runs. */
  rendered: number | undefined;
  /** Shown above the table: why a tile has no step, or that the text has errors. */
  note: string | undefined;
  /** True while the text has errors and the last valid replay is shown. */
  stale: boolean;
}

/** Messages to the webview. */
type ToWebview =
  | { type: 'data'; data: Omit<ReplayData, 'frames' | 'lineTargets'> | undefined }
  | { type: 'show'; step: number; frame: ReplayFrame | undefined; focus: number | undefined; note: string | undefined; stale: boolean };

/** Messages from the webview. */
type FromWebview = { type: 'ready' } | { type: 'goto'; step: number } | { type: 'rendered'; step: number };

export function registerReplay(context: vscode.ExtensionContext, client: LanguageClient): void {
  let panel: ReplayPanel | undefined;
  context.subscriptions.push(
    vscode.commands.registerCommand('deckSim.openReplay', async (uri?: vscode.Uri | string): Promise<ReplayState | undefined> => {
      const document = await deckForCommand(uri, 'replay');
      if (!document) return undefined;
      if (panel) panel.reveal();
      else panel = new ReplayPanel(context.extensionUri, client, () => { panel = undefined; });
      await panel.follow(document);
      return panel.state();
    }),
    // For the integration suite: the open panel's state (see ReplayState).
    vscode.commands.registerCommand('deckSim.replayState', (): ReplayState | undefined => panel?.state()),
    { dispose: () => panel?.dispose() },
  );
}

class ReplayPanel {
  private readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private document: vscode.TextDocument | undefined;
  private data: ReplayData | undefined;
  /** Frames by step: page 0 comes with the data, other pages on demand. */
  private frames = new Map<number, ReplayFrame>();
  private readonly pages = new Map<number, Promise<void>>();
  private step = 0;
  private focus: number | undefined;
  /** Why there is no (current) replay: the text has errors, or the server failed. */
  private status: string | undefined;
  /** What the cursor's tile or card calls for, e.g. that it is never drawn. */
  private hint: string | undefined;
  private stale = false;
  private rendered: number | undefined;
  private ready = false;
  /** Ticket of the latest replay request and cursor request: older answers are dropped. */
  private loads = 0;
  private cursorTickets = 0;
  private showTickets = 0;
  private changeTimer: NodeJS.Timeout | undefined;

  constructor(extensionUri: vscode.Uri, private readonly client: LanguageClient, private readonly onDisposed: () => void) {
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    this.panel = vscode.window.createWebviewPanel(
      VIEW_TYPE, 'Replay', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [media] },
    );
    this.panel.webview.html = replayHtml(this.panel.webview, vscode.Uri.joinPath(media, 'replay'));
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.webview.onDidReceiveMessage((message: FromWebview) => this.receive(message)),
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
      this.data = undefined;
      this.frames = new Map();
      this.pages.clear();
      this.step = 0;
      this.focus = undefined;
      this.status = undefined;
      this.hint = undefined;
      this.stale = false;
      this.panel.title = `Replay: ${document.uri.path.slice(document.uri.path.lastIndexOf('/') + 1)}`;
      this.postData();
    }
    await this.load();
    const editor = vscode.window.visibleTextEditors.find((e) => e.document === document);
    if (editor) await this.followCursor(editor.selection.active);
  }

  state(): ReplayState {
    return {
      uri: this.document?.uri.toString() ?? '',
      kind: this.data?.kind,
      version: this.data?.version,
      step: this.step,
      stepCount: this.data?.stepCount ?? 0,
      caption: this.frames.get(this.step)?.caption ?? '',
      focus: this.focus,
      rendered: this.rendered,
      note: this.note(),
      stale: this.stale,
    };
  }

  private note(): string | undefined {
    return [this.status, this.hint].filter(Boolean).join(' ') || undefined;
  }

  dispose(): void {
    clearTimeout(this.changeTimer);
    this.onDisposed();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.panel.dispose();
  }

  private uri(): string {
    return this.client.code2ProtocolConverter.asUri(this.document!.uri);
  }

  /** Asks for the replay of the current text; an invalid text keeps the last valid replay. */
  private async load(): Promise<void> {
    if (!this.document) return;
    const ticket = ++this.loads;
    const params: ReplayParams = { uri: this.uri() };
    let response: ReplayResponse | null;
    let failure = 'the language server does not know this document.';
    try {
      response = await this.client.sendRequest<ReplayResponse | null>(REPLAY_REQUEST, params);
    } catch (error) {
      response = null;
      failure = error instanceof Error ? error.message : String(error);
    }
    if (ticket !== this.loads) return;
    if (!response || response.kind === 'unavailable') {
      const reason = response ? response.reason : failure;
      this.stale = this.data !== undefined;
      this.status = this.data ? `The deck has errors now (${reason}): the replay shows the last valid text.` : `No replay: ${reason}`;
      this.hint = undefined;
    } else {
      this.data = response;
      this.frames = new Map(response.frames.map((frame, i) => [i, frame]));
      this.pages.clear();
      this.stale = false;
      this.status = undefined;
      this.step = Math.min(this.step, Math.max(0, response.stepCount - 1));
      this.postData();
    }
    await this.show(this.step);
  }

  private async followCursor(position: vscode.Position): Promise<void> {
    const data = this.data;
    if (!data || this.stale) return; // the lines of an invalid text need not match the replay
    const ticket = ++this.cursorTickets;
    let target: ReplayTarget | null | undefined;
    if (data.lineTargets) {
      target = data.lineTargets[position.line];
    } else {
      const params: ReplayTargetParams = { uri: data.uri, version: data.version, position: { line: position.line, character: position.character } };
      target = await this.client.sendRequest<ReplayTarget | null>(REPLAY_TARGET_REQUEST, params).catch(() => null);
      if (ticket !== this.cursorTickets || data !== this.data) return;
    }
    if (!target) return;
    this.focus = target.focus;
    this.hint = target.note;
    await this.show(target.step ?? this.step);
  }

  private receive(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.postData();
        void this.show(this.step);
        break;
      case 'goto':
        if (Number.isInteger(message.step)) {
          this.hint = undefined;
          void this.show(message.step);
        }
        break;
      case 'rendered':
        this.rendered = message.step;
        break;
    }
  }

  /** Moves to `step` (clipped), loading its page if needed, and tells the webview. */
  private async show(step: number): Promise<void> {
    const ticket = ++this.showTickets;
    this.step = Math.max(0, Math.min(step, (this.data?.stepCount ?? 0) - 1));
    if (this.data && !this.frames.has(this.step)) await this.loadPage(this.step);
    if (ticket !== this.showTickets) return; // a later step was asked for meanwhile
    this.post({
      type: 'show', step: this.step, frame: this.frames.get(this.step), focus: this.focus, note: this.note(), stale: this.stale,
    });
  }

  private loadPage(step: number): Promise<void> {
    const data = this.data!;
    const page = Math.floor(step / data.pageSize);
    let pending = this.pages.get(page);
    if (pending) {
      // Most recently used last.
      this.pages.delete(page);
      this.pages.set(page, pending);
    } else {
      this.forgetOldPages(data.pageSize);
      const params: ReplayFramesParams = { uri: data.uri, version: data.version, from: page * data.pageSize, count: data.pageSize };
      pending = this.client.sendRequest<ReplayFramesResult | null>(REPLAY_FRAMES_REQUEST, params).then((result) => {
        if (!result || data !== this.data) return;
        result.frames.forEach((frame, i) => this.frames.set(result.from + i, frame));
      }, () => { this.pages.delete(page); });
      this.pages.set(page, pending);
    }
    return pending;
  }

  private forgetOldPages(pageSize: number): void {
    while (this.pages.size >= KEPT_PAGES) {
      const oldest: number = this.pages.keys().next().value!;
      this.pages.delete(oldest);
      for (let step = oldest * pageSize; step < (oldest + 1) * pageSize; step++) this.frames.delete(step);
    }
  }

  private postData(): void {
    if (!this.data) {
      this.post({ type: 'data', data: undefined });
      return;
    }
    const { frames: _frames, lineTargets: _targets, ...rest } = this.data;
    this.post({ type: 'data', data: rest });
  }

  private post(message: ToWebview): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }
}

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let text = '';
  for (let i = 0; i < 32; i++) text += chars.charAt(Math.floor(Math.random() * chars.length));
  return text;
}

const ICONS = {
  first: '<path d="M4 3v10M13 3 6 8l7 5z"/>',
  previous: '<path d="M11 3 4 8l7 5z"/>',
  next: '<path d="M5 3l7 5-7 5z"/>',
  last: '<path d="M12 3v10M3 3l7 5-7 5z"/>',
};

function icon(name: keyof typeof ICONS): string {
  return `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;
}

/** The page: a strict CSP, the script and stylesheet from media/replay/, no other resource. */
function replayHtml(webview: vscode.Webview, folder: vscode.Uri): string {
  const n = nonce();
  const script = webview.asWebviewUri(vscode.Uri.joinPath(folder, 'replay.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(folder, 'replay.css'));
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `style-src ${webview.cspSource} 'nonce-${n}'`,
    `script-src 'nonce-${n}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}" nonce="${n}">
<title>Replay</title>
</head>
<body>
<main id="app" aria-busy="true">
  <header class="top">
    <h1 id="title">Replay</h1>
    <p id="summary" class="summary"></p>
  </header>
  <div id="note" class="note" role="status" hidden></div>
  <nav class="controls" aria-label="Replay steps">
    <button id="first" type="button" aria-label="First step" title="First step (Home)">${icon('first')}</button>
    <button id="previous" type="button" aria-label="Previous step" title="Previous step (Left Arrow)">${icon('previous')}</button>
    <input id="slider" type="range" min="0" max="0" value="0" step="1" aria-label="Step">
    <button id="next" type="button" aria-label="Next step" title="Next step (Right Arrow)">${icon('next')}</button>
    <button id="last" type="button" aria-label="Last step" title="Last step (End)">${icon('last')}</button>
    <span id="counter" class="counter">Step 0 of 0</span>
  </nav>
  <p id="caption" class="caption" aria-live="polite"></p>
  <section id="table" class="table" aria-label="The table"></section>
</main>
<script nonce="${n}" src="${script}"></script>
</body>
</html>`;
}
