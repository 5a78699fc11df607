import { MISATTRIBUTED_PHONE_PENALTY, SCORE_DECIMALS } from './defaults.js';
import { isFatalBucket, type LinkVerdict, type PhoneVerdict } from './types.js';

export interface Score {
  score: number;
  linkScore: number;
  misattributedCount: number;
  /** Distinct numbers given for organizations of other jurisdictions (0 with no jurisdiction). */
  wrongJurisdictionCount: number;
  pass: boolean;
}

/**
 * score = max(0, mean(link scores, 1 with none) − 0.3 × distinct misattributed or
 * wrong-jurisdiction numbers), rounded; pass = score > threshold and no fatal link (one of
 * another jurisdiction only with `wrongLinksFail`), nor a wrong number with `failOnMisattribution`.
 * Example: directory (1) + unverified (0.5), one wrong number → 0.45 > 0.4, pass.
 */
export function scoreReport(
  links: readonly LinkVerdict[],
  phones: readonly PhoneVerdict[],
  threshold: number,
  failOnMisattribution = false,
  options: { wrongLinksFail?: boolean } = {},
): Score {
  const linkScore =
    links.length === 0 ? 1 : links.reduce((sum, link) => sum + link.score, 0) / links.length;
  const misattributed = distinctNumbers(phones, 'misattributed');
  const wrongJurisdiction = distinctNumbers(phones, 'wrong_jurisdiction');
  const score = round(
    Math.max(0, linkScore - MISATTRIBUTED_PHONE_PENALTY * (misattributed + wrongJurisdiction)),
    SCORE_DECIMALS,
  );
  const wrongFails = options.wrongLinksFail ?? true;
  const fatal = links.some(
    (link) => isFatalBucket(link.bucket) && (wrongFails || link.bucket !== 'wrong_jurisdiction'),
  );
  return {
    score,
    linkScore: round(linkScore, SCORE_DECIMALS),
    misattributedCount: misattributed,
    wrongJurisdictionCount: wrongJurisdiction,
    pass: score > threshold && !fatal && !(failOnMisattribution && misattributed > 0),
  };
}

/** How many distinct numbers have `status`. */
function distinctNumbers(phones: readonly PhoneVerdict[], status: PhoneVerdict['status']): number {
  const numbers = new Set<string>();
  for (const phone of phones) if (phone.status === status) numbers.add(phone.finding.normalized);
  return numbers.size;
}

/** Round for display and comparison, so 0.1 + 0.2 reads 0.3. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
