import { linkJson, phoneJson } from '../format/formatters.js';
import type { Report } from '../types.js';
import type { VerifierVerdict } from './types.js';

/**
 * A verifier `Report` reduced to what the vendor comparison keeps: the verdict, every link with
 * its bucket and every number with its status, each with its span in the answer. Links and numbers
 * are built by the verdict JSON's own builders, so a report read from a results file (where the
 * assertion wrote `toJson`) and one verified here compare alike.
 */
export function verdictOf(report: Report): VerifierVerdict {
  return {
    pass: report.pass,
    score: report.score,
    misattributed: report.misattributedCount,
    links: report.links.map(linkJson),
    phones: report.phones.map(phoneJson),
    ...(report.jurisdiction
      ? {
          jurisdiction: report.jurisdiction.code,
          wrongJurisdictionPhones: report.jurisdiction.wrongNumbers,
        }
      : {}),
  };
}
