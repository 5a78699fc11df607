import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixture-text.js';
import { citedLinks } from '../../src/extract/cited.js';
import { extractLinks } from '../../src/extract/links.js';
import type { LinkFinding } from '../../src/extract/types.js';

/**
 * `citedLinks` as it was written first, with two sets: the rule itself (no link inside a
 * markdown link's text; the first finding of each normalized URL), which the faster form must
 * keep on real answers and on random findings, few and many.
 */
function bySets(findings: readonly LinkFinding[]): LinkFinding[] {
  const inLabel = new Set<number>();
  findings.forEach((link, at) => {
    if (link.label === undefined) return;
    const end = link.start - 2;
    const start = end - link.label.length;
    for (let back = at - 1; back >= 0 && findings[back]!.start >= start; back--)
      if (findings[back]!.end <= end) inLabel.add(back);
  });
  const seen = new Set<string>();
  return findings.filter(
    (link, at) =>
      !inLabel.has(at) && !seen.has(link.normalized) && (seen.add(link.normalized), true),
  );
}

describe('citedLinks', () => {
  it('keeps the first of each URL and drops the links of a markdown link’s text', () => {
    const text =
      'See [www.mass.gov](https://mass.gov/courts) and https://mass.gov/courts, then ' +
      '[https://a.org](https://b.org/x) and <https://b.org/x/>.';
    expect(citedLinks(extractLinks(text)).map((link) => [link.raw, link.label])).toEqual([
      ['https://mass.gov/courts', 'www.mass.gov'],
      ['https://b.org/x', 'https://a.org'],
    ]);
  });

  it('gives what the two-set rule gives on every stretch of the fixtures', () => {
    const text = fixtureText();
    let compared = 0;
    // Stretches of about an answer's length, and a few long ones past the comparison's bound.
    for (const size of [600, 2_500, 40_000]) {
      for (let from = 0; from < text.length; from += size) {
        const findings = extractLinks(text.slice(from, from + size));
        expect(citedLinks(findings)).toEqual(bySets(findings));
        compared += findings.length;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('gives what the two-set rule gives on random findings with repeats and labels', () => {
    const finding = fc.record({
      url: fc.constantFrom('https://a.org', 'https://b.org/x', 'https://c.gov', 'https://d.us'),
      gap: fc.nat({ max: 12 }),
      size: fc.integer({ min: 1, max: 10 }),
      label: fc.option(fc.nat({ max: 25 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 40 }), (made) => {
        let at = 0;
        const findings = made.map(({ url, gap, size, label }): LinkFinding => {
          const start = at + gap;
          at = start + size;
          const link: LinkFinding = {
            kind: 'link',
            raw: url,
            normalized: url,
            host: url.slice(8),
            form: label === undefined ? 'scheme' : 'markdown',
            start,
            end: at,
          };
          if (label !== undefined) link.label = 'x'.repeat(label);
          return link;
        });
        expect(citedLinks(findings)).toEqual(bySets(findings));
      }),
      { numRuns: 5_000 },
    );
  });
});
