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
 * Calls `hook` when `signal` aborts (at once if it already has; never without a signal); the
 * returned function unhooks it.
 *
 * Why not `addEventListener` on every request and wait: a link's signal is listened to by each of
 * its requests, queued waits and retries, and on the liveness bench adding and removing
 * EventTarget listeners (and the garbage they leave) was a tenth of the checker's processor time.
 * So each signal gets one listener, and the hooks of its link sit in a Set behind it. Same
 * semantics: hooks run in the order they were added, and one unhooked before its turn does not run.
 */
export function whenAborted(signal: AbortSignal | undefined, hook: () => void): () => void {
  if (!signal) return noop;
  if (signal.aborted) {
    hook();
    return noop;
  }
  let hooks = abortHooks.get(signal);
  if (!hooks) {
    const fresh = new Set<() => void>();
    abortHooks.set(signal, fresh);
    signal.addEventListener(
      'abort',
      () => {
        abortHooks.delete(signal);
        for (const each of [...fresh]) if (fresh.delete(each)) each();
      },
      { once: true },
    );
    hooks = fresh;
  }
  const mine = (): void => hook();
  hooks.add(mine);
  const set = hooks;
  return () => void set.delete(mine);
}

const abortHooks = new WeakMap<AbortSignal, Set<() => void>>();

function noop(): void {}

/** `promise`, or `onAbort()` as soon as `signal` aborts, whichever comes first. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => T): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(onAbort());
  return new Promise<T>((resolve, reject) => {
    const unhook = whenAborted(signal, () => resolve(onAbort()));
    promise.then(
      (value) => {
        unhook();
        resolve(value);
      },
      (error: unknown) => {
        unhook();
        reject(error);
      },
    );
  });
}

/**
 * `sleep(ms)` that ends early when `signal` aborts. An injected `sleep` (tests) cannot be stopped,
 * so only waiting for it ends; the default is a timer cleared on abort, so that a wait before a
 * retry (up to `retryAfterCapMs`) does not hold the process after the checker is closed.
 */
export function abortableSleep(sleep: ((ms: number) => Promise<void>) | undefined, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (sleep) return untilAborted(sleep(ms), signal, () => undefined);
  if (signal?.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let unhook = noop;
    const done = (): void => {
      clearTimeout(timer);
      unhook();
      resolve();
    };
    const timer = setTimeout(done, ms);
    unhook = whenAborted(signal, done);
  });
}

/**
 * Work several links wait on (one refused origin's retry, one origin's soft-404 probe), aborted
 * once every link that joined has stopped waiting. `join` gives a link the result, or `onAbort()`
 * when the link's own signal aborts first.
 */
export class SharedWork<T> {
  private readonly controller = new AbortController();
  private waiting = 0;
  private settled = false;
  readonly result: Promise<T>;

  constructor(task: (signal: AbortSignal) => Promise<T>) {
    this.result = task(this.controller.signal);
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
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      this.waiting--;
    };
    return untilAborted(this.result, signal, () => {
      leave();
      if (this.waiting === 0 && !this.settled) this.controller.abort(new Cancelled('deadline'));
      return onAbort();
    }).then((value) => {
      leave();
      return value;
    });
  }
}
