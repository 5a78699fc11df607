import { performance } from 'node:perf_hooks';

/**
 * How long the event loop has been blocked, so that a deadline counts only time the checker could
 * work. The offline part of a large answer (tens of MB, a million numbers) runs synchronously for
 * tens of seconds; an honest answer graded beside it had its deadline pass while nothing of its
 * own could run, and its 404 passed as `inconclusive`. Its verdict depended on another answer's
 * size. A deadline now gives back the time the loop was stalled while it ran (`deadline.ts`).
 *
 * Measured by a heartbeat every `TICK_MS`, running only while some deadline is armed (and never
 * holding the process open): a gap between beats longer than `TICK_MS + STALL_MS` is a stall of
 * the gap minus one tick. Short gaps (ordinary work, a busy machine) are not counted, so a checker
 * doing its own work in small steps does not lengthen its deadlines.
 */
const TICK_MS = 20;
const STALL_MS = 50;

export class LoopStalls {
  private total = 0;
  private last = 0;
  private users = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A deadline starts counting on the heartbeat; `release` when it is done. */
  acquire(): void {
    if (this.users++ > 0) return;
    this.last = this.now();
    this.timer = setInterval(() => this.beat(), TICK_MS);
    this.timer.unref();
  }

  release(): void {
    if (this.users === 0 || --this.users > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Milliseconds stalled so far, including a stall the loop has just come back from. */
  read(): number {
    return this.total + this.current();
  }

  private current(): number {
    if (this.timer === undefined) return 0;
    const gap = this.now() - this.last - TICK_MS;
    return gap > STALL_MS ? gap : 0;
  }

  private beat(): void {
    this.total += this.current();
    this.last = this.now();
  }
}

/** One for the process: a stall blocks every checker in it alike. */
export const loopStalls = new LoopStalls();
