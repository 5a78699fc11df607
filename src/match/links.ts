import { parseDomain } from '../util/domains.js';
import { BUCKET_SCORES } from '../defaults.js';
import type { AllowlistIndex } from './index.js';
import { extractLinks } from '../extract/links.js';
import type { LinkFinding } from '../extract/types.js';
import type { LivenessOutcome } from '../liveness/types.js';
import { type HostParts, hostProblem } from '../normalize/public-host.js';
import type { LinkCode } from '../codes.js';
import type { LinkBucket, LinkVerdict } from '../types.js';
import { type GovRegistry, loadGovRegistry } from './dotgov.js';
import { findLookalike, type Lookalike } from './lookalike.js';

export interface ClassifyOptions {
  /** Leave IP literals and reserved names to liveness (intranets, tests). */
  allowPrivateNetworks?: boolean;
  /** The registered .gov domains; default the snapshot shipped in the package (`loadGovRegistry()`). */
  govRegistry?: GovRegistry;
}

/** A link's offline verdict: `directory`, `invented` when proven false, else `unverified`. */
export function classifyLink(
  finding: LinkFinding,
  index: AllowlistIndex,
  options: ClassifyOptions = {},
): LinkVerdict {
  if (index.urls.has(finding.normalized))
    return verdict(finding, 'directory', 'link.listed', 'listed in the directory');
  // One tldts reading of the host for every rule below.
  const parts = parseDomain(finding.host);
  const problem = hostProblem(finding.host, options, parts);
  // Judged before the directory walk, which would read `.masslegalhelp.org` as under a listed site.
  if (problem?.kind === 'empty-label')
    return verdict(finding, 'invented', 'link.invented.empty-label', problem.reason);
  if (finding.userinfo !== undefined) {
    const hidden = finding.userinfo.replace(/:.*$/, '');
    return verdict(
      finding,
      'invented',
      'link.invented.userinfo',
      `hides the real host ${finding.host} behind "${hidden}@": the link does not go to ${hidden}`,
    );
  }
  // A text unlike its target proves deception unless the target stands on its own (listed, .gov).
  const shown = labelMismatch(finding, parts);
  const seen = shown === null ? '' : `; its text shows ${shown.text}, another site`;
  const listedDomain = directoryDomainOf(finding.host, index.domains);
  if (listedDomain !== null) {
    return verdict(
      finding,
      'directory',
      'link.listed.domain',
      `${listedDomain === finding.host ? 'on' : 'under'} directory domain ${listedDomain}${seen}`,
    );
  }
  if (problem !== null)
    return verdict(finding, 'invented', `link.invented.${problem.kind}`, problem.reason);
  return outsideDirectory(finding, parts, shown, seen, index, options);
}

/** `classifyLink` for a public host outside the directory; `seen` is the reason's note of `shown`. */
function outsideDirectory(
  finding: LinkFinding,
  parts: HostParts,
  shown: ReturnType<typeof labelMismatch>,
  seen: string,
  index: AllowlistIndex,
  options: ClassifyOptions,
): LinkVerdict {
  const lookalike = findLookalike(finding.host, index.lookalikes(), parts);
  const gov = govStanding(finding.host, options.govRegistry ?? loadGovRegistry(), parts);
  if (gov !== null) {
    if (gov.registered)
      return verdict(
        finding,
        'unverified',
        'link.unverified.gov',
        `not in the directory; ${gov.domain} is a registered .gov domain (CISA's .gov registry, snapshot ${gov.date}), but liveness is off, so nothing shows the page exists${seen}`,
      );
    const like = lookalike ? `; it resembles the directory domain ${lookalike.of}` : '';
    return verdict(
      finding,
      'invented',
      'link.invented.unregistered-gov',
      `${gov.domain} is not a registered .gov domain (CISA's .gov registry, snapshot ${gov.date})${like}`,
      lookalike,
    );
  }
  if (shown !== null && (lookalike !== null || !shown.sameBody)) {
    const like = lookalike ? `, which resembles the directory domain ${lookalike.of}` : '';
    return verdict(
      finding,
      'invented',
      'link.invented.label-mismatch',
      `the link text shows ${shown.text} but it goes to ${shown.target}${like}`,
      lookalike,
    );
  }
  if (lookalike?.proven)
    return verdict(
      finding,
      'invented',
      `link.invented.lookalike.${lookalike.kind}`,
      `${finding.host} is a lookalike: it ${lookalike.how}`,
      lookalike,
    );
  if (lookalike)
    return verdict(
      finding,
      'unverified',
      `link.unverified.lookalike.${lookalike.kind}`,
      `not in the directory; liveness is off, so nothing shows the page exists. It resembles a directory site: it ${lookalike.how}`,
      lookalike,
    );
  return verdict(
    finding,
    'unverified',
    'link.unverified',
    `not in the directory; liveness is off, so nothing shows the page exists${seen}`,
  );
}

