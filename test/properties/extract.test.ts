import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { findOrganizations } from '../../src/match/orgs.js';
import { extractPhones } from '../../src/extract/phones.js';
import { segment } from '../../src/text/structure.js';
import type { Span } from '../../src/extract/types.js';
import { extract } from '../../src/verify.js';
import { directoryIndex } from './fixtures.js';
import { anyText, runs, timeout } from './support.js';

/** Every span lies inside the text and its text is exactly the finding's raw value. */
function expectSpans(text: string, findings: ReadonlyArray<Span & { raw: string }>): void {
  for (const finding of findings) {
    expect(Number.isInteger(finding.start) && Number.isInteger(finding.end)).toBe(true);
    expect(finding.start).toBeGreaterThanOrEqual(0);
    expect(finding.end).toBeGreaterThan(finding.start);
    expect(finding.end).toBeLessThanOrEqual(text.length);
    expect(text.slice(finding.start, finding.end)).toBe(finding.raw);
  }
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

describe('extractors on arbitrary text', () => {
  it(
    'links: never throw, spans are exact, results deterministic',
    () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const links = extractLinks(text);
          expectSpans(text, links);
          expect(extractLinks(text)).toEqual(links);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'phones: never throw, spans are exact, never inside a link, deterministic',
    () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const links = extractLinks(text);
          const phones = extractPhones(text, links);
          expectSpans(text, phones);
          for (const phone of phones)
            for (const link of links) expect(overlaps(phone, link)).toBe(false);
          expect(extractPhones(text, links)).toEqual(phones);
          // Without blanking, too (callers may pass no links).
          expectSpans(text, extractPhones(text));
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'organizations: never throw, spans are exact, disjoint, in order, deterministic',
    () => {
      const index = directoryIndex();
      fc.assert(
        fc.property(anyText, (text) => {
          const orgs = findOrganizations(text, index.orgMatcher);
          expectSpans(text, orgs);
          for (let i = 1; i < orgs.length; i++)
            expect(orgs[i]!.start).toBeGreaterThanOrEqual(orgs[i - 1]!.end);
          expect(findOrganizations(text, index.orgMatcher)).toEqual(orgs);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'segments: sentences and blocks are sorted, disjoint spans inside the text',
    () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const { sentences, blocks } = segment(text);
          for (const spans of [sentences, blocks]) {
            for (let i = 0; i < spans.length; i++) {
              const span = spans[i]!;
              expect(span.start).toBeGreaterThanOrEqual(0);
              expect(span.end).toBeLessThanOrEqual(text.length);
              expect(span.end).toBeGreaterThan(span.start);
              if (i > 0) expect(span.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
            }
          }
        }),
        runs(300),
      );
    },
    timeout(10_000),
  );

  it(
    'the whole extraction: never throws, every finding exact, deterministic',
    () => {
      const index = directoryIndex();
      fc.assert(
        fc.property(anyText, (text) => {
          const found = extract(text, index);
          expectSpans(text, found.links);
          expectSpans(text, found.phones);
          expectSpans(text, found.organizations);
          // Links are counted once per normalized URL.
          expect(new Set(found.links.map((link) => link.normalized)).size).toBe(found.links.length);
          expect(extract(text, index)).toEqual(found);
        }),
        runs(300),
      );
    },
    timeout(10_000),
  );
});
