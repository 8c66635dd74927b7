/** Where the CLI reads and writes: the real process, or strings in tests. */
import { writeSync } from 'node:fs';
import { pauseBriefly, readCapped, type Capped } from './fileInput';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard input, read up to `limit` bytes (tests give a string). */
  readStdin(limit: number): Capped | string;
  /** Whether stderr is a terminal, where a progress line can redraw itself. */
  stderrIsTTY?: boolean;
  /**
   * UTF-8 bytes of whole lines to stdout, written before it returns, so a big output never waits
   * in memory. A command writing this way writes nothing through `stdout`. Tests may leave it out.
   */
  stdoutBytes?(bytes: Uint8Array): void;
}

const utf8 = new TextDecoder();

/** Bytes to the Io's stdout: at once when it can, else as text. */
export function writeStdoutBytes(io: Io, bytes: Uint8Array): void {
  if (io.stdoutBytes) io.stdoutBytes(bytes);
  else io.stdout(utf8.decode(bytes));
}

/** Text lines gathered into chunks of some 64 KB for `writeStdoutBytes`. */
export class LineWriter {
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly io: Io) {}

  write(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    if (this.length >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.length === 0) return;
    writeStdoutBytes(this.io, Buffer.from(this.parts.join('')));
    this.parts = [];
    this.length = 0;
  }
}

/** Writes all of `bytes` to a descriptor, waiting out EAGAIN on a non-blocking pipe. */
function writeAllSync(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) {
    try {
      at += writeSync(fd, bytes, at, bytes.length - at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') pauseBriefly();
      // The reader went away (`deck-sim … | head`): the run ends quietly, as in guarded.
      else if (code === 'EPIPE') process.exit(1);
      else throw error;
    }
  }
}

const guardedStreams = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that went away (`deck-sim … | head`) ends the run quietly, without a stack trace.
 * Each stream is made and guarded when first written to: a run that prints nothing on one
 * never pays for setting it up.
 */
function guarded(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (!guardedStreams.has(stream)) {
    guardedStreams.add(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(1);
    });
  }
  return stream;
}

export const processIo: Io = {
  stdout: (text) => {
    guarded(process.stdout).write(text);
  },
  stderr: (text) => {
    guarded(process.stderr).write(text);
  },
  readStdin: (limit) => readCapped(0, limit),
  stdoutBytes: (bytes) => writeAllSync(1, bytes),
  get stderrIsTTY() {
    return process.stderr.isTTY === true;
  },
};
