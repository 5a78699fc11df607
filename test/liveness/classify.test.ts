import { describe, expect, it } from 'vitest';
import { classifyAddress, privateAddressPolicy } from '../../src/liveness/address.js';
import { botProtection, pageSaysNotFound } from '../../src/liveness/classify.js';
import {
  classify,
  networkNeeded,
  type Evidence,
  type Failure,
  type NetworkView,
  type ResponseEvidence,
} from '../../src/liveness/classify.js';
import { parseRetryAfter, retryDecision } from '../../src/liveness/retry.js';
import type { LivenessKind } from '../../src/liveness/types.js';

const UP: NetworkView = { dnsWorks: true, egressWorks: true };
const DOWN: NetworkView = {
  dnsWorks: false,
  egressWorks: false,
  detail: 'the network probe failed too',
};

function response(status: number, extra: Partial<ResponseEvidence> = {}): Evidence {
  return {
    type: 'response',
    url: 'https://a.test/p',
    finalUrl: 'https://a.test/p',
    redirects: 0,
    attempts: 1,
    status,
    headers: {},
    ...extra,
  };
}

function failure(kind: Failure['kind'], extra: Partial<Failure> = {}): Evidence {
  return {
    type: 'failure',
    url: 'https://a.test/p',
    finalUrl: 'https://a.test/p',
    redirects: 0,
    attempts: 1,
    failure: { kind, code: kind, message: `${kind} happened`, host: 'a.test', ...extra },
  };
}

describe('classify: the verdict table', () => {
  it.each<[string, Evidence, NetworkView, LivenessKind]>([
    ['200', response(200), UP, 'live'],
    ['204', response(204), UP, 'live'],
    [
      '200 after redirects',
      response(200, { redirects: 2, finalUrl: 'https://b.test/q' }),
      UP,
      'live',
    ],
    ['404', response(404), UP, 'broken'],
    ['410', response(410), UP, 'broken'],
    ['401', response(401), UP, 'inconclusive'],
    ['403', response(403), UP, 'inconclusive'],
    [
      '403 behind Cloudflare',
      response(403, { headers: { 'cf-mitigated': 'challenge' } }),
      UP,
      'inconclusive',
    ],
    ['429', response(429), UP, 'inconclusive'],
    ['500', response(500), UP, 'inconclusive'],
    ['502', response(502), UP, 'inconclusive'],
    ['503', response(503), UP, 'inconclusive'],
    ['999', response(999), UP, 'inconclusive'],
    ['400', response(400), UP, 'inconclusive'],
    ['451', response(451), UP, 'inconclusive'],
    [
      'soft 404 saying not found',
      response(200, {
        soft404: { probeUrl: 'https://a.test/x', probeStatus: 200, pageSaysNotFound: true },
      }),
      UP,
      'broken',
    ],
    [
      'soft 404, page silent',
      response(200, {
        soft404: { probeUrl: 'https://a.test/x', probeStatus: 200, pageSaysNotFound: false },
      }),
      UP,
      'inconclusive',
    ],
    [
      'soft 404, page unread',
      response(200, { soft404: { probeUrl: 'https://a.test/x', probeStatus: 200 } }),
      UP,
      'inconclusive',
    ],
    [
      'probe answered 404: a real 200',
      response(200, {
        soft404: { probeUrl: 'https://a.test/x', probeStatus: 404, pageSaysNotFound: true },
      }),
      UP,
      'live',
    ],
    ['NXDOMAIN, network up', failure('dns-not-found', { code: 'ENOTFOUND' }), UP, 'invented'],
    [
      'NXDOMAIN, network down',
      failure('dns-not-found', { code: 'ENOTFOUND' }),
      DOWN,
      'inconclusive',
    ],
    [
      'NXDOMAIN, only egress known',
      failure('dns-not-found'),
      { dnsWorks: false, egressWorks: true },
      'inconclusive',
    ],
    ['DNS error, network up', failure('dns-error', { code: 'EAI_AGAIN' }), UP, 'inconclusive'],
    ['DNS error, network down', failure('dns-error', { code: 'EAI_AGAIN' }), DOWN, 'inconclusive'],
    ['refused, network up', failure('refused'), UP, 'broken'],
    [
      'refused, no egress proof',
      failure('refused'),
      { dnsWorks: true, egressWorks: false },
      'inconclusive',
    ],
    [
      'private, pinned, network down',
      failure('private-address', {
        source: 'pinned',
        address: '10.0.0.1',
        addressClass: 'private',
      }),
      DOWN,
      'invented',
    ],
    [
      'private, literal',
      failure('private-address', {
        source: 'literal',
        address: '127.0.0.1',
        addressClass: 'loopback',
      }),
      DOWN,
      'invented',
    ],
    [
      'private from DNS, DNS proven',
      failure('private-address', {
        source: 'dns',
        address: '169.254.169.254',
        addressClass: 'metadata',
      }),
      UP,
      'invented',
    ],
    [
      'private from DNS, DNS unproven (sinkhole)',
      failure('private-address', { source: 'dns', address: '10.0.0.1', addressClass: 'private' }),
      DOWN,
      'inconclusive',
    ],
    ['timeout', failure('timeout'), UP, 'inconclusive'],
    ['TLS', failure('tls', { code: 'CERT_HAS_EXPIRED' }), UP, 'inconclusive'],
    ['too many redirects', failure('too-many-redirects'), UP, 'inconclusive'],
    ['reset', failure('reset'), UP, 'inconclusive'],
    ['unreachable', failure('unreachable', { code: 'ENETUNREACH' }), UP, 'inconclusive'],
  ])('%s → %s', (_name, evidence, network, kind) => {
    const outcome = classify(evidence, network);
    expect(outcome.kind).toBe(kind);
    expect(outcome.reason.length).toBeGreaterThan(10);
  });

  it('says "network unavailable" whenever the network is not known to work', () => {
    for (const evidence of [
      failure('dns-not-found'),
      failure('dns-error'),
      failure('refused'),
      failure('private-address', { source: 'dns' }),
    ]) {
      const outcome = classify(evidence, DOWN);
      expect(outcome.reason).toMatch(/^network unavailable/);
      // The mark `stale` reads, so it never has to parse these words.
      expect(outcome).toMatchObject({ kind: 'inconclusive', networkUnavailable: true });
    }
    for (const evidence of [failure('timeout'), failure('tls'), failure('dns-error')])
      expect(classify(evidence, UP)).not.toHaveProperty('networkUnavailable');
    expect(classify(failure('dns-not-found'), DOWN).reason).toContain(
      'the network probe failed too',
    );
  });

  it('keeps status, error and final URL on the outcome', () => {
    expect(classify(response(404, { redirects: 1, finalUrl: 'https://b.test/gone' }), UP)).toEqual({
      kind: 'broken',
      status: 404,
      finalUrl: 'https://b.test/gone',
      reason: '404 Not Found after 1 redirect (to https://b.test/gone): the page does not exist',
    });
    expect(classify(failure('refused', { code: 'ECONNREFUSED' }), UP)).toMatchObject({
      kind: 'broken',
      error: 'ECONNREFUSED',
      finalUrl: 'https://a.test/p',
    });
  });

  it('names the bot protection or says it may be', () => {
    expect(
      classify(response(403, { headers: { 'x-amzn-waf-action': 'captcha' } }), UP).reason,
    ).toMatch(/bot protection \(x-amzn-waf-action: captcha\)/);
    expect(classify(response(403), UP).reason).toMatch(/often bot protection/);
  });

  it('mentions a Retry-After longer than the cap', () => {
    expect(classify(response(429, { retryAfterMs: 120_000, attempts: 1 }), UP).reason).toMatch(
      /wait 120 s/,
    );
  });
});

