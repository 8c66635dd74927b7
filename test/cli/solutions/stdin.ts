/** Standard input for the test solutions, without loading the engine (some must start fast). */
import { readSync } from 'node:fs';

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** All of stdin. A pipe may be non-blocking: EAGAIN means "not yet", not an error. */
export function readInput(): string {
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 16);
  for (;;) {
    let read: number;
    try {
      read = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 1); // a millisecond, rather than spinning
      continue;
    }
    if (read === 0) return Buffer.concat(chunks).toString('utf8');
    chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
}
