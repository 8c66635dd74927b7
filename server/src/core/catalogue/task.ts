/**
 * What a long step of the audit (measuring many decks, searching for new ones) reports as it
 * goes, and how its caller stops it: the language server runs it in slices between requests.
 */
export interface LongTask {
  /**
   * Called after each unit of work (a deck measured, a target searched). The step awaits what
   * it returns, so a caller can yield to its event loop there.
   */
  progress?(done: number, total: number): void | Promise<void>;
  /** Checked after each unit of work: true ends the step with `Cancelled`. */
  cancelled?(): boolean;
}

/** Thrown by a long step whose `cancelled()` said so. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** Reports one unit of work done and stops when the caller asks. */
export async function step(task: LongTask | undefined, done: number, total: number): Promise<void> {
  await task?.progress?.(done, total);
  if (task?.cancelled?.()) throw new Cancelled();
}
