import type { PartyKey, Stop } from './cancel.js';

/**
 * At most `concurrency` requests in flight, `perHost` to one host, fair between answers (one citing
 * hundreds of silent hosts once starved another): a freed slot goes to the party (`Stop.party`)
 * with the fewest in flight, then the one served longest ago (arrival order starved newcomers),
 * then the oldest request. Handed out once per event-loop turn, so a burst is ranked whole.
 */

interface Party {
  readonly key: PartyKey;
  readonly queue: HostQueue;
  active: number;
  /** `Limiter.started` at its last start; -1 before its first. */
  lastStart: number;
}

/** The party of requests of no answer (the network probe, a caller without a deadline). */
const SHARED: PartyKey = 'shared';

export class Limiter {
  private readonly parties = new Map<PartyKey, Party>();
  private readonly hostActive = new Map<string, number>();
  private active = 0;
  /** Requests started so far: the clock of waiters' ages. */
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

  private scheduleDispatch(): void {
    if (this.dispatchPending) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

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
 * One party's waiters by host. The longest backlog (the critical path) goes first, so that no
 * host starves by a virtual start: its oldest waiter's arrival minus `BACKLOG_WEIGHT` per waiter
 * (at most `BACKLOG_CAP`). Within a host, follow-ups of started links go first.
 */

/** Request starts one waiting request of a host is worth in its rank. */
export const BACKLOG_WEIGHT = 16;
/** Backlog beyond this raises no host's priority, which bounds any wait. */
export const BACKLOG_CAP = 64;

interface Waiter {
  /** Arrival order, unique: the final tie-break. */
  seq: number;
  /** Requests started before it arrived. */
  arrivedAt: number;
  start: () => void;
  /** Its link was aborted while it waited: skipped, no longer counted. */
  cancelled: boolean;
}

interface HostEntry {
  name: string;
  waiting: number;
  readonly followUps: Waiter[];
  readonly fresh: Waiter[];
}

class HostQueue {
  private readonly hosts = new Map<string, HostEntry>();
  /** Waiters of every host, cancelled ones not counted. */
  waiting = 0;

  /** `hasSlot(host)`: the host is under its per-host limit. */
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
      host = { name, waiting: 0, followUps: [], fresh: [] };
      this.hosts.set(name, host);
    }
    (followUp ? host.followUps : host.fresh).push(waiter);
    host.waiting++;
    this.waiting++;
  }

  /** `waiter`, marked cancelled, leaves the queue of `name`. */
  cancel(name: string, waiter: Waiter): void {
    const host = this.hosts.get(name);
    if (!host || !waiter.cancelled) return;
    dropCancelled(host.followUps);
    dropCancelled(host.fresh);
    this.left(host);
  }

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

/** Drops cancelled waiters from the head of `queue`, so no head read for ranking is one. */
function dropCancelled(queue: Waiter[]): void {
  while (queue[0]?.cancelled === true) queue.shift();
}

/** The host's waiter that arrived first, of either kind. */
function oldest(host: HostEntry): Waiter | undefined {
  const a = host.followUps[0];
  const b = host.fresh[0];
  if (!a) return b;
  if (!b) return a;
  return a.seq < b.seq ? a : b;
}
