import { DEFAULT_THRESHOLD, LIVENESS_DEFAULTS } from './defaults.js';
import type { AllowlistIndex } from './match/index.js';
import { citedLinks } from './extract/cited.js';
import { extractLinks } from './extract/links.js';
import { findOrganizations } from './match/orgs.js';
import { extractPhones } from './extract/phones.js';
import { prepareAnswer, type PreparedAnswer } from './text/prepared.js';
import { correctVerdicts } from './match/corrections.js';
import type { LinkFinding, OrgFinding, PhoneFinding } from './extract/types.js';
import type { LinkChecker } from './liveness/types.js';
import type { GovRegistry } from './match/dotgov.js';
import { applyLiveness, classifyLink } from './match/links.js';
import { attributePhones } from './match/phones.js';
import { formatPhone } from './normalize/phone.js';
import {
  isDoubtfulBucket,
  isFatalBucket,
  LINK_SEVERITY,
  type LinkVerdict,
  type PhoneVerdict,
  type Report,
} from './types.js';
import { scoreReport } from './score.js';
import { checkLink, checkPhone, type JurisdictionOptions } from './jurisdiction/check.js';

export interface VerifyOptions {
  /** Pass when the score is strictly above this. Default `DEFAULT_THRESHOLD` (0.4). */
  threshold?: number;
  /** The registered .gov domains; default the snapshot shipped in the package. */
  govRegistry?: GovRegistry;
  /** A misattributed number fails the answer, whatever the score. Default false. */
  failOnMisattribution?: boolean;
  /** Check every link and number against this jurisdiction; absent: no check, nothing changes. */
  jurisdiction?: JurisdictionOptions;
  /** Link verdicts already reached with this index and options, read and added to (repair). */
  known?: KnownLinks;
}

/** Link verdicts by all of a finding but its span: a link written alike is not searched again. */
export type KnownLinks = Map<string, LinkVerdict>;

export interface Extraction {
  /** The links the answer cites (`citedLinks`): one per normalized URL, first occurrence first, none for a markdown link's text. */
  links: LinkFinding[];
  phones: PhoneFinding[];
  organizations: OrgFinding[];
}

/** Every link, number and organization name, spans only; link spans blanked for the other scans. */
export function extract(answer: string | PreparedAnswer, index: AllowlistIndex): Extraction {
  const text = typeof answer === 'string' ? answer : answer.text;
  const allLinks = extractLinks(text);
  const phones = extractPhones(text, allLinks);
  const organizations = findOrganizations(answer, index.orgMatcher, [...allLinks, ...phones]);
  return { links: citedLinks(allLinks), phones, organizations };
}

/** Each number matched to the organizations named near it; `answer` prepared, so it is read once. */
export function matchPhones(
  answer: string | PreparedAnswer,
  found: Extraction,
  index: AllowlistIndex,
): PhoneVerdict[] {
  const prepared = prepareAnswer(answer);
  return attributePhones(found.phones, found.organizations, prepared, index);
}

/** Verify one answer offline: a pure function of the text (maybe prepared) and the allowlist. */
export function verifyAnswer(
  text: string | PreparedAnswer,
  index: AllowlistIndex,
  options: VerifyOptions = {},
): Report {
  const answer = prepareAnswer(text);
  const found = extract(answer, index);
  const classify = options.govRegistry ? { govRegistry: options.govRegistry } : {};
  const links = found.links.map((link) => classifyKnown(link, index, classify, options.known));
  return finish(links, answer, found, index, options, false);
}

/** `classifyLink`, or the verdict `known` holds for a link written the same way, at this link's place. */
function classifyKnown(
  link: LinkFinding,
  index: AllowlistIndex,
  classify: Parameters<typeof classifyLink>[2],
  known: KnownLinks | undefined,
): LinkVerdict {
  if (known === undefined) return classifyLink(link, index, classify);
  const key = JSON.stringify([
    link.raw,
    link.normalized,
    link.host,
    link.form,
    link.userinfo,
    link.label,
  ]);
  const seen = known.get(key);
  if (seen !== undefined) return { ...seen, finding: link };
  const verdict = classifyLink(link, index, classify);
  known.set(key, verdict);
  return verdict;
}

