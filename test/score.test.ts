import { describe, expect, it } from 'vitest';
import { BUCKET_SCORES, DEFAULT_THRESHOLD, MISATTRIBUTED_PHONE_PENALTY } from '../src/defaults.js';
import type { LinkFinding, PhoneFinding } from '../src/extract/types.js';
import type { LinkBucket, LinkVerdict, PhoneStatus, PhoneVerdict } from '../src/types.js';
import { scoreReport } from '../src/score.js';
import { linkCodeOf, phoneCodeOf } from './helpers/codes.js';

let position = 0;

function link(bucket: LinkBucket, url = `https://site${position}.org`): LinkVerdict {
  const start = position;
  position += url.length + 1;
  const finding: LinkFinding = {
    kind: 'link',
    raw: url,
    normalized: url,
    host: new URL(url).hostname,
    form: 'scheme',
    start,
    end: start + url.length,
  };
  return {
    finding,
    bucket,
    score: BUCKET_SCORES[bucket],
    code: linkCodeOf(bucket),
    reason: bucket,
  };
}

function phone(status: PhoneStatus, normalized = '+16175550100'): PhoneVerdict {
  const start = position;
  position += 13;
  const finding: PhoneFinding = {
    kind: 'phone',
    raw: normalized,
    normalized,
    vanity: false,
    serviceLine: false,
    start,
    end: start + 12,
  };
  return { finding, owners: [], status, code: phoneCodeOf(status), reason: status };
}

describe('the constants the score is made of', () => {
  it('match the issue', () => {
    expect(BUCKET_SCORES).toMatchObject({
      directory: 1,
      live: 0.7,
      unverified: 0.5,
      broken: 0,
      invented: 0,
    });
    expect(MISATTRIBUTED_PHONE_PENALTY).toBe(0.3);
    expect(DEFAULT_THRESHOLD).toBe(0.4);
  });
});

describe('scoreReport: numbers derived by hand', () => {
  it.each<[string, LinkBucket[], PhoneStatus[], number, number]>([
    // no links → link score 1
    ['no links, no phones', [], [], 1, 1],
    ['one directory link', ['directory'], [], 1, 1],
    // (1 + 0.5) / 2 = 0.75
    ['directory + unverified', ['directory', 'unverified'], [], 0.75, 0.75],
    // 0.75 − 0.3 = 0.45
    [
      'directory + unverified, one misattributed number',
      ['directory', 'unverified'],
      ['misattributed'],
      0.75,
      0.45,
    ],
    // (1 + 0.7 + 0.5) / 3 = 0.7333…
    ['directory + live + unverified', ['directory', 'live', 'unverified'], [], 0.7333, 0.7333],
    // (1 + 1 + 0.5) / 3 = 0.8333… − 0.3 = 0.5333…
    [
      'two directory + unverified, one misattributed',
      ['directory', 'directory', 'unverified'],
      ['misattributed'],
      0.8333,
      0.5333,
    ],
    // 1 − 0.3 = 0.7: no links still scores 1 before the penalty
    ['no links, one misattributed', [], ['misattributed'], 1, 0.7],
    // 0.5 − 0.3 × 2 = −0.1 → floored at 0
    [
      'unverified, two misattributed numbers',
      ['unverified'],
      ['misattributed', 'misattributed'],
      0.5,
      0,
    ],
    // 1 − 0.3 × 4 = −0.2 → 0
    [
      'four misattributed numbers',
      [],
      ['misattributed', 'misattributed', 'misattributed', 'misattributed'],
      1,
      0,
    ],
    // (1 + 0) / 2 = 0.5
    ['directory + invented', ['directory', 'invented'], [], 0.5, 0.5],
    // (0.7 + 0.5) / 2 = 0.6
    ['live + inconclusive', ['live', 'inconclusive'], [], 0.6, 0.6],
    // (1 + 0) / 2 = 0.5
    ['directory + broken', ['directory', 'broken'], [], 0.5, 0.5],
    // warnings cost nothing
    [
      'every other status costs nothing',
      ['directory'],
      ['verified', 'known', 'unlisted', 'unchecked', 'service_line'],
      1,
      1,
    ],
  ])('%s', (_name, buckets, statuses, linkScore, score) => {
    const result = scoreReport(
      buckets.map((bucket) => link(bucket)),
      statuses.map((status, k) => phone(status, `+1617555010${k}`)),
      DEFAULT_THRESHOLD,
    );
    expect(result.linkScore).toBe(linkScore);
    expect(result.score).toBe(score);
  });

  it('rounds to 4 decimals: (1 + 0.7 + 0.7) / 3 = 0.8', () => {
    // 2.4 / 3 is 0.7999999999999999 in floating point; the score shows 0.8.
    expect(scoreReport([link('directory'), link('live'), link('live')], [], 0.4).score).toBe(0.8);
  });

  it('rounds to 4 decimals: 2 / 3 = 0.6667', () => {
    // (1 + 0.5 + 0.5) / 3 = 0.666…
    expect(
      scoreReport([link('directory'), link('unverified'), link('unverified')], [], 0.4).score,
    ).toBe(0.6667);
  });

  it('rounds 0.7 − 0.3 to exactly 0.4', () => {
    // 0.7 − 0.3 = 0.39999999999999997 in floating point.
    const result = scoreReport([link('live')], [phone('misattributed')], 0.4);
    expect(result.score).toBe(0.4);
  });
});

