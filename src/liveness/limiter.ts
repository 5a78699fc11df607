import type { PartyKey, Stop } from './cancel.js';
import { HostQueue, type Waiter } from './host-queue.js';

export { BACKLOG_CAP, BACKLOG_WEIGHT } from './host-queue.js';

/**
 * Bounded concurrency, overall and per host, so a checker is polite to every site and to the
 * machine it runs on: at most `concurrency` requests in flight, at most `perHost` to one host.
 *
 * **Between answers, fair shares.** One checker serves every answer graded in the process, and
 * one answer can cite hundreds of silent hosts: served in arrival order, its requests held every
 * overall slot until its own deadline, and an honest answer graded meanwhile reached its deadline
 * without one request sent (its 404 `inconclusive`, the answer passing). So each request belongs
 * to a party (its link's answer: `Stop.party`; requests of no answer share one), and a freed
 * overall slot goes to the party with the **fewest requests in flight** among those with a request
 * that may start (max-min fairness); ties go to the party **served longest ago** (one never served
 * first), then to the one whose next request arrived first. Ties by arrival alone starved a
 * newcomer whenever slots freed together: with as many busy parties as slots (3 answers on slow DNS
 * and its 3 lookup slots), every party was back at none in flight at each round, the older ones'
 * requests always arrived first, and the newcomer's lookup waited until its timeout. The
 * bound: an answer that asks while every slot is busy gets the first slot that frees, whatever the
 * others have queued, so it waits for at most one request in flight to end (the request timeout),
 * not behind the others' queues; with P parties busy it holds about a 1/P share of the slots.
 * Choosing a party scans the parties with a request waiting: O(parties) per decision.
 *
 * **Within an answer**, its queue (`HostQueue`) chooses the host: longest backlog first, with a
 * waiting request's age counted so no host starves, and follow-ups of a started link first.
 *
 * Slots are handed out once per turn of the event loop (`setImmediate`), not the moment a request
 * asks or a slot frees. Requests arrive in bursts: a batch of links all asks within one turn, and a
 * finished HEAD asks for its GET a few microtasks after freeing its slot. Handing slots out at once
 * served the first arrivals as they came (the first 64 slots of a 1,000-link batch went to its
 * first 16 hosts, 4 each), and gave a freed slot to a new link before the follow-up of the link
 * that freed it had asked. Deciding once the turn's arrivals are all queued makes the ranking hold
 * for the whole burst. Deterministic: the same arrivals and completions give the same schedule.
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
  /** The parties with a request waiting for each host: their queues re-rank it when its slots change. */
  private readonly waitingOn = new Map<string, Set<Party>>();
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
   * could use. `followUp`: the request continues a link already started (see `HostQueue`).
   * `link`: its `party` shares the slots fairly with other parties, and when it aborts a request
   * still waiting leaves the queue and `run` rejects with the abort's reason, without running
   * `task`.
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
        this.forgetIfIdle(host, party);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        seq: this.arrivals++,
        arrivedAt: this.started,
        cancelled: false,
        start: () => {
          signal?.removeEventListener('abort', leave);
          link?.noteTried();
          resolve(party);
        },
      };
      signal?.addEventListener('abort', leave, { once: true });
      link?.noteQueued();
      party.queue.add(host, waiter, followUp);
      let waiting = this.waitingOn.get(host);
      if (!waiting) this.waitingOn.set(host, (waiting = new Set()));
      waiting.add(party);
      this.scheduleDispatch();
    });
  }

  private release(host: string, party: Party): void {
    this.active--;
    party.active--;
    const left = (this.hostActive.get(host) ?? 1) - 1;
    if (left === 0) this.hostActive.delete(host);
    else this.hostActive.set(host, left);
    this.refreshHost(host);
    this.forgetIfIdle(host, party);
    this.scheduleDispatch();
  }

  /** Drops what a party no longer needs: its entry for `host`, and itself once idle. */
  private forgetIfIdle(host: string, party: Party): void {
    if (party.queue.waitingFor(host) === 0) {
      const waiting = this.waitingOn.get(host);
      waiting?.delete(party);
      if (waiting?.size === 0) this.waitingOn.delete(host);
    }
    if (party.active === 0 && party.queue.waiting === 0) this.parties.delete(party.key);
  }

  /** A host's slots changed: every queue waiting on it ranks it again. */
  private refreshHost(host: string): void {
    const waiting = this.waitingOn.get(host);
    if (waiting) for (const party of waiting) party.queue.refresh(host);
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
      this.refreshHost(next.host);
      this.forgetIfIdle(next.host, party);
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
