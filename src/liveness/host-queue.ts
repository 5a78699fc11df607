/**
 * One answer's waiting requests, by host, and which host goes next (`Limiter` chooses between
 * answers first, then asks the chosen answer's queue).
 *
 * With a per-host limit the hosts with the most work left are the critical path: a host with 40
 * requests queued needs at least 20 rounds at 2 in flight, a host with 2 queued needs one. Serving
 * waiters first come, first served lets a busy host sit idle behind hosts that have little left,
 * and the run ends with the busy host working alone while the other slots are empty. So a slot
 * goes to the host with the **longest backlog** (requests waiting for it), the classic
 * longest-work-first heuristic for makespan; ties go to the host whose oldest waiter came first.
 *
 * Pure longest-backlog-first can starve a host with one request while busier hosts keep receiving
 * work. Each host is therefore ranked by a virtual start time: when its oldest waiter arrived
 * (counted in requests started so far) minus `BACKLOG_WEIGHT` for each request it has waiting, at
 * most `BACKLOG_CAP` of them. The lowest rank goes first. A waiting request can only be overtaken
 * by requests that arrived before it or fewer than `BACKLOG_WEIGHT × BACKLOG_CAP` starts after
 * it, so no host waits forever; within a batch that arrives at once (the usual case) the ranking
 * is exactly longest-backlog-first.
 *
 * A host's rank only changes when its own queue or slots change, so the ready hosts (a waiter and
 * a free host slot) sit in a binary heap: O(log hosts) per decision. Within a host, follow-ups (a
 * GET after a HEAD, the next hop of a redirect, a retry, the soft-404 probe) run before new links,
 * each kind in arrival order: a link already started finishes before the host starts another.
 */

/** How many request starts one waiting request of a host is worth in its rank (see above). */
export const BACKLOG_WEIGHT = 16;
/** Backlog beyond this no longer raises a host's priority, which bounds how long anyone waits. */
export const BACKLOG_CAP = 64;

export interface Waiter {
  /** Arrival order, unique: the final tie-break. */
  seq: number;
  /** Requests started before this one arrived: its age in the rank. */
  arrivedAt: number;
  start: () => void;
  /** Its link was aborted while it waited: skipped, no longer counted as waiting. */
  cancelled: boolean;
}

interface HostEntry {
  name: string;
  /** Waiters of both kinds, cancelled ones not counted. */
  waiting: number;
  readonly followUps: Fifo<Waiter>;
  readonly fresh: Fifo<Waiter>;
  /** Position in the ready heap, -1 when not in it. */
  heapIndex: number;
}

export class HostQueue {
  private readonly hosts = new Map<string, HostEntry>();
  private readonly ready: HostEntry[] = [];
  /** Waiters of every host, cancelled ones not counted. */
  waiting = 0;

  /** `hasSlot(host)`: the host may start one more request (its per-host limit is not reached). */
  constructor(private readonly hasSlot: (host: string) => boolean) {}

  waitingFor(host: string): number {
    return this.hosts.get(host)?.waiting ?? 0;
  }

  /** The oldest waiter of the host that would go next; undefined when none may start. */
  head(): Waiter | undefined {
    const host = this.ready[0];
    return host === undefined ? undefined : oldest(host);
  }

  add(name: string, waiter: Waiter, followUp: boolean): void {
    let host = this.hosts.get(name);
    if (!host) {
      host = { name, waiting: 0, followUps: new Fifo(), fresh: new Fifo(), heapIndex: -1 };
      this.hosts.set(name, host);
    }
    (followUp ? host.followUps : host.fresh).push(waiter);
    host.waiting++;
    this.waiting++;
    this.refresh(name);
  }

  /** `waiter` (already marked cancelled) leaves the queue of `name`. */
  cancel(name: string, waiter: Waiter): void {
    const host = this.hosts.get(name);
    if (!host || !waiter.cancelled) return;
    dropCancelled(host.followUps);
    dropCancelled(host.fresh);
    this.left(host);
  }

  /** The next waiter of the best-ranked ready host, out of the queue. */
  take(): { host: string; waiter: Waiter } | undefined {
    const host = this.ready[0];
    if (!host) return undefined;
    const queue = host.followUps.length > 0 ? host.followUps : host.fresh;
    // A host is only ready with a waiter, never a cancelled one at a head (`dropCancelled`).
    const waiter = queue.shift()!;
    dropCancelled(queue);
    this.left(host);
    return { host: host.name, waiter };
  }

  /** Put `name` where it belongs after its queue or its slots changed: in the heap or out of it. */
  refresh(name: string): void {
    const host = this.hosts.get(name);
    if (!host) return;
    if (host.waiting === 0 || !this.hasSlot(name)) {
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

  /** One waiter of `host` left its queue (started or cancelled): the host is ranked again or dropped. */
  private left(host: HostEntry): void {
    host.waiting--;
    this.waiting--;
    if (host.waiting > 0) return this.refresh(host.name);
    if (host.heapIndex !== -1) this.remove(host);
    this.hosts.delete(host.name);
  }

  /** The host's rank: lower goes first (see the comment at the top). */
  private before(a: HostEntry, b: HostEntry): boolean {
    const headA = oldest(a);
    const headB = oldest(b);
    const rankA = rank(a, headA);
    const rankB = rank(b, headB);
    if (rankA !== rankB) return rankA < rankB;
    // Ties: first come, first served (arrival numbers are unique, so the order is total).
    return (headA?.seq ?? Number.POSITIVE_INFINITY) < (headB?.seq ?? Number.POSITIVE_INFINITY);
  }

  private remove(host: HostEntry): void {
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

function rank(host: HostEntry, head: Waiter | undefined): number {
  if (!head) return Number.POSITIVE_INFINITY;
  return head.arrivedAt - Math.min(host.waiting, BACKLOG_CAP) * BACKLOG_WEIGHT;
}

/**
 * Drops cancelled waiters from the head of `queue`, so that a head is never cancelled: called
 * whenever a head may have changed, so ranking reads heads as they are. Cancelled waiters further
 * back are dropped when they reach the head.
 */
function dropCancelled(queue: Fifo<Waiter>): void {
  while (queue.peek()?.cancelled === true) queue.shift();
}

/** The host's waiter that arrived first, of either kind: its age ranks the host. */
function oldest(host: HostEntry): Waiter | undefined {
  const a = host.followUps.peek();
  const b = host.fresh.peek();
  if (!a) return b;
  if (!b) return a;
  return a.seq < b.seq ? a : b;
}

/** A FIFO with O(1) push and shift (`Array.prototype.shift` copies on large arrays). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.head++;
    // Compact once half the array is consumed, so memory stays proportional to what waits.
    if (this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
