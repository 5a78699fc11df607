import { MISATTRIBUTED_PHONE_PENALTY, SCORE_DECIMALS } from '../defaults.js';
import { formatPhone } from '../normalize/phone.js';
import { round } from '../score/score.js';
import { REASON_PREFIX, VERIFIER_METADATA_KEY, type GradingResult } from './grading.js';
import { LINK_BUCKETS, PHONE_STATUSES, isFatalBucket, type LinkBucket, type LinkVerdict, type PhoneStatus, type PhoneVerdict, type Report } from '../types.js';

/** Formatters over a `Report`: the promptfoo GradingResult, the JSON document, and the terminal text. */

function countBy<K extends string>(keys: readonly K[], values: readonly K[]): string {
  const parts = keys.map((key) => [key, values.filter((value) => value === key).length] as const).filter(([, count]) => count > 0);
  return parts.length === 0 ? 'none' : parts.map(([key, count]) => `${count} ${key.replace('_', ' ')}`).join(', ');
}

/** One line that shows the working: the score, how it was reached, and why it passed or failed. */
export function summaryLine(report: Report): string {
  const fatal = report.links.filter((link) => isFatalBucket(link.bucket));
  const verdict = report.pass ? 'PASS' : 'FAIL';
  const penalty = report.misattributedCount > 0 ? ` − ${report.misattributedCount} × ${MISATTRIBUTED_PHONE_PENALTY} for misattributed numbers` : '';
  const comparison = report.score > report.threshold ? '>' : '≤';
  const why = fatal.length > 0 ? `; fails outright: ${fatal.length} ${fatal.length === 1 ? 'link is' : 'links are'} broken or invented` : '';
  return `${verdict}: score ${report.score} ${comparison} threshold ${report.threshold} (link score ${report.linkScore} over ${report.links.length} link${report.links.length === 1 ? '' : 's'}${penalty})${why}`;
}

function linkCounts(report: Report): string {
  return countBy<LinkBucket>(LINK_BUCKETS, report.links.map((link) => link.bucket));
}

function phoneCounts(report: Report): string {
  return countBy<PhoneStatus>(PHONE_STATUSES, report.phones.map((phone) => phone.status));
}

/**
 * The promptfoo GradingResult: the reason lists every problem and the counts; `namedScores` carry
 * the overall score, the link score and the misattributed count; one component result per finding
 * kind (links, phones, organizations), which promptfoo's viewer shows as a table.
 *
 * `metadata.citationVerifier` carries the whole report as `toJson` prints it (every link with its
 * bucket, every number with its status, and their spans in the answer). promptfoo keeps an
 * assertion's metadata in the results file, so `citation-verifier report` reads exact per-link
 * verdicts from there instead of parsing the reason text. The key is part of the results contract:
 * `src/promptfoo/rows.ts` reads it under the same name.
 */
export function toGradingResult(report: Report): GradingResult {
  const problems = report.reasons.length === 0 ? '(none)' : report.reasons.join('; ');
  const reason = `${REASON_PREFIX}: ${summaryLine(report)}. Links: ${linkCounts(report)}. Phones: ${phoneCounts(report)}. Problems: ${problems}`;
  const linkLines = report.links.map((link) => `${link.bucket} ${link.finding.normalized}${lookalikeNote(link)} (${link.reason})`);
  const phoneLines = report.phones.map((phone) => `${phone.status} ${phone.finding.raw}: ${phone.reason}`);
  const linksPass = !report.links.some((link) => isFatalBucket(link.bucket));
  const phonesScore = round(Math.max(0, 1 - MISATTRIBUTED_PHONE_PENALTY * report.misattributedCount), SCORE_DECIMALS);
  return {
    pass: report.pass,
    score: report.score,
    reason,
    namedScores: {
      citation_score: report.score,
      link_score: report.linkScore,
      misattributed_phones: report.misattributedCount,
      invented_or_broken_links: report.links.filter((link) => isFatalBucket(link.bucket)).length,
    },
    componentResults: [
      {
        pass: linksPass,
        score: report.linkScore,
        reason: `links (${linkCounts(report)}): ${linkLines.length === 0 ? '(none)' : linkLines.join('; ')}`,
        assertion: { type: 'javascript', metric: 'citation-links' },
      },
      {
        pass: report.misattributedCount === 0,
        score: phonesScore,
        reason: `phones (${phoneCounts(report)}): ${phoneLines.length === 0 ? '(none)' : phoneLines.join('; ')}`,
        assertion: { type: 'javascript', metric: 'citation-phones' },
      },
      {
        pass: true,
        score: 1,
        reason: `organizations named: ${report.organizations.length === 0 ? '(none)' : [...new Set(report.organizations.map((org) => org.normalized))].join('; ')}`,
        assertion: { type: 'javascript', metric: 'citation-organizations' },
      },
    ],
    metadata: { [VERIFIER_METADATA_KEY]: toJson(report) },
  };
}

