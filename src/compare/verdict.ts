import type { Report } from '../types.js';
import type { VerifierVerdict } from './types.js';

/**
 * A verifier `Report` reduced to what the vendor comparison keeps: the verdict, every link with
 * its bucket and every number with its status, each with its span in the answer. The same fields
 * `toJson` writes into the promptfoo metadata, so a report read from a results file and one
 * verified here compare alike.
 */
export function verdictOf(report: Report): VerifierVerdict {
  return {
    pass: report.pass,
    score: report.score,
    misattributed: report.misattributedCount,
    links: report.links.map((link) => ({
      url: link.finding.raw,
      normalized: link.finding.normalized,
      bucket: link.bucket,
      reason: link.reason,
      start: link.finding.start,
      end: link.finding.end,
    })),
    phones: report.phones.map((phone) => ({
      raw: phone.finding.raw,
      normalized: phone.finding.normalized,
      organization: phone.organization ?? null,
      status: phone.status,
      reason: phone.reason,
      start: phone.finding.start,
      end: phone.finding.end,
    })),
  };
}
