import { isFatalBucket, type Recommendation, type Report } from '../types.js';
import { countsAgainst, leftForReview, type Repair, resemblesListed } from './repair.js';

/**
 * What to do with an answer: `pass` with nothing to correct (a wrong number may pass the score, but
 * is not shown); `repair` when the repair passes; `review` when a finding has only a suggestion
 * (a guess would send someone to the wrong body); `refuse` otherwise.
 */
export function recommend(report: Report, repair?: Repair): Recommendation {
  if (!needsRepair(report))
    return {
      action: 'pass',
      code: 'action.pass',
      reason: `passes (score ${report.score} > ${report.threshold}) with nothing to correct`,
    };
  const fixed = `${repair?.changes.length ?? 0} change${repair?.changes.length === 1 ? '' : 's'}`;
  const review = leftForReview(repair?.report ?? report);
  if (review > 0 && repair?.text.trim() !== '')
    return {
      action: 'review',
      code: 'action.review',
      reason: `${failure(report)}; ${review} finding${review === 1 ? '' : 's'} cannot be corrected beyond doubt and need${review === 1 ? 's' : ''} a person${(repair?.changes.length ?? 0) === 0 ? '' : ` (the repaired answer holds the ${fixed} that could be made)`}`,
    };
  if (repair === undefined || repair.changes.length === 0)
    return {
      action: 'refuse',
      code: 'action.refuse.nothing-repaired',
      reason: `${failure(report)}, and nothing could be repaired`,
    };
  if (repair.text.trim() === '')
    return {
      action: 'refuse',
      code: 'action.refuse.all-removed',
      reason: `${failure(report)}; repairing it removed every claim, so nothing is left to show`,
    };
  if (repair.report.pass && !needsRepair(repair.report))
    return {
      action: 'repair',
      code: 'action.repair',
      reason: `${failure(report)}; the repaired answer (${fixed}) passes (score ${repair.report.score} > ${repair.report.threshold})`,
    };
  return {
    action: 'refuse',
    code: 'action.refuse.still-fails',
    reason: `${failure(report)}; the repaired answer (${fixed}) still fails: ${repair.report.reasons[0] ?? `score ${repair.report.score} ≤ ${repair.report.threshold}`}`,
  };
}

/** A finding the answer should not go out with, or a failing score (`refuse` or `repair`). */
export function needsRepair(report: Report): boolean {
  return (
    !report.pass ||
    report.links.some((link) => isFatalBucket(link.bucket) || resemblesListed(link)) ||
    report.phones.some(countsAgainst)
  );
}

function failure(report: Report): string {
  const wrong = report.misattributedCount;
  const fatal = report.links.filter((link) => isFatalBucket(link.bucket)).length;
  const elsewhere = report.phones.filter((phone) => phone.status === 'wrong_jurisdiction').length;
  const lookalikes = report.links.filter(resemblesListed).length;
  const parts = [
    ...(fatal > 0 ? [`${fatal} failing link${fatal === 1 ? '' : 's'}`] : []),
    ...(wrong > 0 ? [`${wrong} misattributed number${wrong === 1 ? '' : 's'}`] : []),
    ...(elsewhere > 0
      ? [`${elsewhere} number${elsewhere === 1 ? '' : 's'} of another jurisdiction`]
      : []),
    ...(lookalikes > 0
      ? [`${lookalikes} link${lookalikes === 1 ? '' : 's'} resembling a directory site`]
      : []),
  ];
  const verdict = report.pass
    ? 'passes the score'
    : report.score > report.threshold
      ? `fails (score ${report.score} > ${report.threshold}, but a link fails it outright)`
      : `fails (score ${report.score} ≤ ${report.threshold})`;
  return parts.length > 0 ? `${verdict} with ${parts.join(' and ')}` : verdict;
}
