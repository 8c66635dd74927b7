/**
 * The replay's frames by step. Page 0 comes with the replay and stays; other pages are asked
 * for when a step needs them, and only the most recently used few are kept (a long ⑨ game has
 * a thousand pages). No VS Code here, so it is tested in process.
 */
import type { ReplayFrame } from '../../../server/src/protocol/replay';
import type { ReplayFramesResult } from '../../../server/src/protocol/requests';

/** Asks the server for `count` frames from step `from`; null when the document moved on. */
export type FetchFrames = (from: number, count: number) => Promise<ReplayFramesResult | null>;

export const KEPT_PAGES = 16;

export class FramePages {
  private readonly frames = new Map<number, ReplayFrame>();
  /** Pages asked for, least recently used first. */
  private readonly pages = new Map<number, Promise<void>>();

  constructor(
    private readonly pageSize: number,
    first: readonly ReplayFrame[],
    private readonly fetch: FetchFrames,
    private readonly keptPages = KEPT_PAGES,
  ) {
    first.forEach((frame, step) => this.frames.set(step, frame));
  }

  get(step: number): ReplayFrame | undefined {
    return this.frames.get(step);
  }

  /** Settles once `step`'s frame is here, or the server had none (it is asked again next time). */
  async load(step: number): Promise<void> {
    const page = Math.floor(step / this.pageSize);
    let pending = this.pages.get(page);
    if (pending) {
      this.pages.delete(page); // most recently used last
    } else if (this.frames.has(step)) {
      return; // page 0
    } else {
      this.forgetOldPages();
      pending = this.fetch(page * this.pageSize, this.pageSize).then((result) => {
        if (!result) this.pages.delete(page);
        else result.frames.forEach((frame, i) => this.frames.set(result.from + i, frame));
      }, () => {
        this.pages.delete(page);
      });
    }
    this.pages.set(page, pending);
    await pending;
  }

  /** Steps whose frames are kept now (page 0's and the kept pages'). */
  keptSteps(): number[] {
    return [...this.frames.keys()].sort((a, b) => a - b);
  }

  private forgetOldPages(): void {
    while (this.pages.size >= this.keptPages) {
      const oldest: number = this.pages.keys().next().value!;
      this.pages.delete(oldest);
      if (oldest === 0) continue; // page 0 came with the replay
      for (let step = oldest * this.pageSize; step < (oldest + 1) * this.pageSize; step++) this.frames.delete(step);
    }
  }
}
