import { setTimeout as delay } from 'node:timers/promises';

/** The abort reason of a link nobody waits for (past its deadline, or the checker closed). */
export class Cancelled extends Error {
  override readonly name = 'Cancelled';
  constructor(readonly why: 'deadline' | 'closed') {
    super(why === 'deadline' ? 'deadline reached' : 'the link checker was closed');
  }
}

/** A link's stop switch, with whose share of the slots it counts in and whether it had one. */
export class Stop extends AbortController {
  /** A request of it asked for a slot, and one had it (set by the limiter). */
  queued = false;
  tried = false;
  private lookupsWaiting = 0;

  constructor(readonly party?: PartyKey) {
    super();
  }

  noteLookupWaiting(waiting: boolean): void {
    this.lookupsWaiting += waiting ? 1 : -1;
  }

  /** Its deadline went on others' work: nothing of it ran, and a request or lookup waited. */
  get starved(): boolean {
    return !this.tried && (this.queued || this.lookupsWaiting > 0);
  }
}

/** Who a request works for: one answer (its deadline), or one batch (`stale`). */
export type PartyKey = string | number;

/** `promise`, or `onAbort()` once `signal` aborts; the listener goes when `promise` settles. */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  onAbort: () => T | Promise<T>,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(onAbort());
  return new Promise<T>((resolve, reject) => {
    const aborted = (): void => resolve(onAbort());
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}

/**
 * `sleep(ms)` that ends early when `signal` aborts; the default timer is cleared then, so a wait
 * before a retry does not hold the process after the checker is closed. `sleep`: tests' own.
 */
export async function abortableSleep(
  sleep: ((ms: number) => Promise<void>) | undefined,
  ms: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  if (sleep) return untilAborted(sleep(ms), signal, () => undefined);
  await delay(ms, undefined, signal ? { signal } : {}).catch(() => undefined);
}

/**
 * Work several links wait on (a refused origin's retry, a soft-404 probe), aborted once all that
 * joined stopped waiting. `join`: the result, or `onAbort()` when the link's signal aborts first.
 */
export class SharedWork<T> {
  private readonly controller: Stop;
  private waiting = 0;
  private settled = false;
  readonly result: Promise<T>;

  /** `party`: the first link's, so the work counts in the share of the answer that caused it. */
  constructor(task: (link: Stop) => Promise<T>, party?: PartyKey) {
    this.controller = new Stop(party);
    this.result = task(this.controller);
    const settle = (): void => {
      this.settled = true;
    };
    this.result.then(settle, settle);
  }

  /** True once aborted because nobody waited: a new link must start the work afresh. */
  get abandoned(): boolean {
    return this.controller.signal.aborted;
  }

  join(signal: AbortSignal | undefined, onAbort: () => T): Promise<T> {
    if (!signal) {
      this.waiting = Number.POSITIVE_INFINITY;
      return this.result;
    }
    this.waiting++;
    // Only a waiter that leaves early counts down: settled work is never aborted.
    return untilAborted(this.result, signal, () => {
      this.waiting--;
      if (this.waiting === 0 && !this.settled) this.controller.abort(new Cancelled('deadline'));
      return onAbort();
    });
  }
}
