import { whenAborted, type StopSignal } from './cancel.js';
import { Fifo } from './fifo.js';

/**
 * Bounded concurrency, overall and per host, so a checker is polite to every site and to the
 * machine it runs on: at most `concurrency` requests in flight, at most `perHost` to one host.
 *
 * Which request goes next when a slot frees matters as much as the limits. With a per-host limit
 * the hosts with the most work left are the critical path: a host with 40 requests queued needs at
 * least 20 rounds at 2 in flight, a host with 2 queued needs one. Serving waiters first come,
 * first served lets a busy host sit idle behind hosts that have little left, and the run ends with
 * the busy host working alone at 2 in flight while the other slots are empty. So an overall slot
 * goes to the host with the **longest backlog** (requests waiting for it), the classic
 * longest-work-first heuristic for makespan; ties go to the host whose oldest waiter came first.
 *
 * Pure longest-backlog-first can starve a host with one request while busier hosts keep receiving
 * work (a long-running process checking links as answers arrive). Each host is therefore ranked by
 * a virtual start time: when its oldest waiter arrived (counted in requests started so far) minus
 * `BACKLOG_WEIGHT` for each request it has waiting, at most `BACKLOG_CAP` of them. The lowest rank
 * goes first. A waiting request can only be overtaken by requests that arrived before it or fewer
 * than `BACKLOG_WEIGHT × BACKLOG_CAP` starts after it, so no host waits forever; within a batch
 * that arrives at once (the usual case) the ranking is exactly longest-backlog-first.
 *
 * Slots are handed out once per turn of the event loop (`setImmediate`), not the moment a request
 * asks or a slot frees. Requests arrive in bursts: a batch of links all asks within one turn, and a
 * finished HEAD asks for its GET a few microtasks after freeing its slot. Handing slots out at once
 * served the first arrivals as they came (the first 64 slots of a 1,000-link batch went to its
 * first 16 hosts, 4 each, and the refusing host's first attempt waited about 100 ms behind them),
 * and gave a freed slot to a new link before the follow-up of the link that freed it had asked.
 * Deciding once the turn's arrivals are all queued makes the ranking below hold for the whole burst.
 *
 * A host's rank only changes when its own queue or slots change, so the ready hosts sit in a
 * binary heap: O(log hosts) per decision. Within a host, follow-ups (a GET after a HEAD, the next
 * hop of a redirect, a retry, the soft-404 probe) run before new links, each kind in arrival order:
 * a link already started finishes before the host starts another, so results arrive while the run
 * goes on rather than all at its end. A host ranks by its oldest waiter of either kind.
 * Deterministic: the same arrivals and completions in the same order give the same schedule.
 */

/** How many request starts one waiting request of a host is worth in its rank (see above). */
export const BACKLOG_WEIGHT = 16;
/** Backlog beyond this no longer raises a host's priority, which bounds how long anyone waits. */
export const BACKLOG_CAP = 64;

interface Waiter {
  /** Arrival order, unique: the final tie-break. */
  seq: number;
  /** Requests started before this one arrived: its age in the rank. */
  arrivedAt: number;
  start: () => void;
  /** Its link was aborted while it waited: skipped, no longer counted as waiting. */
  cancelled: boolean;
}

interface HostState {
  name: string;
  active: number;
  /** Waiters of both kinds, cancelled ones not counted. */
  waiting: number;
  /** Follow-ups of links already started: served before `fresh`. */
  readonly followUps: Fifo<Waiter>;
  readonly fresh: Fifo<Waiter>;
  /** Position in the ready heap, -1 when not in it (no waiter, or every host slot busy). */
  heapIndex: number;
}

export class Limiter {
  private readonly hosts = new Map<string, HostState>();
  /** Hosts with a waiter and a free host slot, lowest rank first. */
  private readonly ready: HostState[] = [];
  private active = 0;
  /** Requests started so far: the clock waiters' ages are measured in. */
  private started = 0;
  private arrivals = 0;
  private dispatchPending = false;

  constructor(
    private readonly concurrency: number,
    private readonly perHost: number,
  ) {}

  /**
   * Run `task` once a slot for `host` and an overall slot are free; both are held until it
   * settles. A request waiting on a busy host never holds one of the overall slots other hosts
   * could use. `followUp`: the request continues a link already started (see the top comment).
   * `signal`: its link was aborted; a request still waiting leaves the queue and `run` rejects with
   * the signal's reason, without running `task`.
   */
  async run<T>(
    host: string,
    task: () => Promise<T>,
    followUp = false,
    signal?: StopSignal,
  ): Promise<T> {
    await this.acquire(host, followUp, signal);
    try {
      return await task();
    } finally {
      this.release(host);
    }
  }

  /** Requests in flight and waiting, for one host or overall (tests, diagnostics). */
  stats(host?: string): { active: number; waiting: number } {
    if (host !== undefined) {
      const state = this.hosts.get(host);
      return { active: state?.active ?? 0, waiting: state === undefined ? 0 : waitingOf(state) };
    }
    let waiting = 0;
    for (const state of this.hosts.values()) waiting += waitingOf(state);
    return { active: this.active, waiting };
  }

