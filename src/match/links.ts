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

/**
 * The offline verdict for one link: `directory` when listed (its URL in `urls`, or its host a
 * `domains` entry or below one), `invented` when something offline proves it is not the site it
 * claims to be or not a public site at all, else `unverified`. A host that only resembles a
 * directory domain stays `unverified` and carries `lookalikeOf`. No network: liveness, when on,
 * refines `unverified` and checks `directory` links for staleness (see `applyLiveness`).
 */
export function classifyLink(
  finding: LinkFinding,
  index: AllowlistIndex,
  options: ClassifyOptions = {},
): LinkVerdict {
  if (index.urls.has(finding.normalized))
    return verdict(finding, 'directory', 'link.listed', 'listed in the directory');
  // One reading of the host for every rule below that asks tldts (the host problems, the
  // lookalike search, the .gov registry, the link text): each parsed it again before.
  const parts = parseDomain(finding.host);
  const problem = hostProblem(finding.host, options, parts);
  // An empty label is no host at all, so it is judged before the directory walk, which would
  // otherwise read `.masslegalhelp.org` as a subdomain of a listed site.
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
  // The link is its target; its text is evidence about it. Text and target disagreeing proves
  // nothing against a target with standing of its own: listed, a registered .gov domain, or a site
  // of the same body as the text (same name, another suffix). It proves deception when the target
  // has none, or resembles a directory domain.
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

/**
 * `classifyLink` for a public host outside the directory: the .gov registry, then what the link
 * text and a resemblance to a directory domain prove. `seen` is the reason's note of `shown`.
 */
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

/**
 * A link's offline verdict. A module function, not a closure over `finding` made on each call of
 * `classifyLink`: that runs for every link.
 */
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
  parts?: HostParts,
): { domain: string; registered: boolean; date: string } | null {
  if (!host.endsWith('.gov')) return null;
  const parsed = parts ?? parseDomain(host);
  if (parsed.publicSuffix !== 'gov' || !parsed.domain) return null;
  return {
    domain: parsed.domain,
    registered: registry.domains.has(parsed.domain),
    date: registry.date,
  };
}

/**
 * A markdown link whose text is itself an address on another site than its target
 * (`[mvlslaw.org](https://evil-site.com/x)`): what the text shows, where the link goes, and
 * whether both are one body's sites: the same name under another suffix (`lrcl.com`, `lrcl.org`)
 * or a name that is the other's domain written together (`sfgov.org`, `sf.gov`). Subdomains of one
 * registrable domain agree (`[mass.gov](https://www.courts.mass.gov)`): null.
 */
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

/**
 * The directory domain `host` is, or lies under; null when none. Walks up the labels: O(labels).
 *
 * A directory domain that is itself a public suffix (`gov.uk`, `nhs.uk`: a directory listing
 * www.gov.uk pages derives it) vouches for that host alone. The hosts under a suffix are other
 * registrants' sites (`fake-benefits.gov.uk` is not GOV.UK), so a link there is judged like any
 * site outside the directory.
 */
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
