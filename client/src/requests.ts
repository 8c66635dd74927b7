/**
 * Sends protocol/requests.ts's typed messages with this client's LSP library: they are plain
 * method names with their types, so each side uses its own library (different versions).
 */
import type { CancellationToken, Disposable } from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { NotificationType, RequestType } from '../../server/src/protocol/requests';

export function sendRequest<P, R>(
  client: BaseLanguageClient, type: RequestType<P, R>, params: P, token?: CancellationToken,
): Promise<R> {
  return token ? client.sendRequest<R>(type.method, params, token) : client.sendRequest<R>(type.method, params);
}

export function onNotification<P>(
  client: BaseLanguageClient, type: NotificationType<P>, handler: (params: P) => void,
): Disposable {
  return client.onNotification(type.method, handler);
}
