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
 * score = max(0, mean(link scores) − 0.3 × distinct misattributed numbers), rounded to 4 decimals,
 * where a link scores 1 in the directory, 0.7 live, 0.5 unverified or inconclusive, 0 broken or
 * invented, the mean is 1 when there are no links, and links are counted once per normalized URL
 * (the caller de-duplicates). pass = score > threshold (strictly) and no link is broken or
 * invented: one invented link fails the answer whatever the rest. With `failOnMisattribution`
 * (opt-in; off by default) a misattributed number fails the answer too, whatever the score.
 *
 * Example: links directory (1) + unverified (0.5) → mean 0.75; one misattributed number → 0.45;
 * threshold 0.4 → pass.
 *
 * With a jurisdiction given: a `wrong_jurisdiction` link scores 0 and fails the answer like an
 * invented one, unless `wrongLinksFail` is false (then it only scores 0); a `wrong_jurisdiction`
 * number costs 0.3 like a misattributed one (distinct numbers of either status, each once; a
 * number is never both). Example: directory (1) + wrong_jurisdiction (0) → mean 0.5, fails;
 * with `wrongLinksFail: false` → 0.5 > 0.4 passes.
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
