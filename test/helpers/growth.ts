/**
 * How much longer `run` takes on an input `factor` times larger (`prepare(factor)` against
 * `prepare(1)`, both made before any timing), measured in this test: the larger run's time over
 * the smaller's. Linear work gives about `factor`, quadratic work `factor` squared.
 *
 * A fixed deadline ("under 1.5 s") says more about the machine and its load than about the code,
 * and failed once test files ran side by side on two cores. The time is the process's CPU time,
 * not the clock's: on a loaded machine a long run is shared with other processes for most of its
 * wall time while a short one may not be, which inflated wall-clock ratios several times over; the
 * CPU time of the same work barely moves with load (measured at load 13 on two cores, 8 times the
 * text for the link and phone extractors: 18 to 21 times the wall time, 7.8 to 8.0 times the CPU).
 *
 * The small run goes first, twice, so a cold JIT is not counted against the small input (which
 * would flatter the ratio). Times under a millisecond count as one, since timer noise is larger
 * than they are. A ratio over `limit` is measured again, up to `tries` times in all, keeping each
 * input's least time: cache misses and collections after a switch only ever add time, so the
 * least is the closest to the work itself, and a super-linear function stays over the limit
 * however often it is timed.
 */
/**
 * How many times a ratio over the limit is measured in all. Five, not three: a full suite on two
 * busy cores put one linear phone test over its limit in two of three runs with three tries.
 */
const GROWTH_TRIES = 5;

export function growth<Input>(
  prepare: (scale: number) => Input,
  run: (input: Input) => unknown,
  options: { factor: number; limit: number; tries?: number },
): number {
  const small = prepare(1);
  const large = prepare(options.factor);
  const time = (input: Input): number => {
    const started = process.cpuUsage();
    run(input);
    const spent = process.cpuUsage(started);
    return Math.max(1, (spent.user + spent.system) / 1000);
  };
  time(small);
  let fastSmall = time(small);
  let fastLarge = time(large);
  for (let attempt = 1; attempt < (options.tries ?? GROWTH_TRIES); attempt++) {
    if (fastLarge / fastSmall <= options.limit) break;
    fastSmall = Math.min(fastSmall, time(small));
    fastLarge = Math.min(fastLarge, time(large));
  }
  return fastLarge / fastSmall;
}

/**
 * The usual question, "is it linear?": an input eight times larger may take up to 24 times
 * longer. Linear work gives about 8 (a little more where the larger input costs more collection);
 * quadratic work gives 64, the geometric middle of the two being about 23.
 */
export const LINEAR = { factor: 8, limit: 24 } as const;

/**
 * `growth` for work that is a promise but does no IO (the guard with liveness off: its awaits are
 * all already settled), so the CPU time around the await is the work's own.
 */
export async function growthAsync<Input>(
  prepare: (scale: number) => Input,
  run: (input: Input) => Promise<unknown>,
  options: { factor: number; limit: number; tries?: number },
): Promise<number> {
  const small = prepare(1);
  const large = prepare(options.factor);
  const time = async (input: Input): Promise<number> => {
    const started = process.cpuUsage();
    await run(input);
    const spent = process.cpuUsage(started);
    return Math.max(1, (spent.user + spent.system) / 1000);
  };
  await time(small);
  let fastSmall = await time(small);
  let fastLarge = await time(large);
  for (let attempt = 1; attempt < (options.tries ?? GROWTH_TRIES); attempt++) {
    if (fastLarge / fastSmall <= options.limit) break;
    fastSmall = Math.min(fastSmall, await time(small));
    fastLarge = Math.min(fastLarge, await time(large));
  }
  return fastLarge / fastSmall;
}
