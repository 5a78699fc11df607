import { performance } from 'node:perf_hooks';

/**
 * Timing with warm-up and several rounds. The median round is the figure reported: robust to the
 * odd slow round caused by a GC pause or by other work on a shared machine.
 */
export interface Timing {
  /** Median round, milliseconds. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  rounds: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(samples: readonly number[]): Timing {
  return {
    medianMs: median(samples),
    minMs: Math.min(...samples),
    maxMs: Math.max(...samples),
    rounds: samples.length,
  };
}

/** Runs `fn` `warmup` times untimed, then `rounds` timed rounds. */
export function timeSync(fn: () => unknown, options: { warmup: number; rounds: number }): Timing {
  for (let i = 0; i < options.warmup; i++) keep(fn());
  const samples: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const start = performance.now();
    keep(fn());
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

/** Keeps a result reachable so the work that made it cannot be optimized away. */
export function keep(value: unknown): void {
  kept = value;
}
let kept: unknown;
export function lastKept(): unknown {
  return kept;
}

/** MB (10^6 bytes) per second. */
export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / 1e6 / (ms / 1000);
}
