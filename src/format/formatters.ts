import { LISTED_FINDINGS, MISATTRIBUTED_PHONE_PENALTY, SCORE_DECIMALS } from '../defaults.js';
import { formatPhone } from '../normalize/phone.js';
import { round } from '../score.js';
import { REASON_PREFIX, VERIFIER_METADATA_KEY, type GradingResult } from './grading.js';
import {
  LINK_BUCKETS,
  PHONE_STATUSES,
  isFatalBucket,
  type Correction,
  type LinkBucket,
  type LinkVerdict,
  type PhoneVerdict,
  type Report,
  type Served,
} from '../types.js';
import type { CountsJson, LinkJson, PhoneJson, VerdictJson } from './verdict-schema.js';

function countBy<T, K extends string>(
  keys: readonly K[],
  items: readonly T[],
  keyOf: (item: T) => K,
): string {
  const parts = keys
    .map((key) => [key, items.filter((item) => keyOf(item) === key).length] as const)
    .filter(([, count]) => count > 0);
  return parts.length === 0
    ? 'none'
    : parts.map(([key, count]) => `${count} ${key.replace('_', ' ')}`).join(', ');
}

/** `PASS`, `FAIL`, or `PASS with N problems`, so a passing row is not read as clean. */
export function verdictHead(report: Report): string {
  if (!report.pass) return 'FAIL';
  const count = report.reasons.length;
  return count === 0 ? 'PASS' : `PASS with ${count} problem${count === 1 ? '' : 's'}`;
}

/** One line that shows the working: the score, how it was reached, and why it passed or failed. */
export function summaryLine(report: Report): string {
  const fatal = report.links.filter((link) => failsAnswer(report, link));
  const verdict = verdictHead(report);
  const otherState = report.jurisdiction?.wrongNumbers ?? 0;
  const penalty =
    (report.misattributedCount > 0
      ? ` − ${report.misattributedCount} × ${MISATTRIBUTED_PHONE_PENALTY} for misattributed numbers`
      : '') +
    (otherState > 0
      ? ` − ${otherState} × ${MISATTRIBUTED_PHONE_PENALTY} for numbers of another jurisdiction`
      : '');
  const comparison = report.score > report.threshold ? '>' : '≤';
  const wrongNumbers = report.failOnMisattribution ? report.misattributedCount : 0;
  const what = fatal.some((link) => link.bucket === 'wrong_jurisdiction')
    ? `broken, invented or for another jurisdiction than ${report.jurisdiction?.code}`
    : 'broken or invented';
  const why =
    fatal.length > 0
      ? `; fails outright: ${fatal.length} ${fatal.length === 1 ? 'link is' : 'links are'} ${what}`
      : wrongNumbers > 0
        ? `; fails outright: ${wrongNumbers} ${wrongNumbers === 1 ? 'number is' : 'numbers are'} misattributed (failOnMisattribution)`
        : '';
  // After the verdict's colon: the assertion's reason re-joins the line there (`toGradingResult`).
  const against = report.jurisdiction ? `[checked against ${report.jurisdiction.code}] ` : '';
  return `${verdict}: ${against}score ${report.score} ${comparison} threshold ${report.threshold} (link score ${report.linkScore} over ${report.links.length} link${report.links.length === 1 ? '' : 's'}${penalty})${why}`;
}

/** Whether a link fails the report on its own (a wrong-jurisdiction one only if configured so). */
function failsAnswer(report: Report, link: LinkVerdict): boolean {
  return (
    isFatalBucket(link.bucket) &&
    (link.bucket !== 'wrong_jurisdiction' || report.jurisdiction?.failsAnswer !== false)
  );
}

function linkCounts(report: Report): string {
  return countBy(LINK_BUCKETS, report.links, (link) => link.bucket);
}

function phoneCounts(report: Report): string {
  return countBy(PHONE_STATUSES, report.phones, (phone) => phone.status);
}

/**
 * The promptfoo GradingResult, its reason showing the working. No `componentResults`: promptfoo
 * flattens them into the row's assertions ("Asserts 5/8" for 2). `namedScores` are fractions, as
 * the viewer shows percentages. `metadata.citationVerifier` carries `toJson`, which `report` reads
 * back (`src/promptfoo/rows.ts`).
 */
