/**
 * Writes files in the background, a few at a time: the analysis of the next decks goes on
 * meanwhile, and open files stay bounded however many decks a batch has.
 */
import { writeFile } from 'node:fs/promises';

// Creating files in one folder is serialised by the file system: more lanes only contend.
const LANES = 8;
let running = 0;
const waiting: (() => void)[] = [];

/** Resolves to undefined once written, or to the error code (EACCES, ENOSPC…). */
export async function queueWrite(path: string, text: string): Promise<string | undefined> {
  if (running >= LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    await writeFile(path, text);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  } finally {
    running--;
    waiting.shift()?.();
  }
}