/** The last steps of both passes: numbers, jurisdiction, corrections, score, report. */
function finish(
  judged: LinkVerdict[],
  answer: PreparedAnswer,
  found: Extraction,
  index: AllowlistIndex,
  options: VerifyOptions,
  liveness: boolean,
): Report {
  const check = options.jurisdiction;
  const matched = matchPhones(answer, found, index);
  // Every verdict decided: each one against the answer gets its fix (`correctVerdicts`).
  const { links, phones } = correctVerdicts(
    check ? judged.map((link) => checkLink(link, check)) : judged,
    check ? matched.map((phone) => checkPhone(phone, index, check)) : matched,
    found.organizations,
    answer,
    index,
  );
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const failOnMisattribution = options.failOnMisattribution ?? false;
  const failsAnswer = check?.wrongJurisdiction !== 'score';
  const score = scoreReport(
    links,
    phones,
    threshold,
    failOnMisattribution,
    check ? { wrongLinksFail: failsAnswer } : {},
  );
  return {
    pass: score.pass,
    score: score.score,
    threshold,
    linkScore: score.linkScore,
    links,
    phones,
    organizations: found.organizations,
    misattributedCount: score.misattributedCount,
    reasons: reasonsOf(links, phones),
    liveness,
    failOnMisattribution,
    ...(check
      ? {
          jurisdiction: {
            code: check.jurisdiction,
            failsAnswer,
            wrongNumbers: score.wrongJurisdictionCount,
          },
        }
      : {}),
  };
}

/** Verify with liveness: links not invented offline fetched as written, through `checker`'s cache. */
export async function verifyAnswerLive(
  text: string | PreparedAnswer,
  index: AllowlistIndex,
  checker: LinkChecker,
  options: VerifyOptions & { allowPrivateNetworks?: boolean; deadlineMs?: number } = {},
): Promise<Report> {
  const deadlineAt = Date.now() + (options.deadlineMs ?? LIVENESS_DEFAULTS.deadlineMs);
  const answer = prepareAnswer(text);
  const found = extract(answer, index);
  const classify = {
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    ...(options.govRegistry ? { govRegistry: options.govRegistry } : {}),
  };
  const offline = found.links.map((link) => classifyKnown(link, index, classify, options.known));
  const links = await Promise.all(
    offline.map(async (verdict) =>
      verdict.bucket === 'invented'
        ? verdict
        : applyLiveness(verdict, await checker.check(verdict.finding.raw, { deadlineAt })),
    ),
  );
  return finish(links, answer, found, index, options, true);
}

const FATAL_BY_SEVERITY = LINK_SEVERITY.filter(isFatalBucket);
const DOUBTFUL_BY_SEVERITY = LINK_SEVERITY.filter(isDoubtfulBucket);

/** One line per problem or warning, most serious first, in text order within a kind. */
function reasonsOf(links: readonly LinkVerdict[], phones: readonly PhoneVerdict[]): string[] {
  const lines: string[] = [];
  for (const bucket of FATAL_BY_SEVERITY)
    for (const link of links)
      if (link.bucket === bucket)
        lines.push(`${bucket.replace('_', ' ')} link ${link.finding.raw}: ${link.reason}`);
  for (const phone of phones)
    if (phone.status === 'misattributed' || phone.status === 'wrong_jurisdiction')
      lines.push(`${phone.status.replace('_', ' ')} number ${phone.finding.raw}: ${phone.reason}`);
  for (const link of links)
    if (link.stale && !isFatalBucket(link.bucket))
      lines.push(`stale directory link ${link.finding.raw}: ${link.reason}`);
  for (const bucket of DOUBTFUL_BY_SEVERITY)
    for (const link of links)
      if (link.bucket === bucket) lines.push(`${bucket} link ${link.finding.raw}: ${link.reason}`);
  for (const phone of phones)
    if (phone.status === 'unlisted')
      lines.push(
        `unlisted number ${phone.finding.raw} (${formatPhone(phone.finding.normalized)}): ${phone.reason}`,
      );
  return lines;
}
