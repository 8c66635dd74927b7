/** Where the CLI reads and writes: the real process, or strings in tests. */
import { readCapped, type Capped } from './input';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard input, read up to `limit` bytes (tests give a string). */
  readStdin(limit: number): Capped | string;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: (limit) => readCapped(0, limit),
};
