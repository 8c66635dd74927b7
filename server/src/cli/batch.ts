/**
 * Runs a task over many decks on `jobs` threads: this one and `jobs - 1` workers, which take
 * chunks of decks from one queue. Each thread reads, analyses and writes its decks' output
 * files itself, so neither reading nor writing waits on one thread, and only a chunk's
 * messages (stderr text, usually empty) come back, printed in input order: the output is the
 * same for any `jobs`.
 */
import { closeSync, ftruncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Io } from './processIo';
import { CannotWrite, openInPlace, reason, replaceFile } from './outputFiles';
import { addTally, emptyTally, internalError, runTask, type BatchTask, type ProblemTally } from './tasks';

/** A chunk for a worker, and its answer: what its decks printed, in order, whether any failed, their problems. */
export interface ChunkRequest { id: number; files: string[] }
export interface ChunkResult { id: number; stderr: string; failed: boolean; problems: ProblemTally }

/** A batch's outcome: whether any deck failed, and the problems of all its decks. */
export interface BatchResult { failed: boolean; problems: ProblemTally }

// Chunks big enough that messages cost little, small enough that workers finish together; a
// batch of one chunk runs here, as starting a worker costs more than a few dozen decks.
const MIN_CHUNK = 32;
const MAX_CHUNK = 128;
// Chunks queued per worker, so it never waits for the main thread.
const IN_FLIGHT = 2;

/** Runs every deck, prints each one's messages in input order; returns whether any failed, and the problems. */
export async function runBatch(task: BatchTask, files: readonly string[], jobs: number, io: Io): Promise<BatchResult> {
  const size = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.ceil(files.length / (jobs * 8))));
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += size) chunks.push(files.slice(i, i + size));
  // Standard input belongs to this thread; one job, or one chunk, is not worth a worker.
  const threads = files.includes('-') ? 1 : Math.min(jobs, chunks.length);
  const printer = new OrderedPrinter(io, chunks.length);
  await runOnThreads(task, chunks, threads, io, printer);
  return { failed: printer.failed, problems: printer.problems };
}

/** Prints chunk results as soon as every earlier chunk has been printed. */
class OrderedPrinter {
  failed = false;
  readonly problems = emptyTally();
  private next = 0;
  private readonly waiting = new Map<number, ChunkResult>();

  constructor(private readonly io: Io, private readonly total: number) {}

  add(result: ChunkResult): void {
    this.waiting.set(result.id, result);
    for (let ready = this.waiting.get(this.next); ready; ready = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++);
      if (ready.stderr) this.io.stderr(ready.stderr);
      if (ready.failed) this.failed = true;
      addTally(this.problems, ready.problems);
    }
  }

  get done(): boolean {
    return this.next === this.total;
  }
}

// Where output files are encoded: a thread writes one at a time, and most are a few KB.
const scratch = Buffer.allocUnsafe(1 << 16);

/**
 * Writes one output file; returns the message for a failure. An existing file is written over
 * in place and then cut to length, rather than truncated first: truncating a file written
 * moments ago (the previous run into the same folder) waits for the disk, writing it does not.
 * A link, or a file with other names, is replaced whole instead: never written through.
 */
function write(path: string, text: string): string | undefined {
  // UTF-8 takes at most 3 bytes per UTF-16 unit; a bigger text (a large ⑨ game) gets its own.
  const bytes = text.length * 3 <= scratch.length ? scratch.subarray(0, scratch.write(text)) : Buffer.from(text);
  let fd: number | undefined;
  try {
    fd = openInPlace(path);
    if (fd === undefined) {
      replaceFile(path, bytes);
      return undefined;
    }
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at, at);
    ftruncateSync(fd, bytes.length);
    return undefined;
  } catch (error) {
    return `deck-sim: ${error instanceof CannotWrite ? error.message : `cannot write '${path}': ${reason(error)}`}\n`;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Runs a chunk's decks in order, writing each output file as soon as it is made. */
export function runChunk(task: BatchTask, id: number, files: readonly string[], io: Io): ChunkResult {
  let stderr = '';
  let failed = false;
  const problems = emptyTally();
  for (const file of files) {
    const outcome = runTask(task, file, io);
    const writeError = outcome.output && write(outcome.output.path, outcome.output.text);
    stderr += outcome.stderr + (writeError ?? '');
    if (outcome.failed || writeError) failed = true;
    if (outcome.problems) addTally(problems, outcome.problems);
  }
  return { id, stderr, failed, problems };
}

/**
 * This thread and `threads - 1` workers take chunks in turn. This one starts at once, while
 * the workers start (some 50 ms), and looks at their answers between two of its chunks.
 */
function runOnThreads(
  task: BatchTask, chunks: string[][], threads: number, io: Io, printer: OrderedPrinter,
): Promise<void> {
  return new Promise((resolve) => {
    let nextChunk = 0;
    const feed = (worker: Worker, queued: Set<number>) => {
      while (queued.size < IN_FLIGHT && nextChunk < chunks.length) {
        const request: ChunkRequest = { id: nextChunk, files: chunks[nextChunk] };
        queued.add(nextChunk++);
        worker.postMessage(request);
      }
      if (queued.size === 0) void worker.terminate();
      if (printer.done) resolve();
    };
    const start = () => {
      const worker = new Worker(join(__dirname, 'batchWorker.js'), { workerData: task });
      const queued = new Set<number>();
      worker.on('message', (result: ChunkResult) => {
        queued.delete(result.id);
        printer.add(result);
        feed(worker, queued);
      });
      // A worker that dies fails the decks it held; a fresh one takes the rest.
      worker.on('error', (error) => {
        for (const id of queued) {
          const files = chunks[id];
          const problems = { error: files.length, warning: 0, information: 0, decks: files.length };
          printer.add({ id, stderr: files.map((file) => internalError(file, error)).join(''), failed: true, problems });
        }
        queued.clear();
        if (nextChunk < chunks.length) start();
        else if (printer.done) resolve();
      });
      feed(worker, queued);
    };
    const runOne = () => {
      if (nextChunk < chunks.length) {
        const id = nextChunk++;
        printer.add(runChunk(task, id, chunks[id], io));
        // The workers' answers and requests wait for this turn of the event loop.
        setImmediate(runOne);
      } else if (printer.done) {
        resolve();
      }
    };
    for (let i = 1; i < threads; i++) start();
    runOne();
  });
}