/** ` [lookalike of mass.gov]` after a link that resembles a directory domain, else nothing. */
function lookalikeNote(link: LinkVerdict): string {
  return link.lookalikeOf === undefined ? '' : ` [lookalike of ${link.lookalikeOf}]`;
}

/**
 * The verdict JSON: the one document every front writes for a report. `check --format json` prints
 * it, the assertion puts it in its metadata (where `report` reads it back), and the vendor
 * comparison keeps its links and phones (`verdictOf`), so all three agree field for field.
 */
export function toJson(report: Report): Record<string, unknown> {
  return {
    pass: report.pass,
    score: report.score,
    threshold: report.threshold,
    link_score: report.linkScore,
    misattributed_phones: report.misattributedCount,
    liveness: report.liveness,
    links: report.links.map(linkJson),
    phones: report.phones.map(phoneJson),
    organizations: report.organizations.map((org) => ({ name: org.normalized, raw: org.raw, start: org.start, end: org.end })),
    reasons: report.reasons,
  };
}

/** One link of the verdict JSON: the raw text as `url`, its bucket, score and reason, its span, and what liveness saw. */
export function linkJson(link: LinkVerdict) {
  return {
    url: link.finding.raw,
    normalized: link.finding.normalized,
    bucket: link.bucket,
    score: link.score,
    reason: link.reason,
    start: link.finding.start,
    end: link.finding.end,
    ...(link.liveness ? { liveness: link.liveness } : {}),
    ...(link.stale ? { stale: true as const } : {}),
    ...(link.lookalikeOf !== undefined ? { lookalike_of: link.lookalikeOf } : {}),
  };
}

/** One phone number of the verdict JSON: raw and normalized, the organization it was given for (or null), status, reason, span. */
export function phoneJson(phone: PhoneVerdict) {
  return {
    raw: phone.finding.raw,
    normalized: phone.finding.normalized,
    organization: phone.organization ?? null,
    status: phone.status,
    reason: phone.reason,
    start: phone.finding.start,
    end: phone.finding.end,
  };
}

/** The terminal text `check` prints: the verdict, then one aligned line per finding. */
export function toText(report: Report): string {
  const lines = [summaryLine(report), ''];
  lines.push(`Links (${linkCounts(report)})`);
  const width = Math.max(0, ...report.links.map((link) => link.bucket.length));
  for (const link of report.links) lines.push(`  ${link.bucket.padEnd(width)}  ${link.finding.raw}${lookalikeNote(link)}  — ${link.reason}`);
  lines.push('', `Phone numbers (${phoneCounts(report)})`);
  const statusWidth = Math.max(0, ...report.phones.map((phone) => phone.status.length));
  for (const phone of report.phones) {
    const shown = phone.finding.serviceLine ? phone.finding.normalized : formatPhone(phone.finding.normalized);
    lines.push(`  ${phone.status.padEnd(statusWidth)}  ${phone.finding.raw}${phone.finding.raw === shown ? '' : ` (${shown})`}  — ${phone.reason}`);
  }
  const names = [...new Set(report.organizations.map((org) => org.normalized))];
  lines.push('', `Organizations named (${names.length})`);
  for (const name of names) lines.push(`  ${name}`);
  if (report.reasons.length > 0) {
    lines.push('', 'Problems');
    for (const reason of report.reasons) lines.push(`  - ${reason}`);
  }
  return `${lines.join('\n')}\n`;
}
