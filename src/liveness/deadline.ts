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

  /** `ms`: the wait once armed (a host's group is armed when its first request starts). */
  constructor(
    readonly ms: number,
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

  arm(ms = this.ms): void {
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

/**
 * The deadlines of one checker, one timer each: an answer's by its instant; a host's from when its
 * first request started, not from when its links were queued (a host waiting behind others has not
 * had its time yet).
 */
export class Deadlines {
  private readonly groups = new Map<string, Group>();
  /** When each host's first request started. */
  private readonly hostStarts = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** Called as each request starts (the first call per host sets its clock). */
  noteStart(host: string): void {
    if (this.hostStarts.has(host)) return;
    this.hostStarts.set(host, this.now());
    this.groups.get(`host ${host}`)?.arm();
  }

  /**
   * `pending`, or `inconclusive` if it is not settled by `deadlineAt` (ms since the epoch);
   * `starved()` says at the deadline whether the link waited for a slot and never had one.
   */
  byAnswer(
    pending: Promise<LivenessOutcome>,
    deadlineAt: number,
    starved: () => boolean,
  ): Promise<LivenessOutcome> {
    const ms = deadlineAt - this.now();
    return this.group(`answer ${deadlineAt}`, ms, ms).race(pending, () =>
      reached('the link was not finished in the time given to the answer', starved()),
    );
  }

  /** `pending`, or `inconclusive` if not settled within `ms` of `host`'s first request. */
  byHost(
    pending: Promise<LivenessOutcome>,
    host: string,
    ms: number,
    starved: () => boolean,
  ): Promise<LivenessOutcome> {
    const started = this.hostStarts.get(host);
    const left = started === undefined ? undefined : started + ms - this.now();
    return this.group(`host ${host}`, ms, left).race(pending, () =>
      reached(
        `the host's links were not finished within ${Math.round(ms / 1000)} s of its first request`,
        starved(),
      ),
    );
  }

  /** The group under `key`, or a new one of `ms`, armed now for `left` when that is given. */
  private group(key: string, ms: number, left: number | undefined): Group {
    let group = this.groups.get(key);
    if (!group) {
      const made = new Group(ms, () => {
        if (this.groups.get(key) === made) this.groups.delete(key);
      });
      if (left !== undefined) made.arm(left);
      this.groups.set(key, made);
      group = made;
    }
    return group;
  }
}
