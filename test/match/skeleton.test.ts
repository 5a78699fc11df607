import { describe, expect, it } from 'vitest';
import { skeleton } from '../../src/match/skeleton.js';

describe('skeleton', () => {
  it('maps confusable characters to their Latin lookalikes', () => {
    expect(skeleton('mаss')).toBe(skeleton('mass'));
    expect(skeleton('1awhe1p')).toBe(skeleton('lawhelp'));
    expect(skeleton('rnass')).toBe(skeleton('mass'));
    expect(skeleton('n0l0')).toBe(skeleton('nolo'));
  });
  it('keeps different letters apart', () => {
    expect(skeleton('mass')).not.toBe(skeleton('moss'));
  });
});