describe('networkNeeded', () => {
  it.each<[string, Evidence, 'dns' | 'egress' | null]>([
    ['NXDOMAIN needs DNS', failure('dns-not-found'), 'dns'],
    [
      'a DNS answer that is private needs DNS',
      failure('private-address', { source: 'dns' }),
      'dns',
    ],
    [
      'a pinned private address needs nothing',
      failure('private-address', { source: 'pinned' }),
      null,
    ],
    ['refused needs egress', failure('refused'), 'egress'],
    ['a 404 is its own proof', response(404), null],
    ['a timeout is inconclusive anyway', failure('timeout'), null],
  ])('%s', (_name, evidence, need) => {
    expect(networkNeeded(evidence)).toBe(need);
  });
});

describe('botProtection', () => {
  it.each([
    [{ 'cf-mitigated': 'challenge' }, 'cf-mitigated: challenge'],
    [{ server: 'cloudflare' }, 'server: cloudflare'],
    [{ 'x-datadome': 'protected' }, 'x-datadome'],
    [{ server: 'AkamaiGHost' }, 'server: AkamaiGHost'],
    [{ server: 'nginx' }, null],
    [{}, null],
  ])('%j → %s', (headers, expected) => {
    expect(botProtection(headers)).toBe(expected);
  });
});

describe('pageSaysNotFound', () => {
  it.each([
    ['<title>Page Not Found | Mass.gov</title>', true],
    ['<title>404</title>', true],
    ['<h1>Sorry, this page doesn’t exist</h1>', true],
    ["<h2>We can't find that page</h2>", true],
    ['<title>Oops</title><h1>This page is no longer available</h1>', true],
    ['plain text: Not Found', true],
    ['<title>Housing Court</title><p>If you have not found what you need, call us.</p>', false],
    ['<title>Legal Aid</title><h1>Eviction help</h1>', false],
    ['<title>Case 4041-22</title>', false],
    ['', false],
  ])('%s → %s', (body, expected) => {
    expect(pageSaysNotFound(body)).toBe(expected);
  });
});