/** A link's offline verdict (not a closure per `classifyLink` call: that runs for every link). */
function verdict(
  finding: LinkFinding,
  bucket: LinkBucket,
  code: LinkCode,
  reason: string,
  lookalike?: Lookalike | null,
): LinkVerdict {
  return {
    finding,
    bucket,
    score: BUCKET_SCORES[bucket],
    code,
    reason,
    ...(lookalike ? { lookalikeOf: lookalike.of } : {}),
  };
}

/** For a host under `.gov`: its registrable domain and whether the registry lists it. */
function govStanding(
  host: string,
  registry: GovRegistry,
  parsed: HostParts,
): { domain: string; registered: boolean; date: string } | null {
  if (!host.endsWith('.gov')) return null;
  if (parsed.publicSuffix !== 'gov' || !parsed.domain) return null;
  return {
    domain: parsed.domain,
    registered: registry.domains.has(parsed.domain),
    date: registry.date,
  };
}

/** A markdown link whose text is another site than its target, and whether one body's; or null. */
function labelMismatch(
  finding: LinkFinding,
  targetParts: HostParts,
): { text: string; target: string; sameBody: boolean } | null {
  if (finding.label === undefined) return null;
  const shown = labelLink(finding.label);
  if (shown === undefined) return null;
  const shownParts = parseDomain(shown.host);
  const shownDomain = shownParts.domain ?? shown.host;
  const targetDomain = targetParts.domain ?? finding.host;
  if (shownDomain === targetDomain) return null;
  const names = [shownParts, targetParts].map((parts) => parts.domainWithoutSuffix ?? '');
  const joined = [shownDomain, targetDomain].map((domain) => domain.replace(/\./g, ''));
  const sameBody =
    (names[0] !== '' && names[0] === names[1]) || names[0] === joined[1] || names[1] === joined[0];
  return { text: shownDomain, target: targetDomain, sameBody };
}

/** The one address a markdown link's text is, emphasis aside (`[**x.org**](…)`); undefined for words. */
export function labelLink(label: string): LinkFinding | undefined {
  const text = label.trim().replace(/^[*_`]+|[*_`]+$/g, '');
  const found = extractLinks(text);
  return found.length === 1 && found[0]!.raw === text ? found[0] : undefined;
}

/** The directory domain `host` is or lies under, or null; a listed public suffix covers itself. */
export function directoryDomainOf(host: string, domains: ReadonlySet<string>): string | null {
  let candidate = host;
  for (;;) {
    if (domains.has(candidate) && (candidate === host || parseDomain(candidate).domain !== null))
      return candidate;
    const dot = candidate.indexOf('.');
    if (dot === -1) return null;
    candidate = candidate.slice(dot + 1);
  }
}

/** An offline verdict refined by liveness; `invented` stays, a dead directory link is stale. */
export function applyLiveness(offline: LinkVerdict, outcome: LivenessOutcome): LinkVerdict {
  if (offline.bucket === 'invented') return offline;
  const evidence = {
    ...('status' in outcome && outcome.status !== undefined ? { status: outcome.status } : {}),
    ...('finalUrl' in outcome && outcome.finalUrl !== undefined
      ? { finalUrl: outcome.finalUrl }
      : {}),
    ...('error' in outcome && outcome.error !== undefined ? { error: outcome.error } : {}),
  };
  const verdict = (
    bucket: LinkBucket,
    code: LinkCode,
    reason: string,
    stale?: boolean,
  ): LinkVerdict => ({
    finding: offline.finding,
    bucket,
    score: BUCKET_SCORES[bucket],
    code,
    reason,
    liveness: evidence,
    ...(stale ? { stale } : {}),
    ...(offline.lookalikeOf !== undefined ? { lookalikeOf: offline.lookalikeOf } : {}),
  });
  if (offline.bucket === 'directory') {
    if (outcome.kind === 'broken' || outcome.kind === 'invented')
      return verdict(
        'broken',
        'link.listed.dead',
        `listed in the directory but dead: ${outcome.reason}; fix the directory entry`,
        true,
      );
    const note = outcome.kind === 'live' ? 'resolves' : `liveness inconclusive: ${outcome.reason}`;
    return verdict('directory', offline.code, `${offline.reason}; ${note}`);
  }
  switch (outcome.kind) {
    case 'live':
      return verdict(
        'live',
        'link.live',
        `not in the directory, but it resolves (HTTP ${outcome.status}${outcome.finalUrl !== offline.finding.normalized ? ` at ${outcome.finalUrl}` : ''})`,
      );
    case 'broken':
      return verdict('broken', 'link.broken', outcome.reason);
    case 'invented':
      return verdict('invented', 'link.invented.lookup', outcome.reason);
    case 'inconclusive':
      return verdict(
        'inconclusive',
        'link.inconclusive',
        `not in the directory and liveness was inconclusive: ${outcome.reason}`,
      );
  }
}
