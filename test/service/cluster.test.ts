import { describe, expect, it } from 'vitest';
import { RESPAWN_DEFAULTS } from '../../src/defaults.js';
import { respawnStep } from '../../src/service/cluster.js';

const LIMITS = { maxFailures: 5, windowMs: 60_000, baseDelayMs: 250, maxDelayMs: 800 };

describe('respawnStep', () => {
  it.each([
    // 250 × 2^(n−1): 250, 500, then 1000 capped at 800.
    { deaths: 1, delayMs: 250 },
    { deaths: 2, delayMs: 500 },
    { deaths: 3, delayMs: 800 },
    { deaths: 4, delayMs: 800 },
  ])('death $deaths in the window waits $delayMs ms', ({ deaths, delayMs }) => {
    const times = Array.from({ length: deaths }, (_, k) => k * 1000);
    expect(respawnStep(times, LIMITS)).toEqual({ kind: 'respawn', delayMs });
  });

  it('the maxFailures-th death in the window gives up and says why', () => {
    expect(respawnStep([1, 2, 3, 4, 5], LIMITS)).toEqual({
      kind: 'give-up',
      reason: '5 workers died within 60 s',
    });
  });

  it('the defaults give up before a minute of doubling waits', () => {
    let waited = 0;
    const deaths: number[] = [];
    for (;;) {
      deaths.push(waited);
      const step = respawnStep(deaths, RESPAWN_DEFAULTS);
      if (step.kind === 'give-up') break;
      waited += step.delayMs;
    }
    // 250 + 500 + 1000 + 2000 ms of waits, then the fifth death stops the service.
    expect(deaths.length).toBe(RESPAWN_DEFAULTS.maxFailures);
    expect(waited).toBe(3_750);
  });
});
