/**
 * Every client parameter is checked here before it reaches a feature: its shape, and its
 * bounds (the rules' limits, a page size, the document's own lines). A failed check is
 * answered `-32602 InvalidParams` with a message naming the parameter and its bound.
 */
import type { RequestType } from '../protocol/requests';
import type {
  CancellationToken, Connection, GenericRequestHandler, MessageSignature, RequestHandler,
  RequestType as LibraryRequestType,
} from 'vscode-languageserver';
import { ErrorCodes, ResponseError } from './lspValues';

/** Reads `value` as a T, or throws a ParamsError naming `path`. */
export type Check<T> = (value: unknown, path: string) => T;

export class ParamsError extends Error {}

/** LSP's `uinteger`. */
export const MAX_UINTEGER = 2 ** 31 - 1;

/** What a value is, for a message: `null`, `an array`, `string "x"`. */
export function kindOf(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** An integer from `min` to `max`; `why` says where the bound comes from: `(the rules' limit)`. */
export function integer(min: number, max: number, why = ''): Check<number> {
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const got = typeof value === 'number' ? String(value) : kindOf(value);
      throw new ParamsError(`${path} must be an integer from ${min} to ${max}${why && ` ${why}`}, not ${got}`);
    }
    return value;
  };
}

export const string: Check<string> = (value, path) => {
  if (typeof value !== 'string') throw new ParamsError(`${path} must be a string, not ${kindOf(value)}`);
  return value;
};

/** A string of at most `maxLength` characters; `what` names the bound: `(a deck's size)`. */
export function boundedString(maxLength: number, what = ''): Check<string> {
  return (value, path) => {
    const text = string(value, path);
    if (text.length > maxLength) {
      throw new ParamsError(`${path} must be at most ${maxLength} characters${what && ` ${what}`}, not ${text.length}`);
    }
    return text;
  };
}

export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value, path) => (value === undefined ? undefined : check(value, path));
}

export function array<T>(item: Check<T>, maxLength: number): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) throw new ParamsError(`${path} must be an array, not ${kindOf(value)}`);
    if (value.length > maxLength) {
      throw new ParamsError(`${path} must hold at most ${maxLength} items, not ${value.length}`);
    }
    return value.map((v, i) => item(v, `${path}[${i}]`));
  };
}

type Shape = Record<string, Check<unknown>>;
type Checked<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/** An object with these fields (others are kept as they are: LSP params grow over time). */
export function object<S extends Shape>(shape: S): Check<Checked<S>> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ParamsError(`${path} must be an object, not ${kindOf(value)}`);
    }
    const out: Record<string, unknown> = { ...value };
    const fields = value as Record<string, unknown>;
    for (const [key, check] of Object.entries(shape)) out[key] = check(fields[key], `${path}.${key}`);
    return out as Checked<S>;
  };
}

export const position = object({ line: integer(0, MAX_UINTEGER), character: integer(0, MAX_UINTEGER) });
export const range = object({ start: position, end: position });
export const textDocument = object({ uri: string });

/** The params (or one of them, at `path`) as `check` reads them, or an InvalidParams error to answer with. */
export function checkParams<T>(check: Check<T>, params: unknown, path = 'params'): T {
  try {
    return check(params, path);
  } catch (error) {
    if (error instanceof ParamsError) throw new ResponseError(ErrorCodes.InvalidParams, error.message);
    throw error;
  }
}

/**
 * A request the server answers: a standard one, as the LSP library types it (`HoverRequest.type`,
 * whose params come by name), or one of protocol/requests.ts's.
 */
export type AnsweredRequest<P, R> = MessageSignature | RequestType<P, R>;

/**
 * Registers the handler of a request, its params checked first: before the library reads them
 * too (its typed helpers, `onHover` and the like, read `params.workDoneToken` of any params).
 */
export function onCheckedRequest<P, R, T>(
  connection: Connection, type: AnsweredRequest<P, R>, check: Check<T>,
  handler: (params: T, token: CancellationToken) => R | Promise<R>,
): void {
  const checkedHandler = (params: unknown, token: CancellationToken) => handler(checkParams(check, params), token);
  if ('parameterStructures' in type) {
    const handle = checkedHandler as RequestHandler<unknown, R, unknown>;
    connection.onRequest(type as LibraryRequestType<unknown, R, unknown>, handle);
  } else {
    connection.onRequest(type.method, checkedHandler as GenericRequestHandler<R, unknown>);
  }
}
