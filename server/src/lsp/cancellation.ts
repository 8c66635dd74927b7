/**
 * Cancelling a long request. The server is single-threaded: a `$/cancelRequest` is read only
 * between two pieces of work, so long requests pause (`pause`) before and after their heavy
 * parts, and between slices of them, and answer RequestCancelled (-32800) once cancelled.
 */
import type { CancellationToken } from 'vscode-languageserver';
import { LSPErrorCodes, RAL, ResponseError } from './lspValues';

/** Throws the RequestCancelled answer when the client cancelled the request. */
export function throwIfCancelled(token: CancellationToken): void {
  if (token.isCancellationRequested) {
    throw new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
  }
}

const nextTurn = () => new Promise<void>((resolve) => RAL().timer.setImmediate(resolve));

/**
 * Lets the messages that arrived meanwhile be read (a cancel among them), then checks the token.
 * Two turns: in the first the bytes are read, and the reader queues their decoding for the same
 * phase as our turn, after it; by the second the cancel has been seen.
 */
export async function pause(token: CancellationToken): Promise<void> {
  throwIfCancelled(token);
  await nextTurn();
  await nextTurn();
  throwIfCancelled(token);
}
