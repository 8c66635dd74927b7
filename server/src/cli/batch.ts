/**
 * Runs a task over many decks on `jobs` worker threads. Decks go out in chunks, results come
 * back per chunk and are printed in input order, so the output is the same for any `jobs`.
 * Writing a deck's output is asynchronous and overlaps the analysis of the next ones.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Io } from './io';
import { internalError, runTask, settle, type BatchTask, type DeckOutcome } from './tasks';

/** A chunk for a worker, and its answer. */
export interface ChunkRequest { id: number; files: string[] }
export interface ChunkResult { id: number; outcomes: DeckOutcome[] }

// Chunks big enough that messages cost little, small enough that workers finish together.
const MAX_CHUNK = 128;
// Chunks queued per worker, so it never waits for the main thread.
const IN_FLIGHT = 2;

/** Runs every deck, prints each one's output in input order; returns whether any failed. */
export async function runBatch(task: BatchTask, files: readonly string[], jobs: number, io: Io): Promise<boolean> {
  const size = Math.max(1, Math.min(MAX_CHUNK, Math.ceil(files.length / (jobs * 8))));
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += size) chunks.push(files.slice(i, i + size));
  // Standard input belongs to this thread; one chunk is not worth starting a worker for.
  const threads = files.includes('-') ? 1 : Math.min(jobs, chunks.length);
  const printer = new OrderedPrinter(io, chunks.length);
  if (threads <= 1) await runHere(task, chunks, io, printer);
  else await runOnWorkers(task, chunks, threads, printer);
  return printer.failed;
}

/** Prints chunk results as soon as every earlier chunk has been printed. */
class OrderedPrinter {
  failed = false;
  private next = 0;
  private readonly waiting = new Map<number, DeckOutcome[]>();

  constructor(private readonly io: Io, private readonly total: number) {}

  add(id: number, outcomes: DeckOutcome[]): void {
    this.waiting.set(id, outcomes);
    for (let ready = this.waiting.get(this.next); ready; ready = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++);
      for (const outcome of ready) {
        if (outcome.stdout) this.io.stdout(outcome.stdout);
        if (outcome.stderr) this.io.stderr(outcome.stderr);
        if (outcome.failed) this.failed = true;
      }
    }
  }

  get done(): boolean {
    return this.next === this.total;
  }
}

async function runHere(task: BatchTask, chunks: string[][], io: Io, printer: OrderedPrinter): Promise<void> {
  for (const [id, files] of chunks.entries()) printer.add(id, await runChunk(task, files, io));
}

/**
 * Runs the decks of a chunk one by one, letting the event loop turn after each so the writes
 * they start (open, write, close) move on while the next deck is analysed.
 */
export async function runChunk(task: BatchTask, files: readonly string[], io: Io): Promise<DeckOutcome[]> {
  const outcomes: Promise<DeckOutcome>[] = [];
  for (const file of files) {
    outcomes.push(settle(runTask(task, file, io)));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return Promise.all(outcomes);
}

function runOnWorkers(task: BatchTask, chunks: string[][], threads: number, printer: OrderedPrinter): Promise<void> {
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
        printer.add(result.id, result.outcomes);
        feed(worker, queued);
      });
      // A worker that dies fails the decks it held; a fresh one takes the rest.
      worker.on('error', (error) => {
        for (const id of queued) {
          printer.add(id, chunks[id].map((file) => ({ stdout: '', stderr: internalError(file, error), failed: true })));
        }
        queued.clear();
        if (nextChunk < chunks.length) start();
        else if (printer.done) resolve();
      });
      feed(worker, queued);
    };
    for (let i = 0; i < threads; i++) start();
  });
}
