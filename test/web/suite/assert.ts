/**
 * The part of `node:assert/strict` the integration suite uses, for the web worker, which has no
 * Node: the web bundle maps `node:assert/strict` here (test/web/bundleSuite.mjs). Same strict
 * semantics: Object.is for values; deepEqual compares prototypes, own keys and items.
 */

export class AssertionError extends Error {
  constructor(message: string, readonly actual?: unknown, readonly expected?: unknown) {
    super(message);
    this.name = 'AssertionError';
  }
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function fail(message: string | Error | undefined, fallback: string, actual?: unknown, expected?: unknown): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback, actual, expected);
}

function deepStrictEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepStrictEqual(item, other[i]));
  }
  const keys = Object.keys(a);
  const record = a as Record<string, unknown>;
  const otherRecord = b as Record<string, unknown>;
  return keys.length === Object.keys(b).length
    && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepStrictEqual(record[k], otherRecord[k]));
}

function ok(value: unknown, message?: string | Error): asserts value {
  if (!value) fail(message, `expected a truthy value, got ${show(value)}`, value, true);
}

const assert = Object.assign(ok, {
  ok,
  equal(actual: unknown, expected: unknown, message?: string | Error): void {
    if (!Object.is(actual, expected)) {
      fail(message, `expected ${show(expected)}\n     got ${show(actual)}`, actual, expected);
    }
  },
  notEqual(actual: unknown, expected: unknown, message?: string | Error): void {
    if (Object.is(actual, expected)) fail(message, `expected a value other than ${show(expected)}`, actual, expected);
  },
  deepEqual(actual: unknown, expected: unknown, message?: string | Error): void {
    if (!deepStrictEqual(actual, expected)) {
      fail(message, `expected ${show(expected)}\n     got ${show(actual)}`, actual, expected);
    }
  },
  match(actual: string, pattern: RegExp, message?: string | Error): void {
    if (typeof actual !== 'string' || !pattern.test(actual)) {
      fail(message, `expected ${show(actual)} to match ${String(pattern)}`, actual, pattern);
    }
  },
  fail(message?: string | Error): never {
    return fail(message, 'failed');
  },
});

export default assert;
