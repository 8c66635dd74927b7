/** Where the CLI reads and writes: the real process, or strings in tests. */
import { readCapped, type Capped } from './input';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard input, read up to `limit` bytes (tests give a string). */
  readStdin(limit: number): Capped | string;
  /** Whether stderr is a terminal, where a progress line can redraw itself. */
  stderrIsTTY?: boolean;
}

let pipesGuarded = false;

/** A reader that went away (`deck-sim … | head`) ends the run quietly, without a stack trace. */
function guardPipes(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(1);
    });
  }
}

export const processIo: Io = {
  stdout: (text) => {
    guardPipes();
    process.stdout.write(text);
  },
  stderr: (text) => {
    guardPipes();
    process.stderr.write(text);
  },
  readStdin: (limit) => readCapped(0, limit),
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
};
