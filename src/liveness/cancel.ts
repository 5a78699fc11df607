import { setTimeout as delay } from 'node:timers/promises';

/**
 * Stopping work nobody waits for any more. A link past its answer's deadline (or its host's, in
 * `stale`), or every link once the checker is closed (Ctrl-C), is aborted: its request's socket is
 * closed, its queued requests leave the queue, its waits between retries end. Nothing keeps running
 * for a verdict that has already been given.
 */

/** The abort reason of a link nobody waits for any more. */
export class Cancelled extends Error {
  override readonly name = 'Cancelled';
  constructor(readonly why: 'deadline' | 'closed') {
    super(why === 'deadline' ? 'deadline reached' : 'the link checker was closed');
  }
}

/**
 * A link's stop switch: an AbortController whose signal the checker's parts listen to (the
 * limiter's queue, a request in flight, a wait between retries, shared work), with what the
 * limiter needs to know of the link besides: whose share of the slots it counts in, and whether it
 * ever had a slot (`starved`, read at its deadline).
 */
export class Stop extends AbortController {
  /** A request of this link asked for a slot (`noteQueued`), and one had it (`noteTried`). */
  queued = false;
  tried = false;
  /** Lookups of its host waiting for a DNS slot now (`noteLookupWaiting`). */
  private lookupsWaiting = 0;

  /**
   * `party`: whose work this is, the answer the link was asked for: the limiter shares its slots
   * fairly between parties, so one answer's links never wait behind another's whole queue. None:
   * the shared party.
   */
  constructor(readonly party?: PartyKey) {
    super();
  }

  /** Called when one of the link's requests asks for its slots, and when one gets them. */
  noteQueued(): void {
    this.queued = true;
  }

  noteTried(): void {
    this.tried = true;
  }

  /** Called when a lookup of its host starts waiting for a DNS slot (true), and stops (false). */
  noteLookupWaiting(waiting: boolean): void {
    this.lookupsWaiting += waiting ? 1 : -1;
  }

  /**
   * The link waited for a slot and never had one: its deadline was spent on other links' work.
   * No request of it ran, and one asked for a request slot, or its host's lookup is still waiting
   * for a DNS slot (a lookup that ran, however slowly, is no wait for load).
   */
  get starved(): boolean {
    return !this.tried && (this.queued || this.lookupsWaiting > 0);
  }
}

/** Who a request works for: one answer (its deadline), or one batch (`stale`). */
export type PartyKey = string | number;

/**
 * `promise`, or what `onAbort()` gives as soon as `signal` aborts, whichever comes first. The
 * listener is removed once `promise` settles, so a long-lived signal gathers none.
 */
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
 * `sleep(ms)` that ends early when `signal` aborts. An injected `sleep` (tests) cannot be stopped,
 * so only waiting for it ends; the default is a timer cleared on abort, so that a wait before a
 * retry (up to `retryAfterCapMs`) does not hold the process after the checker is closed.
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
 * Work several links wait on (one refused origin's retry, one origin's soft-404 probe), aborted
 * once every link that joined has stopped waiting. `join` gives a link the result, or `onAbort()`
 * when the link's own signal aborts first.
 */
export class SharedWork<T> {
  private readonly controller: Stop;
  private waiting = 0;
  private settled = false;
  readonly result: Promise<T>;

  /** `party`: the first link's, so shared work counts in the share of the answer that caused it. */
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
      // A waiter without a signal waits to the end: the work is never abandoned.
      this.waiting = Number.POSITIVE_INFINITY;
      return this.result;
    }
    this.waiting++;
    // Only a waiter that leaves early counts down: once the work is settled, nothing aborts it.
    return untilAborted(this.result, signal, () => {
      this.waiting--;
      if (this.waiting === 0 && !this.settled) this.controller.abort(new Cancelled('deadline'));
      return onAbort();
    });
  }
}