  private acquire(name: string, followUp: boolean, signal: StopSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let state = this.hosts.get(name);
    if (!state) {
      state = {
        name,
        active: 0,
        waiting: 0,
        followUps: new Fifo(),
        fresh: new Fifo(),
        heapIndex: -1,
      };
      this.hosts.set(name, state);
    }
    const host = state;
    return new Promise<void>((resolve, reject) => {
      const abort = (): void => {
        waiter.cancelled = true;
        host.waiting--;
        dropCancelled(host.followUps);
        dropCancelled(host.fresh);
        // Fewer waiting lowers the host's priority (or takes it out of the ready heap).
        this.reposition(host);
        if (host.active === 0 && host.waiting === 0) this.hosts.delete(name);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        seq: this.arrivals++,
        arrivedAt: this.started,
        cancelled: false,
        start: () => {
          unhook();
          resolve();
        },
      };
      const unhook = whenAborted(signal, abort);
      (followUp ? host.followUps : host.fresh).push(waiter);
      host.waiting++;
      // One more waiting raises the host's priority (or makes it ready).
      this.reposition(host);
      this.scheduleDispatch();
    });
  }

  private release(name: string): void {
    this.active--;
    const host = this.hosts.get(name);
    // Always there: a host's state is kept while it has a request in flight.
    if (!host) return this.scheduleDispatch();
    host.active--;
    if (host.active === 0 && waitingOf(host) === 0) {
      this.hosts.delete(name);
    } else {
      this.reposition(host);
    }
    this.scheduleDispatch();
  }

  /** Dispatch once this turn's arrivals and releases are all in (see the comment at the top). */
  private scheduleDispatch(): void {
    if (this.dispatchPending) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

  /** Start waiters while overall slots are free, best-ranked ready host first. */
  private dispatch(): void {
    while (this.active < this.concurrency) {
      const host = this.ready[0];
      if (!host) return;
      const queue = host.followUps.length > 0 ? host.followUps : host.fresh;
      const waiter = queue.shift();
      if (waiter) {
        dropCancelled(queue);
        host.waiting--;
      }
      if (!waiter) {
        // Not reachable: a host is only ready with a waiter. Dropped rather than looping forever.
        this.remove(host);
        continue;
      }
      host.active++;
      this.active++;
      this.started++;
      this.reposition(host);
      waiter.start();
    }
  }

  /** The host's rank: lower goes first (see the comment at the top). */
  private rank(host: HostState): number {
    const head = oldest(host);
    if (!head) return Number.POSITIVE_INFINITY;
    return head.arrivedAt - Math.min(waitingOf(host), BACKLOG_CAP) * BACKLOG_WEIGHT;
  }

  private before(a: HostState, b: HostState): boolean {
    const rankA = this.rank(a);
    const rankB = this.rank(b);
    if (rankA !== rankB) return rankA < rankB;
    // Ties: first come, first served (arrival numbers are unique, so the order is total).
    return (
      (oldest(a)?.seq ?? Number.POSITIVE_INFINITY) < (oldest(b)?.seq ?? Number.POSITIVE_INFINITY)
    );
  }

  /** Put `host` where it belongs after its queue or slots changed: in the heap or out of it. */
  private reposition(host: HostState): void {
    const eligible = waitingOf(host) > 0 && host.active < this.perHost;
    if (!eligible) {
      if (host.heapIndex !== -1) this.remove(host);
      return;
    }
    if (host.heapIndex === -1) {
      host.heapIndex = this.ready.length;
      this.ready.push(host);
    }
    this.siftUp(host.heapIndex);
    this.siftDown(host.heapIndex);
  }

  private remove(host: HostState): void {
    const index = host.heapIndex;
    const last = this.ready.pop()!;
    host.heapIndex = -1;
    if (last === host) return;
    this.ready[index] = last;
    last.heapIndex = index;
    this.siftUp(index);
    this.siftDown(last.heapIndex);
  }

  private swap(i: number, j: number): void {
    const a = this.ready[i]!;
    const b = this.ready[j]!;
    this.ready[i] = b;
    this.ready[j] = a;
    a.heapIndex = j;
    b.heapIndex = i;
  }

  private siftUp(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(this.ready[i]!, this.ready[parent]!)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private siftDown(index: number): void {
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < this.ready.length && this.before(this.ready[left]!, this.ready[best]!))
        best = left;
      if (right < this.ready.length && this.before(this.ready[right]!, this.ready[best]!))
        best = right;
      if (best === i) return;
      this.swap(i, best);
      i = best;
    }
  }
}

function waitingOf(host: HostState): number {
  return host.waiting;
}

/**
 * Drops cancelled waiters from the head of `queue`, so that a head is never cancelled: called
 * whenever a head may have changed (a waiter cancelled, a head started), so ranking reads heads
 * as they are. Cancelled waiters further back are dropped when they reach the head.
 */
function dropCancelled(queue: Fifo<Waiter>): void {
  while (queue.peek()?.cancelled === true) queue.shift();
}

/** The host's waiter that arrived first, of either kind: its age ranks the host. */
function oldest(host: HostState): Waiter | undefined {
  const a = host.followUps.peek();
  const b = host.fresh.peek();
  if (!a) return b;
  if (!b) return a;
  return a.seq < b.seq ? a : b;
}
