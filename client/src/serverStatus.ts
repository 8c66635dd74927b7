/**
 * The language server's health as the user sees it: a message with a "Restart Server" action
 * when the client gives up restarting a crashing server, the `Deck Simulator: Restart Server`
 * command, and a status bar item while the server is not running.
 */
import * as vscode from 'vscode';
import {
  CloseAction, ErrorAction, State, type BaseLanguageClient, type CloseHandlerResult, type ErrorHandler,
  type ErrorHandlerResult,
} from 'vscode-languageclient';
import { COMMANDS } from '../../server/src/protocol/commands';
import { errorText } from './errorText';

/** Restarts within three minutes before the client gives up (the library's default). */
const MAX_RESTARTS = 4;
const RESTART_ACTION = 'Restart Server';

export type ServerState = 'starting' | 'running' | 'stopped';

/** What the extension's API reports to its tests. */
export interface ServerStatus {
  state: ServerState;
  /** The status bar item's text; '' while it is hidden (the server runs). */
  statusBar: string;
  /** The last message the user was given about the server, if any. */
  notice: string | undefined;
}

function stateName(state: State): ServerState {
  return state === State.Running ? 'running' : state === State.Starting ? 'starting' : 'stopped';
}

/**
 * The client's error handler: the library's restart policy, but when it gives up the user is
 * told, with an action that restarts the server. Given to the LanguageClient's options before
 * the client exists; `attach` hands it the client.
 */
export class ServerErrorHandler implements ErrorHandler {
  private fallback: ErrorHandler | undefined;
  private client: BaseLanguageClient | undefined;
  private onGiveUp: (message: string) => void = () => undefined;

  attach(client: BaseLanguageClient, onGiveUp: (message: string) => void): void {
    this.client = client;
    this.onGiveUp = onGiveUp;
    this.reset();
  }

  /** Forgets past crashes: a server the user restarts gets its restarts again. */
  reset(): void {
    this.fallback = this.client!.createDefaultErrorHandler(MAX_RESTARTS);
  }

  /**
   * An error on the connection is logged, never a reason to stop. Until the client sees a crashed
   * server's close, its writes fail (EPIPE, on a busy machine), and the library's default stops
   * the client at the first error of the pipe itself or the fourth failed write: the server was
   * then left stopped after any crash, without its restarts or the notice. The close that follows
   * every crash is what the restart policy counts.
   */
  error(): ErrorHandlerResult {
    return { action: ErrorAction.Continue, handled: true };
  }

  async closed(): Promise<CloseHandlerResult> {
    const result = await this.fallback!.closed();
    if (result.action !== CloseAction.DoNotRestart) return result;
    const text = `The Deck Simulator language server crashed ${MAX_RESTARTS + 1} times in the last 3 minutes`
      + ' and was not restarted: diagnostics, hovers and simulations are off until it runs again.';
    this.onGiveUp(text);
    return { action: CloseAction.DoNotRestart, handled: true };
  }
}

/** Starts a stopped server, or stops and starts a running one; a starting one is left to come up. */
export async function restartServer(client: BaseLanguageClient): Promise<void> {
  if (client.state === State.Running) await client.stop();
  if (client.state === State.Stopped) await client.start();
}

/** The restart command and the status bar item; `status()` is what tests read. */
export function registerServerStatus(
  client: BaseLanguageClient, handler: ServerErrorHandler,
): { disposables: vscode.Disposable[]; status: () => ServerStatus } {
  const item = vscode.window.createStatusBarItem('deckSim.server', vscode.StatusBarAlignment.Left, 0);
  item.name = 'Deck Simulator: Language Server';
  item.command = COMMANDS.restartServer;
  let notice: string | undefined;

  const show = (state: ServerState) => {
    if (state === 'running') {
      item.hide();
      item.text = '';
      return;
    }
    item.text = state === 'starting' ? '$(sync~spin) Deck Simulator: starting' : '$(error) Deck Simulator: stopped';
    item.tooltip = state === 'starting'
      ? 'The Deck Simulator language server is starting.'
      : 'The Deck Simulator language server is not running. Click to restart it.';
    item.backgroundColor = state === 'stopped' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    item.show();
  };

  const tell = (text: string) => {
    notice = text;
    void vscode.window.showErrorMessage(text, RESTART_ACTION).then((choice) => {
      if (choice === RESTART_ACTION) void vscode.commands.executeCommand(COMMANDS.restartServer);
    });
  };
  handler.attach(client, tell);
  show(stateName(client.state));
  return {
    disposables: [
      item,
      client.onDidChangeState((event) => show(stateName(event.newState))),
      vscode.commands.registerCommand(COMMANDS.restartServer, async () => {
        notice = undefined;
        handler.reset();
        try {
          await restartServer(client);
        } catch (error) {
          tell(`The Deck Simulator language server could not restart: ${errorText(error)}`);
        }
      }),
    ],
    status: () => ({ state: stateName(client.state), statusBar: item.text, notice }),
  };
}
