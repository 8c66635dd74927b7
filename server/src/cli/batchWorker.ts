/** A worker thread of `runBatch`: runs the task on each chunk of decks it is sent, in turn. */
import { parentPort, workerData } from 'node:worker_threads';
import { runChunk, type ChunkRequest, type ChunkResult } from './batch';
import { processIo } from './io';
import type { BatchTask } from './tasks';

const task = workerData as BatchTask;
let previous = Promise.resolve();

parentPort!.on('message', ({ id, files }: ChunkRequest) => {
  previous = previous
    .then(() => runChunk(task, files, processIo))
    .then((outcomes) => parentPort!.postMessage({ id, outcomes } satisfies ChunkResult));
});
