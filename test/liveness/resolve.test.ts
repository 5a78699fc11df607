import { beforeEach, describe, expect, it, vi } from 'vitest';

// The system resolver is tested against a stand-in for getaddrinfo: no DNS query leaves the machine.
const lookup = vi.fn();
vi.mock('node:dns/promises', () => ({ lookup: (...args: unknown[]) => lookup(...args) }));

const { createSystemResolver, hostKey, pinsFrom } = await import('../../src/liveness/resolve.js');

const errno = (code: string): Error =>
  Object.assign(new Error(`getaddrinfo ${code} x.test`), { code });

describe('createSystemResolver', () => {
  beforeEach(() => {
    lookup.mockReset();
  });

  it('returns every address, asking for all of them in resolver order', async () => {
    lookup.mockImplementation(async () => [
      { address: '2001:db8::1', family: 6 },
      { address: '192.0.2.1', family: 4 },
    ]);
    expect(await createSystemResolver(1000)('x.test')).toEqual({
      ok: true,
      addresses: [
        { address: '2001:db8::1', family: 6 },
        { address: '192.0.2.1', family: 4 },
      ],
    });
    expect(lookup).toHaveBeenCalledWith('x.test', { all: true, verbatim: true });
  });

  it.each([
    ['ENOTFOUND', true],
    ['ENODATA', true],
    ['EAI_AGAIN', false],
    ['ECONNREFUSED', false],
    ['ESERVFAIL', false],
  ])('%s → notFound %s', async (code, notFound) => {
    lookup.mockImplementation(async () => {
      throw errno(code);
    });
    expect(await createSystemResolver(1000)('x.test')).toEqual({
      ok: false,
      notFound,
      error: code,
    });
  });

  it('a lookup that hangs is a DNS error after the timeout, not NXDOMAIN', async () => {
    lookup.mockImplementation(() => new Promise(() => undefined));
    expect(await createSystemResolver(20)('x.test')).toEqual({
      ok: false,
      notFound: false,
      error: 'ETIMEOUT',
    });
  });
});

describe('pins', () => {
  it('keys hosts case-insensitively without a trailing dot, and accepts bracketed IPv6', () => {
    const pins = pinsFrom({ 'Live.Test.': '127.0.0.1', 'v6.test': '[::1]' });
    expect(pins.get('live.test')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(pins.get('v6.test')).toEqual({ address: '::1', family: 6 });
    expect(hostKey('WWW.Live.Test.')).toBe('www.live.test');
  });

  it('rejects an address that is not an IP', () => {
    expect(() => pinsFrom({ 'a.test': 'b.test' })).toThrow(
      /expected a host name and an IP address/,
    );
  });
});
