import type { LivenessOutcome } from './types.js';

/**
 * Deadlines: a link that is not finished in the time given resolves to `inconclusive` ("deadline
 * reached") for the caller that set the deadline; its fetch goes on for any other caller.
 */

function reached(what: string): LivenessOutcome {
  return { kind: 'inconclusive', error: 'deadline', reason: `deadline reached: ${what}` };
}

/** `pending`, or `inconclusive` if it is not settled within `remainingMs`. */
export function byDeadline(pending: Promise<LivenessOutcome>, remainingMs: number): Promise<LivenessOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<LivenessOutcome>((resolve) => {
    timer = setTimeout(() => resolve(reached('the link was not finished in the time given to the answer')), Math.max(0, remainingMs));
  });
  return Promise.race([pending, late]).finally(() => clearTimeout(timer));
}

/**
 * When each host's first request started. A host's deadline runs from then, not from when its
 * links were queued: a host waiting behind others has not had its time yet.
 */
export class HostClock {
  private readonly starts = new Map<string, { at?: number; started: Promise<number>; resolve: (at: number) => void }>();

  constructor(private readonly now: () => number) {}

  /** Called as each request starts (the first call per host sets its clock). */
  noteStart(host: string): void {
    const entry = this.entry(host);
    if (entry.at === undefined) {
      entry.at = this.now();
      entry.resolve(entry.at);
    }
  }

  /** `pending`, or `inconclusive` if not settled within `ms` of `host`'s first request. */
  byHostDeadline(pending: Promise<LivenessOutcome>, host: string, ms: number): Promise<LivenessOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const late = this.entry(host).started.then(
      (at) =>
        new Promise<LivenessOutcome>((resolve) => {
          timer = setTimeout(() => resolve(reached(`the host's links were not finished within ${Math.round(ms / 1000)} s of its first request`)), Math.max(0, at + ms - this.now()));
        }),
    );
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  }

  private entry(host: string): { at?: number; started: Promise<number>; resolve: (at: number) => void } {
    let entry = this.starts.get(host);
    if (!entry) {
      let resolve!: (at: number) => void;
      const started = new Promise<number>((done) => (resolve = done));
      entry = { started, resolve };
      this.starts.set(host, entry);
    }
    return entry;
  }
}
