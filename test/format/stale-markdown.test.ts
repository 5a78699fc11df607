import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/format/escape.js';
import { formatStale } from '../../src/format/stale.js';
import type { StaleReport } from '../../src/stale.js';

/**
 * `stale --format markdown` goes into a job summary or an issue: markdown from a server's
 * `Location` header, a model-written link or an answer id must not be live there (an image GitHub
 * fetches, a link to click). It is escaped by the one escaper `report` uses.
 */
const hostile = {
  url: 'https://x.test/![i](https://evil.test/track.png)',
  reason: 'redirected to [log in](https://phish.test/) **now** `x` <img src=x>',
  where: 'answers.jsonl line 3 (id ![p](https://evil.test/p.png))',
};

function report(): StaleReport {
  const entry = {
    url: hostile.url,
    normalized: hostile.url,
    kind: 'broken' as const,
    outcome: {
      kind: 'broken' as const,
      status: 404,
      finalUrl: hostile.url,
      reason: hostile.reason,
    },
    foundIn: [hostile.where],
  };
  return {
    checked: 1,
    counts: { live: 0, broken: 1, invented: 0, inconclusive: 0, moved: 0 },
    links: [entry],
    stale: [entry],
    interrupted: false,
  };
}

describe('stale --format markdown escapes what it did not write', () => {
  it('no live link, image, emphasis or HTML from a reason or a place', () => {
    const out = formatStale(report(), 'markdown');
    const row = out
      .split('\n')
      .find((line) => line.startsWith('| Broken') || line.includes('404'))!;
    expect(row).toBeDefined();
    // Every markup opener from outside the tool arrives escaped (outside the link's code span).
    const prose = row.replace(/`[^`]*`/, '');
    expect(prose).not.toMatch(/(?<!\\)!\[/);
    expect(prose).not.toMatch(/(?<!\\)\[log in\]/);
    expect(prose).not.toMatch(/(?<!\\)\*\*now/);
    expect(prose).not.toMatch(/(?<!\\)<img/);
    expect(row).toContain(escapeMarkdown(hostile.reason));
    expect(row).toContain(escapeMarkdown(hostile.where));
    // The link itself sits in a code span, never a link to click.
    expect(row).toContain('`https://x.test/![i](https://evil.test/track.png)`');
  });
});