describe('scoreReport: misattributed numbers', () => {
  it('counts one distinct number once, however often it appears', () => {
    // 1 − 0.3 × 1 = 0.7, not 1 − 0.3 × 3
    const result = scoreReport(
      [],
      [
        phone('misattributed', '+16175550100'),
        phone('misattributed', '+16175550100'),
        phone('misattributed', '+16175550100'),
      ],
      0.4,
    );
    expect(result.misattributedCount).toBe(1);
    expect(result.score).toBe(0.7);
  });

  it('counts two distinct numbers twice', () => {
    // 1 − 0.3 × 2 = 0.4
    const result = scoreReport(
      [],
      [phone('misattributed', '+16175550100'), phone('misattributed', '+16175550101')],
      0.4,
    );
    expect(result.misattributedCount).toBe(2);
    expect(result.score).toBe(0.4);
  });

  it('does not count a verified occurrence of a number as misattributed', () => {
    const result = scoreReport(
      [],
      [phone('verified', '+16175550100'), phone('misattributed', '+16175550101')],
      0.4,
    );
    expect(result.misattributedCount).toBe(1);
  });
});

describe('scoreReport: pass rule', () => {
  it('passes strictly above the threshold', () => {
    // 0.45 > 0.4
    expect(
      scoreReport([link('directory'), link('unverified')], [phone('misattributed')], 0.4).pass,
    ).toBe(true);
  });

  it('fails at exactly the threshold', () => {
    // no links: 1 − 0.3 × 2 = 0.4, not > 0.4
    const result = scoreReport(
      [],
      [phone('misattributed', '+16175550100'), phone('misattributed', '+16175550101')],
      0.4,
    );
    expect(result.score).toBe(0.4);
    expect(result.pass).toBe(false);
  });

  it('fails at a threshold reached only through floating-point noise', () => {
    // 0.7 − 0.3 would compare below 0.4 unrounded, equal once rounded: either way not above.
    expect(scoreReport([link('live')], [phone('misattributed')], 0.4).pass).toBe(false);
  });

  it('uses the threshold it is given', () => {
    // 0.5 > 0.4 passes; 0.5 is not > 0.5
    expect(scoreReport([link('unverified')], [], 0.4).pass).toBe(true);
    expect(scoreReport([link('unverified')], [], 0.5).pass).toBe(false);
    expect(scoreReport([link('unverified')], [], 0).pass).toBe(true);
  });

  it.each<[LinkBucket]>([['invented'], ['broken']])(
    'one %s link fails the answer whatever the score',
    (bucket) => {
      // (1 × 9 + 0) / 10 = 0.9 > 0.4, and still a fail
      const links = [...Array.from({ length: 9 }, () => link('directory')), link(bucket)];
      const result = scoreReport(links, [], 0.4);
      expect(result.score).toBe(0.9);
      expect(result.pass).toBe(false);
    },
  );

  it('a score of 0 never passes, even at threshold 0', () => {
    expect(
      scoreReport(
        [link('unverified')],
        [phone('misattributed', '+16175550100'), phone('misattributed', '+16175550101')],
        0,
      ).pass,
    ).toBe(false);
  });
});
