/** A worker thread of `runBatch`: runs the task on each chunk of decks it is sent. */
import { parentPort, workerData } from 'node:worker_threads';
import { runChunk, type ChunkRequest, type ChunkResult } from './batch';
import { processIo } from './processIo';
import type { BatchTask } from './tasks';

const task = workerData as BatchTask;

parentPort!.on('message', ({ id, files }: ChunkRequest) => {
  parentPort!.postMessage(runChunk(task, id, files, processIo) satisfies ChunkResult);
});
