import type { PartyKey, Stop } from './cancel.js';

/**
 * Bounded concurrency: at most `concurrency` requests in flight, at most `perHost` to one host.
 *
 * Between answers, fair shares: one answer citing hundreds of silent hosts once held every slot
 * until its deadline while an honest answer beside it sent nothing. So each request counts in a
 * party (its link's answer, `Stop.party`; else a shared one), and a freed slot goes to the party
 * with the fewest requests in flight (max-min fairness); ties go to the one served longest ago,
 * then to the oldest request. (Ties by arrival alone starved a newcomer whenever slots freed
 * together.) A party that asks while every slot is busy gets the first that frees. Within a
 * party, its `HostQueue` chooses the host.
 *
 * Slots are handed out once per turn of the event loop (`setImmediate`): a batch of links asks
 * within one turn, and a HEAD asks for its GET a few microtasks after freeing its slot, so the
 * ranking then holds for the whole burst (handed out at once, the first 64 slots of a 1,000-link
 * batch went to its first 16 hosts). Deterministic: the same arrivals give the same schedule.
 */

interface Party {
  readonly key: PartyKey;
  readonly queue: HostQueue;
  active: number;
  /** `Limiter.started` when it last started a request; -1 before its first. */
  lastStart: number;
}

/** The party of requests that belong to no answer (the network probe, a caller without a deadline). */
const SHARED: PartyKey = 'shared';

export class Limiter {
  private readonly parties = new Map<PartyKey, Party>();
  /** Requests in flight per host, over every party. */
  private readonly hostActive = new Map<string, number>();
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
   * Run `task` once a slot for `host` and an overall slot are free, held until it settles.
   * `followUp`: it continues a started link (see `HostQueue`). `link` aborted while waiting: it
   * leaves the queue and `run` rejects with the abort's reason, `task` never run.
   */
  async run<T>(host: string, task: () => Promise<T>, followUp = false, link?: Stop): Promise<T> {
    const party = await this.acquire(host, followUp, link);
    try {
      return await task();
    } finally {
      this.release(host, party);
    }
  }

  /** Requests in flight and waiting, for one host or overall (tests, diagnostics). */
  stats(host?: string): { active: number; waiting: number } {
    let waiting = 0;
    for (const party of this.parties.values())
      waiting += host === undefined ? party.queue.waiting : party.queue.waitingFor(host);
    return { active: host === undefined ? this.active : (this.hostActive.get(host) ?? 0), waiting };
  }

  private partyOf(key: PartyKey): Party {
    let party = this.parties.get(key);
    if (!party) {
      party = {
        key,
        queue: new HostQueue((host) => (this.hostActive.get(host) ?? 0) < this.perHost),
        active: 0,
        lastStart: -1,
      };
      this.parties.set(key, party);
    }
    return party;
  }

  private acquire(host: string, followUp: boolean, link: Stop | undefined): Promise<Party> {
    const signal = link?.signal;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const party = this.partyOf(link?.party ?? SHARED);
    return new Promise<Party>((resolve, reject) => {
      const leave = (): void => {
        waiter.cancelled = true;
        party.queue.cancel(host, waiter);
        this.forgetIfIdle(party);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        seq: this.arrivals++,
        arrivedAt: this.started,
        cancelled: false,
        start: () => {
          signal?.removeEventListener('abort', leave);
          if (link) link.tried = true;
          resolve(party);
        },
      };
      signal?.addEventListener('abort', leave, { once: true });
      if (link) link.queued = true;
      party.queue.add(host, waiter, followUp);
      this.scheduleDispatch();
    });
  }

  private release(host: string, party: Party): void {
    this.active--;
    party.active--;
    const left = (this.hostActive.get(host) ?? 1) - 1;
    if (left === 0) this.hostActive.delete(host);
    else this.hostActive.set(host, left);
    this.forgetIfIdle(party);
    this.scheduleDispatch();
  }

  private forgetIfIdle(party: Party): void {
    if (party.active === 0 && party.queue.waiting === 0) this.parties.delete(party.key);
  }