export function toGradingResult(report: Report): GradingResult {
  const cap = LISTED_FINDINGS.reason;
  const problems =
    report.reasons.length === 0 ? '(none)' : listed(report.reasons, cap, 'problems').join('; ');
  const names = [...new Set(report.organizations.map((org) => org.normalized))];
  const organizations =
    names.length === 0 ? '(none)' : listed(names, cap, 'organizations').join('; ');
  const lookalikes = report.links
    .filter((link) => link.lookalikeOf !== undefined)
    .map((link) => `${link.finding.normalized}${lookalikeNote(link)}`);
  const resembling =
    lookalikes.length === 0
      ? ''
      : ` Lookalikes: ${listed(lookalikes, cap, 'lookalikes').join('; ')}.`;
  // The viewer shows a passing row's reason only in part: "PASS" alone there hid a wrong number.
  const first = report.pass && report.reasons.length > 0 ? `${report.reasons[0]} | ` : '';
  const reason = `${REASON_PREFIX}: ${verdictHead(report)}: ${first}${summaryLine(report).slice(verdictHead(report).length + 2)}. Links: ${linkCounts(report)}.${resembling} Phones: ${phoneCounts(report)}. Organizations: ${organizations}. Problems: ${problems}`;
  const fatal = report.links.filter((link) => isFatalBucket(link.bucket)).length;
  const wrongNumbers = report.misattributedCount + (report.jurisdiction?.wrongNumbers ?? 0);
  return {
    pass: report.pass,
    score: report.score,
    reason,
    namedScores: {
      citation_score: report.score,
      link_score: report.linkScore,
      phone_score: round(
        Math.max(0, 1 - MISATTRIBUTED_PHONE_PENALTY * wrongNumbers),
        SCORE_DECIMALS,
      ),
      usable_links:
        report.links.length === 0
          ? 1
          : round((report.links.length - fatal) / report.links.length, SCORE_DECIMALS),
    },
    metadata: { [VERIFIER_METADATA_KEY]: toJson(report) },
  };
}

/** ` [lookalike of mass.gov]` after a link that resembles a directory domain, else nothing. */
function lookalikeNote(link: LinkVerdict): string {
  return link.lookalikeOf === undefined ? '' : ` [lookalike of ${link.lookalikeOf}]`;
}

/** The first `cap` of `items`, and when some are left out a last entry saying how many. */
export function listed(items: readonly string[], cap: number, what: string): string[] {
  const shown = items.slice(0, cap);
  if (items.length > shown.length) shown.push(moreText(items.length - shown.length, what));
  return shown;
}

/** `… and 12,345 more problems`. */
export function moreText(more: number, what: string): string {
  return `… and ${more.toLocaleString('en-US')} more ${what}`;
}

/** The longest of `values`, not spread into arguments (a huge answer overflows that). */
function widest(values: readonly string[]): number {
  let width = 0;
  for (const value of values) if (value.length > width) width = value.length;
  return width;
}

/** The verdict JSON, at most `cap` of a kind, with `omitted` and `counts` when any is left out. */
export function toJson(report: Report, cap: number = LISTED_FINDINGS.json): VerdictJson {
  return {
    pass: report.pass,
    score: report.score,
    threshold: report.threshold,
    link_score: report.linkScore,
    misattributed_phones: report.misattributedCount,
    liveness: report.liveness,
    ...(report.jurisdiction
      ? {
          jurisdiction: report.jurisdiction.code,
          wrong_jurisdiction_fails: report.jurisdiction.failsAnswer,
          wrong_jurisdiction_phones: report.jurisdiction.wrongNumbers,
        }
      : {}),
    links: report.links.slice(0, cap).map(linkJson),
    phones: report.phones.slice(0, cap).map(phoneJson),
    organizations: report.organizations
      .slice(0, cap)
      .map((org) => ({ name: org.normalized, raw: org.raw, start: org.start, end: org.end })),
    reasons: report.reasons.slice(0, cap),
    ...(report.failOnMisattribution ? { fail_on_misattribution: true as const } : {}),
    ...(report.recommendation
      ? {
          action: report.recommendation.action,
          action_code: report.recommendation.code,
          action_reason: report.recommendation.reason,
        }
      : {}),
    ...cutLists(report, cap),
  };
}

/** The verdict JSON with every finding listed, as `report` keeps an answer it verifies. */
export function verdictOf(report: Report): VerdictJson {
  return toJson(report, Number.POSITIVE_INFINITY);
}

/** The verdict JSON's `counts`; also what the comparison counts from whole lists. */
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

