/**
 * Runs a task over many decks on `jobs` worker threads. Decks go out in chunks, results come
 * back per chunk and are printed in input order, so the output is the same for any `jobs`.
 * The main thread writes the output files while the workers analyse the next chunks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Io } from './io';
import { internalError, runTask, type BatchTask, type DeckOutcome } from './tasks';

/** A chunk for a worker, and its answer. */
export interface ChunkRequest { id: number; files: string[] }
export interface ChunkResult { id: number; outcomes: DeckOutcome[] }

// Chunks big enough that messages cost little, small enough that workers finish together; a
// batch of one chunk runs here, as starting a worker costs more than a few dozen decks.
const MIN_CHUNK = 32;
const MAX_CHUNK = 128;
// Chunks queued per worker, so it never waits for the main thread.
const IN_FLIGHT = 2;

/** Runs every deck, prints each one's output in input order; returns whether any failed. */
export async function runBatch(task: BatchTask, files: readonly string[], jobs: number, io: Io): Promise<boolean> {
  const size = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.ceil(files.length / (jobs * 8))));
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += size) chunks.push(files.slice(i, i + size));
  // Standard input belongs to this thread; one chunk is not worth starting a worker for. With
  // files to write, even one job runs on a worker so that writing overlaps analysis.
  const threads = files.includes('-') || chunks.length <= 1 ? 0 : Math.min(jobs, chunks.length);
  const printer = new OrderedPrinter(io, chunks.length);
  if (threads === 0 || (threads === 1 && !writesFiles(task))) runHere(task, chunks, io, printer);
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
        const writeError = outcome.output && write(outcome.output.path, outcome.output.text);
        if (outcome.stderr) this.io.stderr(outcome.stderr);
        if (writeError) this.io.stderr(writeError);
        if (outcome.failed || writeError) this.failed = true;
      }
    }
  }

  get done(): boolean {
    return this.next === this.total;
  }
}

function writesFiles(task: BatchTask): boolean {
  return task.command === 'simulate' && task.outDir !== undefined;
}

/** Writes one output file; returns the message for a failure. */
function write(path: string, text: string): string | undefined {
  try {
    writeFileSync(path, text);
    return undefined;
  } catch (error) {
    return `deck-sim: cannot write '${path}': ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`;
  }
}

function runHere(task: BatchTask, chunks: string[][], io: Io, printer: OrderedPrinter): void {
  for (const [id, files] of chunks.entries()) printer.add(id, runChunk(task, files, io));
}

export function runChunk(task: BatchTask, files: readonly string[], io: Io): DeckOutcome[] {
  return files.map((file) => runTask(task, file, io));
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
          printer.add(id, chunks[id].map((file) => ({ stderr: internalError(file, error), failed: true })));
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
