import { LINK_BUCKETS, type LinkBucket, type Report } from '../types.js';
import type { CountsJson, VerdictJson } from './verdict-schema.js';

/**
 * Links counted by bucket and lookalike, and numbers: the verdict JSON's `counts` for a report
 * whose lists are cut, and what the comparison counts from lists that are whole.
 */
export function findingCounts(
  links: ReadonlyArray<{ bucket: LinkBucket; lookalike?: string | undefined }>,
  phones: number,
): CountsJson {
  const buckets = Object.fromEntries(LINK_BUCKETS.map((bucket) => [bucket, 0])) as Record<
    LinkBucket,
    number
  >;
  let lookalikes = 0;
  for (const link of links) {
    buckets[link.bucket] += 1;
    if (link.lookalike !== undefined) lookalikes += 1;
  }
  return { links: links.length, buckets, phones, lookalike_links: lookalikes };
}

/**
 * What the verdict JSON says when it lists at most `cap` of a kind: how many of each it left out
 * (`omitted`) and the counts of the whole answer (`counts`); nothing when every list is whole.
 */
export function cutLists(report: Report, cap: number): Pick<VerdictJson, 'omitted' | 'counts'> {
  const omitted = {
    links: Math.max(0, report.links.length - cap),
    phones: Math.max(0, report.phones.length - cap),
    organizations: Math.max(0, report.organizations.length - cap),
    reasons: Math.max(0, report.reasons.length - cap),
  };
  if (!Object.values(omitted).some((count) => count > 0)) return {};
  const links = report.links.map((link) => ({ bucket: link.bucket, lookalike: link.lookalikeOf }));
  return { omitted, counts: findingCounts(links, report.phones.length) };
}
