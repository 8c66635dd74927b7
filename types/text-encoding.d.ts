// The one web-platform API server/src/core uses beyond ES2022: UTF-8 encoding, a global in Node,
// browsers and web workers alike. Only tsconfig.core.json reads this file (Node's types declare
// the same globals for every other config).
declare class TextEncoder {
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}
