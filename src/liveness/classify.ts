import { STATUS_CODES } from 'node:http';
import { ADDRESS_CLASS_WORDS, type AddressClass } from './address.js';
import type { LivenessOutcome } from './types.js';

export interface Failure {
  kind:
    | 'timeout'
    | 'refused'
    | 'tls'
    | 'reset'
    | 'unreachable'
    | 'protocol'
    | 'dns-not-found'
    | 'dns-error'
    | 'private-address'
    | 'reserved-name'
    | 'too-many-redirects'
    | 'bad-redirect'
    | 'closed'
    | 'other';
  /** The outcome's `error` (`ECONNREFUSED`, `timeout`, …). */
  code: string;
  message: string;
  host?: string;
  /** For `private-address`: the address, its class, where it came from (`name`: localhost). */
  address?: string;
  addressClass?: AddressClass;
  source?: 'dns' | 'pinned' | 'literal' | 'name';
  /** For `tls`: the server answered, but not with TLS (plain HTTP on that port). */
  plainHttp?: boolean;
}

/** A status line came back, after redirects; `attempts` at the final hop. */
export interface ResponseEvidence {
  type: 'response';
  url: string;
  finalUrl: string;
  redirects: number;
  attempts: number;
  status: number;
  /** Lower-case header names. */
  headers: Readonly<Record<string, string>>;
  /** The server asked to retry after this long, more than the cap, so it was not retried. */
  retryAfterMs?: number;
  /** For a 2xx page below its host's root: what a made-up path on the host answered. */
  soft404?: Soft404Evidence;
}

export interface Soft404Evidence {
  probeUrl: string;
  probeStatus: number;
  /** The page's title or heading says "not found"; undefined when its body was not read. */
  pageSaysNotFound?: boolean;
}

/** No usable status line: the failure at hop `finalUrl`. */
export interface FailureEvidence {
  type: 'failure';
  url: string;
  finalUrl: string;
  redirects: number;
  attempts: number;
  failure: Failure;
}

export type Evidence = ResponseEvidence | FailureEvidence;

/** What the checker knows of the network at a verdict (see `NetworkMonitor`). */
export interface NetworkView {
  dnsWorks: boolean;
  egressWorks: boolean;
  /** Why the network is not known to work (the probe's failure), for the reason. */
  detail?: string;
}

/** What of the network this verdict needs proven: DNS for NXDOMAIN, egress for refused. */
export function networkNeeded(evidence: Evidence): 'dns' | 'egress' | null {
  if (evidence.type !== 'failure') return null;
  const { failure } = evidence;
  if (failure.kind === 'dns-not-found') return 'dns';
  if (failure.kind === 'private-address' && failure.source === 'dns') return 'dns';
  if (failure.kind === 'refused') return 'egress';
  return null;
}

const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** The verdict table: evidence and network → an outcome with a human reason. Pure. */
export function classify(evidence: Evidence, network: NetworkView): LivenessOutcome {
  return evidence.type === 'response'
    ? classifyResponse(evidence)
    : classifyFailure(evidence, network);
}

function statusText(status: number): string {
  const text = status === 999 ? 'Request denied' : STATUS_CODES[status];
  return text ? `${status} ${text}` : `HTTP ${status}`;
}

function afterRedirects(redirects: number, finalUrl: string): string {
  if (redirects === 0) return '';
  return ` after ${redirects} redirect${redirects === 1 ? '' : 's'} (to ${finalUrl})`;
}

function attemptsNote(attempts: number): string {
  return attempts > 1 ? ` (${attempts} attempts)` : '';
}

function waitNote(evidence: ResponseEvidence): string {
  if (evidence.retryAfterMs === undefined) return '';
  return `; the server asks to wait ${Math.ceil(evidence.retryAfterMs / 1000)} s, more than the retry cap`;
}

