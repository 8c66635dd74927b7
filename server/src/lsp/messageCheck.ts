/**
 * A well-framed message with bad content is the client's mistake in one message, not a broken
 * stream: vscode-jsonrpc would throw on some of them inside its reader (a `$/cancelRequest`
 * without an id), which the reader reports like a framing error, or inside its own handlers
 * (`initialize` with null params). Such a request is answered InvalidParams, such a
 * notification logged and dropped, here; the server reads on.
 */
import type { DataCallback, Disposable, Message, MessageReader, MessageWriter } from 'vscode-languageserver';
import { ErrorCodes } from './lspValues';
import { ParamsError, kindOf, object, type Check } from './params';

/** The id a request carries: an integer or a string (JSON-RPC). */
const requestId: Check<number | string> = (value, path) => {
  if (typeof value === 'string' || Number.isSafeInteger(value)) return value as number | string;
  throw new ParamsError(`${path} must be a request id (an integer or a string), not ${kindOf(value)}`);
};

/** Messages the library itself acts on before any handler of ours, each with the params it reads. */
const READ_BY_THE_LIBRARY = new Map<string, Check<unknown>>([
  ['$/cancelRequest', object({ id: requestId })],
  ['initialize', object({ capabilities: object({}) })],
]);

/** Why `message` cannot be handed on; undefined when it can. */
function fault(message: Message): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: unknown };
  const check = typeof method === 'string' ? READ_BY_THE_LIBRARY.get(method) : undefined;
  if (!check) return undefined;
  try {
    check(params, 'params');
    return undefined;
  } catch (error) {
    if (error instanceof ParamsError) return error.message;
    throw error;
  }
}

/**
 * `reader`, with each message checked before the connection sees it: a bad request is answered
 * through `writer`; `ignored` is told why a notification was dropped.
 */
export function checkedMessages(
  reader: MessageReader, writer: MessageWriter, ignored: (why: string) => void,
): MessageReader {
  return {
    onError: reader.onError,
    onClose: reader.onClose,
    onPartialMessage: reader.onPartialMessage,
    dispose: () => reader.dispose(),
    listen(callback: DataCallback): Disposable {
      return reader.listen((message) => {
        const why = fault(message);
        if (why !== undefined) {
          const { id, method } = message as { id?: unknown; method?: string };
          if (typeof id !== 'number' && typeof id !== 'string') return ignored(`${method}: ${why}`);
          const error = { code: ErrorCodes.InvalidParams, message: why };
          void writer.write({ jsonrpc: '2.0', id, error } as Message).catch(() => undefined);
          return;
        }
        try {
          callback(message);
        } catch (error) {
          ignored(`a message the protocol library could not read (${(error as Error).message})`);
        }
      });
    },
  };
}
