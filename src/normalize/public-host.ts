import { parseDomain } from '../util/domains.js';
import { PLACEHOLDER_HOSTS, PLACEHOLDER_LABEL_PATTERN, RESERVED_SUFFIXES } from '../defaults.js';

/**
 * Why a canonical host (see `normalizeHost`) cannot be a published public web site. The one answer
 * to "is this a public host?": the verifier calls such a link `invented`, and the allowlist builder
 * rejects the directory row that lists it, so the two can never disagree about a host.
 *
 * - `empty-label`: a label is empty (`.masslegalhelp.org`, `a..org`): no such name can be registered.
 * - `hyphen-label`: a label starts or ends with `-` (`-example.com`): host names cannot (RFC 1123).
 * - `ip`: an IPv4 or IPv6 literal; published sites are reached by name.
 * - `reserved`: a private or special-use name (`.local`, `.internal`, `.test`, `localhost`, …).
 * - `no-suffix`: no suffix from the public suffix list (`intranet`, `court.lawful`). A host that is a
 *   public suffix of several labels (`gov.uk`) is not one: sites answer there.
 * - `placeholder`: a documentation or template name (`example.org`, `yourwebsite.com`).
 */
export type HostProblem = {
  kind: 'empty-label' | 'hyphen-label' | 'ip' | 'reserved' | 'no-suffix' | 'placeholder';
  reason: string;
};

export interface PublicHostOptions {
  /**
   * Intranets and tests: IP literals and reserved names are left for liveness to judge. The other
   * problems stand, since no network makes them reachable names.
   */
  allowPrivateNetworks?: boolean;
}

/** What tldts reads of a host: the verifier parses a link's host once and hands it to each rule. */
export type HostParts = ReturnType<typeof parseDomain>;

/**
 * `parsed`: tldts's reading of `host` when the caller already has it (`classifyLink` parses a
 * link's host once for this, the lookalike search and the .gov registry); parsed here otherwise.
 */
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
  // A host that is itself a public suffix of several labels (`gov.uk`, `nhs.uk`, `gov.br`) is a
  // name someone runs: GOV.UK, the NHS and Brazil's portal publish there (`www.` is normalized
  // away). The list says who may register below it, not that nothing answers at it. Only liveness
  // can tell, so it is no proof of an invented host.
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

/**
 * A canonical host that is an address, not a name. The URL parser has already turned every IPv4
 * spelling (`0x7f.1`, `2130706433`) into dotted decimal and put IPv6 in brackets.
 */
export function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d+(?:\.\d+){3}$/.test(host);
}
