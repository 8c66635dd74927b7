/**
 * The reference audit's progress on stderr. On a terminal one line redraws itself (done, left,
 * killed, ETA) at most four times a second; elsewhere (a log, a test) only each phase's closing
 * line is written, so stderr stays short. stdout carries the report alone either way.
 */
import type { Io } from '../processIo';

const REDRAW_MS = 250;

export class Progress {
  private start = 0;
  private total = 0;
  private done = 0;
  private lastDraw = 0;
  private drawn = false;

  constructor(private readonly io: Io, private readonly now: () => number = Date.now) {}

  /** Starts a phase of `total` steps. */
  begin(total: number): void {
    this.start = this.now();
    this.total = total;
    this.done = 0;
    this.lastDraw = 0;
  }

  /** The phase's steps, once known (they were counted after it began). */
  setTotal(total: number): void {
    this.total = total;
  }

  /** One step done; `line(done, total)` says where the phase is, shown with the ETA on a terminal. */
  step(line: (done: number, total: number) => string): void {
    this.done++;
    if (!this.io.stderrIsTTY) return;
    const now = this.now();
    if (now - this.lastDraw < REDRAW_MS && this.done < this.total) return;
    this.lastDraw = now;
    this.drawn = true;
    this.io.stderr(`\r\x1b[K${line(this.done, this.total)}${eta(now - this.start, this.done, this.total)}`);
  }

  /** Ends the phase with its summary line, in seconds since `begin`. */
  end(summary: (seconds: string) => string): void {
    const seconds = ((this.now() - this.start) / 1000).toFixed(1);
    this.io.stderr(`${this.drawn ? '\r\x1b[K' : ''}${summary(seconds)}\n`);
    this.drawn = false;
  }
}

function eta(elapsedMs: number, done: number, total: number): string {
  if (done === 0 || done >= total) return '';
  const seconds = Math.round((elapsedMs / done) * (total - done) / 1000);
  return `, ETA ${seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`}`;
}