/** `omitted` and `counts` when a list is cut at `cap`, else nothing. */
function cutLists(report: Report, cap: number): Pick<VerdictJson, 'omitted' | 'counts'> {
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

function linkJson(link: LinkVerdict): LinkJson {
  return {
    url: link.finding.raw,
    normalized: link.finding.normalized,
    bucket: link.bucket,
    score: link.score,
    code: link.code,
    reason: link.reason,
    start: link.finding.start,
    end: link.finding.end,
    ...(link.liveness ? { liveness: link.liveness } : {}),
    ...(link.stale ? { stale: true as const } : {}),
    ...(link.lookalikeOf !== undefined ? { lookalike_of: link.lookalikeOf } : {}),
    ...(link.served ? { served: servedJson(link.served) } : {}),
    ...(link.correction ? { correction: link.correction } : {}),
  };
}

function servedJson(served: Served) {
  return { areas: [...served.areas], source: served.source, via: served.via };
}

export function phoneJson(phone: PhoneVerdict): PhoneJson {
  return {
    raw: phone.finding.raw,
    normalized: phone.finding.normalized,
    organization: phone.organization ?? null,
    ...(phone.kind !== undefined ? { kind: phone.kind } : {}),
    status: phone.status,
    code: phone.code,
    reason: phone.reason,
    start: phone.finding.start,
    end: phone.finding.end,
    ...(phone.served ? { served: servedJson(phone.served) } : {}),
    ...(phone.correction ? { correction: phone.correction } : {}),
  };
}

/** The terminal text `check` prints: the verdict, then at most `LISTED_FINDINGS.text` of a kind. */
export function toText(report: Report): string {
  const cap = LISTED_FINDINGS.text;
  const lines = [summaryLine(report), ...actionLines(report), ''];
  const more = (total: number, what: string): void => {
    if (total > cap)
      lines.push(
        `  ${moreText(total - cap, what)} (--format json lists ${LISTED_FINDINGS.json.toLocaleString('en-US')})`,
      );
  };
  lines.push(`Links (${linkCounts(report)})`);
  const links = report.links.slice(0, cap);
  const width = widest(links.map((link) => link.bucket));
  for (const link of links)
    lines.push(
      `  ${link.bucket.padEnd(width)}  ${link.finding.raw}${lookalikeNote(link)}  — ${link.reason}${correctionNote(link.correction)}`,
    );
  more(report.links.length, 'links');
  lines.push('', `Phone numbers (${phoneCounts(report)})`);
  const phones = report.phones.slice(0, cap);
  const statusWidth = widest(phones.map((phone) => phone.status));
  for (const phone of phones) {
    // A service line (211) has no standard form: `formatPhone` gives its digits back.
    const shown = formatPhone(phone.finding.normalized);
    lines.push(
      `  ${phone.status.padEnd(statusWidth)}  ${phone.finding.raw}${phone.finding.raw === shown ? '' : ` (${shown})`}  — ${phone.reason}${correctionNote(phone.correction)}`,
    );
  }
  more(report.phones.length, 'numbers');
  const names = [...new Set(report.organizations.map((org) => org.normalized))];
  lines.push('', `Organizations named (${names.length})`);
  for (const name of names.slice(0, cap)) lines.push(`  ${name}`);
  more(names.length, 'organizations');
  if (report.reasons.length > 0) {
    lines.push('', 'Problems');
    for (const reason of report.reasons.slice(0, cap)) lines.push(`  - ${reason}`);
    more(report.reasons.length, 'problems');
  }
  return `${lines.join('\n')}\n`;
}

/** ` → replace with (617) 555-0100 (…)`: a finding's fix as `check` prints it. */
function correctionNote(correction: Correction | undefined): string {
  if (correction === undefined) return '';
  if (correction.action === 'remove') return ` → remove the claim (${correction.reason})`;
  if (correction.action === 'review')
    return ` → for a person to review, nothing written (${correction.reason}${correction.suggestions.length === 0 ? '' : `; the directory offers: ${correction.suggestions.join(', ')}`})`;
  const more =
    correction.alternatives.length === 0
      ? ''
      : `; also listed: ${correction.alternatives.join(', ')}`;
  return ` → replace with ${correction.text} (${correction.reason}: ${correction.source.path}${more})`;
}

/** `Action: repair — why`, under the verdict line of `check`, when the report has one. */
function actionLines(report: Report): string[] {
  const action = report.recommendation;
  return action ? [`Action: ${action.action} — ${action.reason}`] : [];
}
