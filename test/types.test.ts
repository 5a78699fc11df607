import { describe, expect, it } from 'vitest';
import { isDoubtfulBucket, isFatalBucket, LINK_BUCKETS, LINK_SEVERITY } from '../src/types.js';

describe('link bucket severity', () => {
  it('orders every bucket once', () => {
    expect([...LINK_SEVERITY].sort()).toEqual([...LINK_BUCKETS].sort());
  });

  it('puts the buckets that fail an answer first, then the doubtful ones, then the good ones', () => {
    const rank = (bucket: (typeof LINK_BUCKETS)[number]): number =>
      isFatalBucket(bucket) ? 0 : isDoubtfulBucket(bucket) ? 1 : 2;
    const ranks = LINK_SEVERITY.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(LINK_SEVERITY.slice(0, 2)).toEqual(['invented', 'broken']);
    expect(LINK_SEVERITY.filter(isDoubtfulBucket)).toEqual(['inconclusive', 'unverified']);
  });

  it('no bucket is both fatal and doubtful', () => {
    expect(
      LINK_BUCKETS.filter((bucket) => isFatalBucket(bucket) && isDoubtfulBucket(bucket)),
    ).toEqual([]);
  });
});