function classifyResponse(evidence: ResponseEvidence): LivenessOutcome {
  const { status, finalUrl, redirects, headers } = evidence;
  const seen = `${statusText(status)}${afterRedirects(redirects, finalUrl)}`;
  const base = { status, finalUrl };
  if (is2xx(status)) {
    const soft = evidence.soft404;
    if (soft && is2xx(soft.probeStatus)) {
      const hostNote = `the host also answers ${soft.probeStatus} for a made-up path (${soft.probeUrl}), so a 200 proves nothing (soft 404)`;
      if (soft.pageSaysNotFound === true) {
        return {
          kind: 'broken',
          ...base,
          error: 'soft-404',
          reason: `${seen}, but the page says it was not found; ${hostNote}`,
        };
      }
      return {
        kind: 'inconclusive',
        ...base,
        error: 'soft-404',
        reason: `${seen}, but ${hostNote}; cannot tell whether this page exists`,
      };
    }
    return { kind: 'live', status, finalUrl, redirects, reason: `${seen}: the page resolves` };
  }
  if (status === 404)
    return { kind: 'broken', ...base, reason: `${seen}: the page does not exist` };
  if (status === 410) return { kind: 'broken', ...base, reason: `${seen}: the page was removed` };
  const weak = (why: string): LivenessOutcome => ({
    kind: 'inconclusive',
    ...base,
    reason: `${seen}${attemptsNote(evidence.attempts)}: ${why}`,
  });
  if (status === 401 || status === 407)
    return weak('the page needs a login; cannot tell whether it exists');
  if (status === 403) {
    const shield = botProtection(headers);
    return weak(
      shield
        ? `bot protection (${shield}) blocks automated checks; a person may well see the page`
        : 'the server refuses the checker (often bot protection); cannot tell whether the page exists',
    );
  }
  if (status === 429)
    return weak(`rate limited${waitNote(evidence)}; cannot tell whether the page exists`);
  if (status === 999)
    return weak('the site refuses automated requests; cannot tell whether the page exists');
  if (status >= 500) return weak(`server error${waitNote(evidence)}; the page may come back`);
  if (status >= 300 && status < 400) return weak('a redirect without a usable Location header');
  return weak('the server declined the request; cannot tell whether the page exists');
}

function classifyFailure(evidence: FailureEvidence, network: NetworkView): LivenessOutcome {
  const { failure, finalUrl, redirects } = evidence;
  const where = redirects > 0 ? ` (redirect ${redirects} went to ${finalUrl})` : '';
  const detail = network.detail ? ` (${network.detail})` : '';
  const weak = (reason: string): LivenessOutcome => ({
    kind: 'inconclusive',
    error: failure.code,
    finalUrl,
    reason,
  });
  const unavailable = (reason: string): LivenessOutcome => ({
    kind: 'inconclusive',
    error: failure.code,
    finalUrl,
    networkUnavailable: true,
    reason: `network unavailable: ${reason}`,
  });
  const proven = (kind: 'invented' | 'broken', why: string): LivenessOutcome => ({
    kind,
    error: failure.code,
    finalUrl,
    reason: `${failure.message}${where}${why}`,
  });
  switch (failure.kind) {
    case 'dns-not-found':
      if (network.dnsWorks) return proven('invented', ': the host does not exist');
      return unavailable(
        `${failure.message}${where}, which proves nothing while DNS has not been shown to work in this run${detail}`,
      );
    case 'dns-error':
      return network.dnsWorks
        ? weak(`${failure.message}${where}`)
        : unavailable(`${failure.message}${where}`);
    case 'private-address':
      return network.dnsWorks || failure.source !== 'dns'
        ? refusedAddress(failure, finalUrl, where)
        : unavailable(unprovenPrivateAnswer(failure, where, detail));
    case 'reserved-name':
      return proven('invented', '');
    case 'refused':
      if (network.egressWorks) return proven('broken', ': nothing is serving the site');
      return unavailable(
        `${failure.message}${where}, which proves nothing while no host has answered in this run${detail}`,
      );
    case 'timeout':
      return weak(
        `${failure.message}${where}${attemptsNote(evidence.attempts)}; the site may be slow or blocking the checker`,
      );
    case 'tls':
      return weak(
        `TLS failure: ${failure.message}${where}; a browser would warn too, but the page may exist`,
      );
    case 'unreachable':
      return failure.code === 'ENETUNREACH' || failure.code === 'ENETDOWN'
        ? unavailable(`${failure.message}${where}`)
        : weak(`${failure.message}${where}`);
    case 'too-many-redirects':
      return weak(`${failure.message}; cannot tell where the page ends up`);
    case 'bad-redirect':
    case 'reset':
    case 'protocol':
    case 'closed':
    case 'other':
      return weak(`${failure.message}${where}`);
  }
}

