import { parseDomain } from '../util/domains.js';
import { PLACEHOLDER_HOSTS, PLACEHOLDER_LABEL_PATTERN, RESERVED_SUFFIXES } from '../defaults.js';

/**
 * Why a canonical host cannot be a public site, the one answer for verifier and builder (an empty
 * or hyphen-ended label, an IP, a reserved name, no public suffix, a placeholder).
 */
export type HostProblem = {
  kind: 'empty-label' | 'hyphen-label' | 'ip' | 'reserved' | 'no-suffix' | 'placeholder';
  reason: string;
};

export interface PublicHostOptions {
  /** Intranets and tests: IP literals and reserved names are left to liveness; the rest stand. */
  allowPrivateNetworks?: boolean;
}

/** What tldts reads of a host: the verifier parses a link's host once and hands it to each rule. */
export type HostParts = ReturnType<typeof parseDomain>;

/** `parsed`: tldts's reading of `host`, when the caller has it. */
export function hostProblem(
  host: string,
  options: PublicHostOptions = {},
  parsed?: HostParts,
): HostProblem | null {
  if (host.startsWith('.') || host.endsWith('..') || host.includes('..')) {
    return {
      kind: 'empty-label',
      reason: `${host} has an empty label, so it is not a name anyone can register`,
    };
  }
  // A label starting or ending with `-`, found without splitting the host into labels.
  if (
    !host.startsWith('[') &&
    (host.startsWith('-') || host.endsWith('-') || host.includes('.-') || host.includes('-.'))
  ) {
    return {
      kind: 'hyphen-label',
      reason: `${host} has a label starting or ending with a hyphen, which no host name may have`,
    };
  }
  const ip = isIpLiteral(host);
  const reserved = ip
    ? undefined
    : RESERVED_SUFFIXES.find((suffix) => host === suffix || endsWithLabels(host, suffix));
  if (options.allowPrivateNetworks && (ip || reserved)) return null;
  if (ip) return { kind: 'ip', reason: `${host} is an IP address, not a published site` };
  if (reserved)
    return {
      kind: 'reserved',
      reason: `${host} is a reserved or private name (.${reserved}), not a public site`,
    };
  return suffixProblem(host, parsed ?? parseDomain(host));
}

/** The rules of `hostProblem` that read the public suffix list. */
function suffixProblem(host: string, parsed: HostParts): HostProblem | null {
  // A multi-label public suffix (`gov.uk`) is a site someone runs; only liveness can tell.
  if (
    !parsed.domain &&
    parsed.isIcann === true &&
    parsed.publicSuffix === host &&
    host.includes('.')
  )
    return null;
  if (!parsed.domain || !(parsed.isIcann === true || parsed.isPrivate === true)) {
    return {
      kind: 'no-suffix',
      reason: `${host} has no valid public suffix${parsed.publicSuffix ? ` (".${parsed.publicSuffix}" is not a top-level domain)` : ''}`,
    };
  }
  if (
    PLACEHOLDER_HOSTS.has(parsed.domain) ||
    PLACEHOLDER_LABEL_PATTERN.test(parsed.domainWithoutSuffix ?? '')
  ) {
    return {
      kind: 'placeholder',
      reason: `${parsed.domain} is a placeholder address, not a real site`,
    };
  }
  return null;
}

/** `host` ends in `.suffix` (compared in place: this runs for every link). */
function endsWithLabels(host: string, suffix: string): boolean {
  return host.endsWith(suffix) && host.charCodeAt(host.length - suffix.length - 1) === 46;
}

/** A canonical host that is an address: the URL parser writes IPv4 dotted and IPv6 bracketed. */
export function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d+(?:\.\d+){3}$/.test(host);
}