describe('retryDecision', () => {
  const settings = { retries: 2, retryAfterCapMs: 30_000, baseDelayMs: 1000 };
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each<[string, Parameters<typeof retryDecision>[0], number, ReturnType<typeof retryDecision>]>([
    [
      '429 with Retry-After seconds',
      { type: 'response', status: 429, retryAfter: '5' },
      0,
      { retry: true, delayMs: 5000 },
    ],
    [
      '429 with an HTTP date',
      { type: 'response', status: 429, retryAfter: 'Thu, 01 Jan 2026 00:00:07 GMT' },
      0,
      { retry: true, delayMs: 7000 },
    ],
    [
      '429 beyond the cap',
      { type: 'response', status: 429, retryAfter: '31' },
      0,
      { retry: false, retryAfterMs: 31_000 },
    ],
    [
      '429 without Retry-After: backoff',
      { type: 'response', status: 429 },
      1,
      { retry: true, delayMs: 2000 },
    ],
    [
      '429, retries used up',
      { type: 'response', status: 429, retryAfter: '1' },
      2,
      { retry: false },
    ],
    ['503', { type: 'response', status: 503 }, 0, { retry: true, delayMs: 1000 }],
    ['500 is not retried', { type: 'response', status: 500 }, 0, { retry: false }],
    ['404 is not retried', { type: 'response', status: 404 }, 0, { retry: false }],
    ['timeout', { type: 'failure', kind: 'timeout' }, 0, { retry: true, delayMs: 1000 }],
    ['timeout, retries used up', { type: 'failure', kind: 'timeout' }, 2, { retry: false }],
    ['refused: once', { type: 'failure', kind: 'refused' }, 0, { retry: true, delayMs: 1000 }],
    ['refused: not twice', { type: 'failure', kind: 'refused' }, 1, { retry: false }],
    ['DNS never', { type: 'failure', kind: 'dns-not-found' }, 0, { retry: false }],
    ['DNS errors never', { type: 'failure', kind: 'dns-error' }, 0, { retry: false }],
  ])('%s', (_name, result, attempt, expected) => {
    expect(retryDecision(result, attempt, settings, now)).toEqual(expected);
  });

  it('parses Retry-After forms', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
  });
});

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.32.0.1', null],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'private'],
    ['0.0.0.0', 'reserved'],
    ['::', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::808:808', null],
    // Every IPv6 form that carries an IPv4 address is judged by the address it carries.
    ['::127.0.0.1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::8.8.8.8', null],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'metadata'],
    ['::ffff:0:8.8.8.8', null],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b:1::a00:1', 'private'],
    ['64:ff9b:1:c0a8:1:100::', 'private'],
    ['64:ff9b:1:808:8:800::', null],
    // The local-use prefix in every RFC 6052 layout inside it (the prefix picked, then the IPv4
    // address): /56 64:ff9b:1:ab00:: + 10.0.0.1 and 192.168.1.1; /64 64:ff9b:1:abcd:: + 127.0.0.1,
    // 169.254.169.254 and 8.8.8.8; /96 64:ff9b:1:abcd:0:1234:: + 10.0.0.1 and 127.0.0.1.
    ['64:ff9b:1:ab0a:0:1::', 'private'],
    ['64:ff9b:1:abc0:a8:101::', 'private'],
    ['64:ff9b:1:ab08:8:808::', null],
    ['64:ff9b:1:abcd:7f:0:100:0', 'loopback'],
    ['64:ff9b:1:abcd:a9:fea9:fe00:0', 'metadata'],
    ['64:ff9b:1:abcd:8:808:800:0', null],
    ['64:ff9b:1:abcd::a00:1', 'private'],
    ['64:ff9b:1:abcd:0:1234:7f00:1', 'loopback'],
    ['64:ff9b:1:abcd:0:1234:808:808', null],
    // Bits 64–71 (the u-octet) set: no layout has them, so no translator delivers it.
    ['64:ff9b:1:abcd:ff00:0:808:808', 'reserved'],
    ['64:ff9b:1::', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:808:808::1', null],
    // Teredo: server 8.8.8.8 with client 127.0.0.1 (stored inverted), and the reverse.
    ['2001:0:808:808::80ff:fffe', 'loopback'],
    ['2001:0:7f00:1::f7f7:f7f7', 'loopback'],
    ['2001:0:808:808::f7f7:f7f7', null],
    ['2001:db8::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'private'],
    ['255.255.255.255', 'reserved'],
    ['8.8.8.8', null],
    ['2606:4700::1111', null],
    ['not-an-ip', null],
  ])('%s → %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('allows exactly the listed private ranges', () => {
    const allowed = privateAddressPolicy(['127.0.0.1', '10.1.0.0/16']);
    expect(allowed('127.0.0.1')).toBe(true);
    expect(allowed('127.0.0.2')).toBe(false);
    expect(allowed('10.1.200.3')).toBe(true);
    expect(allowed('10.2.0.1')).toBe(false);
    expect(allowed('169.254.169.254')).toBe(false);
    expect(privateAddressPolicy(true)('169.254.169.254')).toBe(true);
    expect(privateAddressPolicy(undefined)('127.0.0.1')).toBe(false);
  });
});