/** An address refused by the network policy: fetching it could reach this machine's own network. */
export function refusedAddress(failure: Failure, finalUrl: string, where: string): LivenessOutcome {
  const subject =
    failure.source === 'literal'
      ? `${failure.address ?? '?'} is`
      : `${failure.host ?? 'the host'} resolves to ${failure.address ?? '?'},`;
  return {
    kind: 'invented',
    error: failure.code,
    finalUrl,
    ...(failure.address !== undefined ? { address: failure.address } : {}),
    reason: `${subject} ${what(failure)}${where}: not a public resource (not fetched)`,
  };
}

/** A private DNS answer before DNS answered publicly: a captive resolver's, proving nothing. */
export function unprovenPrivateAnswer(failure: Failure, where: string, detail: string): string {
  return `DNS answered ${failure.address ?? '?'} (${what(failure)}) for ${failure.host ?? '?'}${where}, and has not been seen giving a public answer in this run${detail}`;
}

function what(failure: Failure): string {
  return failure.addressClass ? ADDRESS_CLASS_WORDS[failure.addressClass] : 'a non-public address';
}

/** The bot protection a 403 came from (the checker blocked, not the page missing), or null. */
export function botProtection(headers: Readonly<Record<string, string>>): string | null {
  const server = (headers.server ?? '').toLowerCase();
  if (headers['cf-mitigated'] !== undefined) return `cf-mitigated: ${headers['cf-mitigated']}`;
  if (server === 'cloudflare') return 'server: cloudflare';
  if (headers['x-amzn-waf-action'] !== undefined)
    return `x-amzn-waf-action: ${headers['x-amzn-waf-action']}`;
  if (headers['x-datadome'] !== undefined) return 'x-datadome';
  if (headers['x-sucuri-block'] !== undefined || headers['x-sucuri-id'] !== undefined)
    return 'x-sucuri';
  if (server.includes('akamaighost')) return `server: ${headers.server}`;
  if (server.includes('ddos-guard')) return `server: ${headers.server}`;
  if (headers['x-iinfo'] !== undefined || /incapsula|imperva/i.test(headers['x-cdn'] ?? ''))
    return 'Imperva (x-iinfo / x-cdn)';
  return null;
}

const NOT_FOUND_PATTERNS: readonly RegExp[] = [
  /\b404\b/,
  /\bnot\s+found\b/i,
  /\b(?:does\s+not|doesn['’]t|no\s+longer)\s+exists?\b/i,
  /\b(?:could\s+not|couldn['’]t|cannot|can['’]t|unable\s+to)\s+(?:be\s+)?f(?:ind|ound)\b/i,
  /\bno\s+longer\s+available\b/i,
];

/** Whether a page's title or top headings (body text says "not found" innocently) say so. */
export function pageSaysNotFound(body: string): boolean {
  const headings = [...body.matchAll(/<(title|h1|h2)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)].map((match) =>
    stripTags(match[2] ?? ''),
  );
  const texts = headings.length > 0 ? headings : [stripTags(body).slice(0, 2000)];
  return texts.some((text) => NOT_FOUND_PATTERNS.some((pattern) => pattern.test(text)));
}

function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#39;|&apos;|&rsquo;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
