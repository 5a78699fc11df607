import { describe, expect, it } from 'vitest';
import { growth } from './growth.js';

/** Work that takes `steps` steps, each a multiply-add the JIT cannot drop. */
function spin(steps: number): number {
  let sum = 0;
  for (let k = 0; k < steps; k++) sum = (sum * 31 + k) % 1_000_003;
  return sum;
}

describe('growth', () => {
  it('tells linear work (about the factor) from quadratic work (about its square)', () => {
    const options = { factor: 4, limit: 10 };
    const linear = growth((scale) => 4_000_000 * scale, spin, options);
    const quadratic = growth(
      (scale) => 2_000 * scale,
      (n) => spin(n * n),
      options,
    );
    expect(linear).toBeLessThan(options.limit);
    expect(quadratic).toBeGreaterThan(options.limit);
  });
});
