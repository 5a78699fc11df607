import { performance } from 'node:perf_hooks';
import type { LivenessOutcome } from './types.js';

/**
 * One timer per deadline, not per link: timers a millisecond apart fired on different turns, and
 * a link aborted on one freed a slot for one about to be aborted, whose connection then lingered.
 */

const TICK_MS = 20;
const STALL_MS = 50;

/**
 * How long the event loop was blocked (a large answer's offline check), given back to deadlines
 * beside it. A heartbeat while a deadline is armed: a gap over `TICK_MS + STALL_MS` is a stall.
 */
export class LoopStalls {
  private total = 0;
  private last = 0;
  private users = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A deadline starts counting on the heartbeat; `release` when it is done. */
  acquire(): void {
    if (this.users++ > 0) return;
    this.last = this.now();
    this.timer = setInterval(() => this.beat(), TICK_MS);
    this.timer.unref();
  }

  release(): void {
    if (this.users === 0 || --this.users > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Milliseconds stalled so far, including one the loop has just come back from. */
  read(): number {
    return this.total + this.current();
  }

  private current(): number {
    if (this.timer === undefined) return 0;
    const gap = this.now() - this.last - TICK_MS;
    return gap > STALL_MS ? gap : 0;
  }

  private beat(): void {
    this.total += this.current();
    this.last = this.now();
  }
}

const loopStalls = new LoopStalls();

/** The outcome at a deadline; `starved`: no request of the link ever had a slot (load). */
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
  /** Stalled time given back, and the stall count when armed. */
  private given = 0;
  private stalledAtArm = 0;

  /** `ms`: the wait once armed (a host's group is armed when its first request starts). */
  constructor(
    readonly ms: number,
    private readonly forget: () => void,
  ) {}

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
    loopStalls.acquire();
    this.stalledAtArm = loopStalls.read();
    this.schedule(ms);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => this.expire(), Math.max(0, ms));
  }

  /** The time is up, unless the loop stalled meanwhile: that time is given back first. */
  private expire(): void {
    const owed = loopStalls.read() - this.stalledAtArm - this.given;
    if (owed >= 1) {
      this.given += owed;
      this.schedule(owed);
      return;
    }
    this.timer = undefined;
    loopStalls.release();
    this.forget();
    for (const give of this.waiters) give();
    this.waiters.clear();
  }

  private clear(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      loopStalls.release();
    }
    this.timer = undefined;
    this.forget();
  }
}

/**
 * A checker's deadlines, past which a link is `inconclusive` for the caller that set it: an
 * answer's by its instant; a host's from its first request (not from when its links were queued).
 */
export class Deadlines {
  private readonly groups = new Map<string, Group>();
  private readonly hostStarts = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  /** A request of `host` starts (the first sets its clock). */
  noteStart(host: string): void {
    if (this.hostStarts.has(host)) return;
    this.hostStarts.set(host, this.now());
    this.groups.get(`host ${host}`)?.arm();
  }

  /** `pending`, or `inconclusive` at `deadlineAt` (ms since the epoch). */
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
