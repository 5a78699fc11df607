import { loopStalls, type LoopStalls } from './stall.js';
import type { LivenessOutcome } from './types.js';

/**
 * Deadlines: a link that is not finished in the time given resolves to `inconclusive` ("deadline
 * reached") for the caller that set the deadline; the checker then aborts the link unless another
 * caller still waits for it (`checker.ts`, `cancel.ts`).
 *
 * One timer per deadline, not per link: every link of an answer shares the answer's deadline, and
 * every link of a host in `stale` its host's. Their callers then all give up in one callback, so
 * the limiter (which hands out slots once per turn of the event loop) never starts one of them in
 * between: with a timer per link, timers a millisecond apart fired on different turns, and a link
 * aborted on the first freed a slot for a link about to be aborted on the next, whose connection
 * then sat open in the pool.
 *
 * A deadline counts only time the process could work: when its timer fires, the time the event
 * loop was stalled since it was armed (another answer's large offline check, `stall.ts`) is given
 * back and the timer armed again for it, so no answer's verdict depends on another's size.
 */

/**
 * The outcome at a deadline. `starved`: the link asked for a slot and no request of it ever had
 * one, because every slot it could use stayed busy with other links (load): the reason says so.
 */
function reached(what: string, starved: boolean): LivenessOutcome {
  const why = !starved
    ? what
    : 'the link was not tried: every request slot it could use was busy with other links until the deadline (load), so nothing is known about it';
  return { kind: 'inconclusive', error: 'deadline', reason: `deadline reached: ${why}` };
}

/** Callers waiting on one deadline, and its timer (cleared when none is left). */
class Group {
  readonly waiters = new Set<() => void>();
  timer: NodeJS.Timeout | undefined;
  /** Stalled time already given back, and the stall count when the timer was armed. */
  private given = 0;
  private stalledAtArm = 0;

  constructor(
    private readonly forget: () => void,
    private readonly stalls: LoopStalls = loopStalls,
  ) {}

  /** `pending`, or `late` once the group's timer fires. */
  race(pending: Promise<LivenessOutcome>, late: () => LivenessOutcome): Promise<LivenessOutcome> {
    return new Promise<LivenessOutcome>((resolve) => {
      const give = (): void => resolve(late());
      this.waiters.add(give);
      void pending.then((outcome) => {
        this.waiters.delete(give);
        if (this.waiters.size === 0) this.clear();
        resolve(outcome);
      });
    });
  }

  arm(ms: number): void {
    this.stalls.acquire();
    this.stalledAtArm = this.stalls.read();
    this.schedule(ms);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => this.expire(), Math.max(0, ms));
  }

  /** The time is up, unless the loop stalled meanwhile: then that time is given back first. */
  private expire(): void {
    const owed = this.stalls.read() - this.stalledAtArm - this.given;
    if (owed >= 1) {
      this.given += owed;
      this.schedule(owed);
      return;
    }
    this.timer = undefined;
    this.stalls.release();
    this.forget();
    for (const give of this.waiters) give();
    this.waiters.clear();
  }

  private clear(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.stalls.release();
    }
    this.timer = undefined;
    this.forget();
  }
}

/** Answers' deadlines: one timer per deadline instant. */
export class AnswerDeadlines {
  private readonly groups = new Map<number, Group>();

  constructor(private readonly now: () => number) {}

  /**
   * `pending`, or `inconclusive` if it is not settled by `deadlineAt` (ms since the epoch);
   * `starved()` says at the deadline whether the link waited for a slot and never had one.
   */
  race(
    pending: Promise<LivenessOutcome>,
    deadlineAt: number,
    starved: () => boolean,
  ): Promise<LivenessOutcome> {
    let group = this.groups.get(deadlineAt);
    if (!group) {
      const created = new Group(() => {
        if (this.groups.get(deadlineAt) === created) this.groups.delete(deadlineAt);
      });
      created.arm(deadlineAt - this.now());
      this.groups.set(deadlineAt, created);
      group = created;
    }
    return group.race(pending, () =>
      reached('the link was not finished in the time given to the answer', starved()),
    );
  }
}

/**
 * When each host's first request started. A host's deadline runs from then, not from when its
 * links were queued: a host waiting behind others has not had its time yet. One timer per host.
 */
export class HostClock {
  private readonly hosts = new Map<string, { at?: number; group?: Group; ms?: number }>();

  constructor(private readonly now: () => number) {}

  /** Called as each request starts (the first call per host sets its clock). */
  noteStart(host: string): void {
    const entry = this.entry(host);
    if (entry.at !== undefined) return;
    entry.at = this.now();
    if (entry.group && entry.ms !== undefined) entry.group.arm(entry.ms);
  }

  /** `pending`, or `inconclusive` if not settled within `ms` of `host`'s first request. */
  byHostDeadline(
    pending: Promise<LivenessOutcome>,
    host: string,
    ms: number,
    starved: () => boolean,
  ): Promise<LivenessOutcome> {
    const entry = this.entry(host);
    if (!entry.group) {
      const group = new Group(() => {
        if (entry.group === group) delete entry.group;
      });
      entry.group = group;
      entry.ms = ms;
      if (entry.at !== undefined) group.arm(entry.at + ms - this.now());
    }
    return entry.group.race(pending, () =>
      reached(
        `the host's links were not finished within ${Math.round(ms / 1000)} s of its first request`,
        starved(),
      ),
    );
  }

  private entry(host: string): { at?: number; group?: Group; ms?: number } {
    let entry = this.hosts.get(host);
    if (!entry) {
      entry = {};
      this.hosts.set(host, entry);
    }
    return entry;
  }
}
