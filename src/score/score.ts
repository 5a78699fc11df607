import { MISATTRIBUTED_PHONE_PENALTY, SCORE_DECIMALS } from '../defaults.js';
import { isFatalBucket, type LinkVerdict, type PhoneVerdict } from '../types.js';

export interface Score {
  score: number;
  linkScore: number;
  misattributedCount: number;
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
 */
export function scoreReport(
  links: readonly LinkVerdict[],
  phones: readonly PhoneVerdict[],
  threshold: number,
  failOnMisattribution = false,
): Score {
  const linkScore =
    links.length === 0 ? 1 : links.reduce((sum, link) => sum + link.score, 0) / links.length;
  const misattributed = new Set(
    phones
      .filter((phone) => phone.status === 'misattributed')
      .map((phone) => phone.finding.normalized),
  );
  const score = round(
    Math.max(0, linkScore - MISATTRIBUTED_PHONE_PENALTY * misattributed.size),
    SCORE_DECIMALS,
  );
  const fatal = links.some((link) => isFatalBucket(link.bucket));
  return {
    score,
    linkScore: round(linkScore, SCORE_DECIMALS),
    misattributedCount: misattributed.size,
    pass: score > threshold && !fatal && !(failOnMisattribution && misattributed.size > 0),
  };
}

/** Round for display and comparison, so 0.1 + 0.2 reads 0.3. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
