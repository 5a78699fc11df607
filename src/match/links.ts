import { parse as parseDomain } from 'tldts';
import { BUCKET_SCORES, PLACEHOLDER_HOSTS, PLACEHOLDER_LABEL_PATTERN, RESERVED_SUFFIXES } from '../defaults.js';
import type { AllowlistIndex } from './index.js';
import type { LinkFinding } from '../extract/types.js';
import type { LivenessOutcome } from '../liveness/types.js';
import type { LinkBucket, LinkVerdict } from '../types.js';
import { findLookalike } from './lookalike.js';


/**
 * The offline verdict for one link: `directory` when listed (its URL in `urls`, or its host a
 * `domains` entry or below one), `invented` when provably not a usable public resource, else
 * `unverified`. No network: liveness, when on, refines `unverified` and checks `directory` links
 * for staleness (see `applyLiveness`).
 */
export function classifyLink(finding: LinkFinding, index: AllowlistIndex, options: { allowPrivateNetworks?: boolean } = {}): LinkVerdict {
  const verdict = (bucket: LinkBucket, reason: string): LinkVerdict => ({ finding, bucket, score: BUCKET_SCORES[bucket], reason });
  if (index.urls.has(finding.normalized)) return verdict('directory', 'listed in the directory');
  const listedDomain = directoryDomainOf(finding.host, index.domains);
  if (listedDomain !== null && finding.userinfo === undefined) {
    return verdict('directory', listedDomain === finding.host ? `on directory domain ${listedDomain}` : `under directory domain ${listedDomain}`);
  }
  if (finding.userinfo !== undefined) {
    const hidden = finding.userinfo.replace(/:.*$/, '');
    return verdict('invented', `hides the real host ${finding.host} behind "${hidden}@": the link does not go to ${hidden}`);
  }
  const invented = inventedReason(finding.host, index, options);
  if (invented !== null) return verdict('invented', invented);
  return verdict('unverified', 'not in the directory; liveness is off, so nothing shows the page exists');
}

/** Why a host cannot be a real public resource, or null when nothing offline says so. */
export function inventedReason(host: string, index: AllowlistIndex | null, options: { allowPrivateNetworks?: boolean } = {}): string | null {
  // With private networks allowed (intranets, tests) such hosts are left to liveness to judge.
  if (options.allowPrivateNetworks) {
    if (isIpHost(host) || RESERVED_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return null;
  }
  if (isIpHost(host)) return `${host} is an IP address, not a published site`;
  const reserved = RESERVED_SUFFIXES.find((suffix) => host === suffix || host.endsWith(`.${suffix}`));
  if (reserved) return `${host} is a reserved or private name (.${reserved}), not a public site`;
  const parsed = parseDomain(host);
  if (!parsed.domain || !(parsed.isIcann === true || parsed.isPrivate === true)) {
    return `${host} has no valid public suffix${parsed.publicSuffix ? ` (".${parsed.publicSuffix}" is not a top-level domain)` : ''}`;
  }
  if (PLACEHOLDER_HOSTS.has(parsed.domain) || PLACEHOLDER_LABEL_PATTERN.test(parsed.domainWithoutSuffix ?? '')) {
    return `${parsed.domain} is a placeholder address, not a real site`;
  }
  if (index !== null) {
    const lookalike = findLookalike(host, index.lookalikes());
    if (lookalike) return `${host} is a lookalike: it ${lookalike.how}`;
  }
  return null;
}

function isIpHost(host: string): boolean {
  return host.startsWith('[') || /^\d+(?:\.\d+){3}$/.test(host);
}

/** The directory domain `host` is, or lies under; null when none. Walks up the labels: O(labels). */
export function directoryDomainOf(host: string, domains: ReadonlySet<string>): string | null {
  let candidate = host;
  for (;;) {
    if (domains.has(candidate)) return candidate;
    const dot = candidate.indexOf('.');
    if (dot === -1) return null;
    candidate = candidate.slice(dot + 1);
  }
}

/**
 * Refine an offline verdict with what liveness saw. `invented` offline stays invented (it was never
 * fetched). A directory link that is dead is `broken` and marked stale; one that liveness cannot
 * judge stays `directory`. Otherwise the outcome decides: live 0.7, inconclusive 0.5, broken and
 * invented 0.
 */
export function applyLiveness(offline: LinkVerdict, outcome: LivenessOutcome): LinkVerdict {
  if (offline.bucket === 'invented') return offline;
  const evidence = {
    ...('status' in outcome && outcome.status !== undefined ? { status: outcome.status } : {}),
    ...('finalUrl' in outcome && outcome.finalUrl !== undefined ? { finalUrl: outcome.finalUrl } : {}),
    ...('error' in outcome && outcome.error !== undefined ? { error: outcome.error } : {}),
  };
  const verdict = (bucket: LinkBucket, reason: string, stale?: boolean): LinkVerdict => ({
    finding: offline.finding,
    bucket,
    score: BUCKET_SCORES[bucket],
    reason,
    liveness: evidence,
    ...(stale ? { stale } : {}),
  });
  if (offline.bucket === 'directory') {
    if (outcome.kind === 'broken' || outcome.kind === 'invented') return verdict('broken', `listed in the directory but dead: ${outcome.reason}; fix the directory entry`, true);
    const note = outcome.kind === 'live' ? 'resolves' : `liveness inconclusive: ${outcome.reason}`;
    return verdict('directory', `${offline.reason}; ${note}`);
  }
  switch (outcome.kind) {
    case 'live':
      return verdict('live', `not in the directory, but it resolves (HTTP ${outcome.status}${outcome.finalUrl !== offline.finding.normalized ? ` at ${outcome.finalUrl}` : ''})`);
    case 'broken':
      return verdict('broken', outcome.reason);
    case 'invented':
      return verdict('invented', outcome.reason);
    case 'inconclusive':
      return verdict('inconclusive', `not in the directory and liveness was inconclusive: ${outcome.reason}`);
  }
}
