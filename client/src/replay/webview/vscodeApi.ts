/** The messages the webview sends, through the API VS Code gives every webview page once. */
import type { FromWebview } from '../../../../server/src/protocol/webview';

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };

const api = acquireVsCodeApi();

export function send(message: FromWebview): void {
  api.postMessage(message);
}