  /** Dispatch once this turn's arrivals and releases are all in. */
  private scheduleDispatch(): void {
    if (this.dispatchPending) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

  /** Start waiters while overall slots are free: fairest party first, its best host. */
  private dispatch(): void {
    while (this.active < this.concurrency) {
      const party = this.nextParty();
      if (!party) return;
      const next = party.queue.take();
      if (!next) return;
      this.active++;
      party.lastStart = this.started++;
      party.active++;
      this.hostActive.set(next.host, (this.hostActive.get(next.host) ?? 0) + 1);
      next.waiter.start();
    }
  }

  /**
   * The party with a request that may start and the fewest in flight; ties: served longest ago,
   * then oldest request first.
   */
  private nextParty(): Party | undefined {
    let best: Party | undefined;
    let bestSeq = Number.POSITIVE_INFINITY;
    for (const party of this.parties.values()) {
      const head = party.queue.head();
      if (!head) continue;
      if (best === undefined || before(party, head.seq, best, bestSeq)) {
        best = party;
        bestSeq = head.seq;
      }
    }
    return best;
  }
}

/** Whether party `a` (its next request `seqA`) goes before `b`: see `nextParty`. */
function before(a: Party, seqA: number, b: Party, seqB: number): boolean {
  if (a.active !== b.active) return a.active < b.active;
  if (a.lastStart !== b.lastStart) return a.lastStart < b.lastStart;
  return seqA < seqB;
}

/**
 * One party's waiting requests, by host, and which host goes next. The hosts with the most work
 * left are the critical path (40 queued at 2 in flight need 20 rounds), so a slot goes to the host
 * with the longest backlog (longest-work-first, for makespan). So that a host with one request
 * never starves, a host is ranked by a virtual start: when its oldest waiter arrived (in requests
 * started so far) minus `BACKLOG_WEIGHT` per request waiting, at most `BACKLOG_CAP` of them; lowest
 * first, ties to the oldest waiter. A waiter is overtaken only by requests that arrived before it
 * or fewer than `BACKLOG_WEIGHT × BACKLOG_CAP` starts after it; a batch that arrives at once is
 * ranked exactly longest-backlog-first. Within a host, follow-ups (a GET after its HEAD, a redirect, a retry, the soft-404 probe)
 * go before new links: a link already started finishes first.
 */

/** How many request starts one waiting request of a host is worth in its rank. */
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

interface HostEntry {
  name: string;
  /** Waiters of both kinds, cancelled ones not counted. */
  waiting: number;
  readonly followUps: Fifo<Waiter>;
  readonly fresh: Fifo<Waiter>;
}

class HostQueue {
  private readonly hosts = new Map<string, HostEntry>();
  /** Waiters of every host, cancelled ones not counted. */
  waiting = 0;

  /** `hasSlot(host)`: the host may start one more request (its per-host limit is not reached). */
  constructor(private readonly hasSlot: (host: string) => boolean) {}

  waitingFor(host: string): number {
    return this.hosts.get(host)?.waiting ?? 0;
  }

  /** The oldest waiter of the host that would go next; undefined when none may start. */
  head(): Waiter | undefined {
    const host = this.best();
    return host === undefined ? undefined : oldest(host);
  }

  add(name: string, waiter: Waiter, followUp: boolean): void {
    let host = this.hosts.get(name);
    if (!host) {
      host = { name, waiting: 0, followUps: new Fifo(), fresh: new Fifo() };
      this.hosts.set(name, host);
    }
    (followUp ? host.followUps : host.fresh).push(waiter);
    host.waiting++;
    this.waiting++;
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
    const host = this.best();
    if (!host) return undefined;
    const queue = host.followUps.length > 0 ? host.followUps : host.fresh;
    // A host here has a waiter, never a cancelled one at a head (`dropCancelled`).
    const waiter = queue.shift()!;
    dropCancelled(queue);
    this.left(host);
    return { host: host.name, waiter };
  }

  /** The ready host (a waiter and a free slot) of lowest rank. */
  private best(): HostEntry | undefined {
    let best: HostEntry | undefined;
    for (const host of this.hosts.values())
      if ((best === undefined || rankedBefore(host, best)) && this.hasSlot(host.name)) best = host;
    return best;
  }

  /** One waiter of `host` left its queue (started or cancelled). */
  private left(host: HostEntry): void {
    host.waiting--;
    this.waiting--;
    if (host.waiting === 0) this.hosts.delete(host.name);
  }
}

function rankedBefore(a: HostEntry, b: HostEntry): boolean {
  const headA = oldest(a);
  const headB = oldest(b);
  const rankA = rank(a, headA);
  const rankB = rank(b, headB);
  if (rankA !== rankB) return rankA < rankB;
  // Ties: first come, first served (arrival numbers are unique, so the order is total).
  return (headA?.seq ?? Number.POSITIVE_INFINITY) < (headB?.seq ?? Number.POSITIVE_INFINITY);
}

function rank(host: HostEntry, head: Waiter | undefined): number {
  if (!head) return Number.POSITIVE_INFINITY;
  return head.arrivedAt - Math.min(host.waiting, BACKLOG_CAP) * BACKLOG_WEIGHT;
}

/** Drops cancelled waiters from the head of `queue`: a head read for ranking is never cancelled. */
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
