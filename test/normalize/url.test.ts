import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTrackingParam, normalizeHost, normalizeUrl } from '../../src/normalize/url.js';
import { growth, LINEAR } from '../helpers/growth.js';

/** The canonical URL, or a failure marker that makes a mismatch readable. */
function canonical(input: string): string {
  const result = normalizeUrl(input);
  return result.ok ? result.url : `(rejected: ${result.reason})`;
}

describe('normalizeUrl: two spellings of one page agree', () => {
  // Each row: a name, the way the page is usually written, and a variant a person would reach the
  // same page with. The expected canonical form is written out so that a rule that drops too much
  // (e.g. the path's case) also fails.
  it.each([
    [
      'http and https alike',
      'http://mass.gov/courts',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'www. dropped',
      'https://www.mass.gov/courts',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'trailing slash dropped',
      'https://mass.gov/courts/',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    ['root slash dropped', 'https://mass.gov/', 'https://mass.gov', 'https://mass.gov'],
    [
      'fragment dropped',
      'https://mass.gov/courts#hours',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'text fragment dropped',
      'https://mass.gov/courts#:~:text=Housing%20Court',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      "host's trailing dot dropped",
      'https://mass.gov./courts',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'utm_source=chatgpt.com dropped',
      'https://mass.gov/courts?utm_source=chatgpt.com',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'every utm_* dropped',
      'https://mass.gov/courts?utm_medium=x&utm_campaign=y&utm_content=z',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'gclid dropped',
      'https://mass.gov/courts?gclid=abc123',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'fbclid dropped, real parameter kept',
      'https://mass.gov/search?q=eviction&fbclid=IwAR0',
      'https://mass.gov/search?q=eviction',
      'https://mass.gov/search?q=eviction',
    ],
    [
      'tracking key in upper case dropped',
      'https://mass.gov/courts?UTM_Source=chatgpt.com',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'query sorted',
      'https://mass.gov/search?b=2&a=1',
      'https://mass.gov/search?a=1&b=2',
      'https://mass.gov/search?a=1&b=2',
    ],
    [
      'escape of an unreserved character decoded',
      'https://mass.gov/%7Euser/forms',
      'https://mass.gov/~user/forms',
      'https://mass.gov/~user/forms',
    ],
    [
      'lower-case hex upper-cased',
      'https://mass.gov/a%2fb',
      'https://mass.gov/a%2Fb',
      'https://mass.gov/a%2Fb',
    ],
    [
      'scheme and host case folded',
      'HTTPS://WWW.MASS.GOV/courts',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'default https port dropped',
      'https://mass.gov:443/courts',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'default http port dropped',
      'http://mass.gov:80/courts',
      'https://mass.gov/courts',
      'https://mass.gov/courts',
    ],
    [
      'Unicode and punycode host agree',
      'https://bücher.de/recht',
      'https://xn--bcher-kva.de/recht',
      'https://xn--bcher-kva.de/recht',
    ],
    [
      'scheme-less written form',
      'TexasLawHelp.org/eviction',
      'https://texaslawhelp.org/eviction',
      'https://texaslawhelp.org/eviction',
    ],
    [
      'everything at once',
      'http://WWW.Mass.Gov.:80/Courts/?utm_source=chatgpt.com&b=2&a=1#top',
      'https://mass.gov/Courts?a=1&b=2',
      'https://mass.gov/Courts?a=1&b=2',
    ],
  ])('%s', (_name, written, variant, expected) => {
    expect(canonical(written)).toBe(expected);
    expect(canonical(variant)).toBe(expected);
  });
});

describe('normalizeUrl: what must stay distinct', () => {
  it.each([
    ['path case is kept (servers differ)', 'https://mass.gov/Courts', 'https://mass.gov/courts'],
    ['a non-default port is kept', 'https://mass.gov:8080/courts', 'https://mass.gov/courts'],
    [
      'a real query parameter is kept',
      'https://mass.gov/search?q=eviction',
      'https://mass.gov/search',
    ],
    ['lookalike host (digit for letter)', 'https://lawhe1p.org', 'https://lawhelp.org'],
    ['lookalike host (Cyrillic а)', 'https://mаss.gov', 'https://mass.gov'],
    ['subdomain', 'https://courts.mass.gov', 'https://mass.gov'],
    ['escaped slash is not a slash', 'https://mass.gov/a%2Fb', 'https://mass.gov/a/b'],
  ])('%s', (_name, a, b) => {
    expect(canonical(a)).not.toBe(canonical(b));
  });

  it('keeps the non-default port in the URL and reports it', () => {
    expect(normalizeUrl('https://mass.gov:8080/x')).toEqual({
      ok: true,
      url: 'https://mass.gov:8080/x',
      host: 'mass.gov',
      port: '8080',
    });
  });

  it('puts a Cyrillic lookalike host in punycode, so it can never equal the Latin one', () => {
    const result = normalizeUrl('https://mаss.gov/x');
    expect(result.ok && result.host.startsWith('xn--')).toBe(true);
  });
});

describe('normalizeUrl: a user part before @ does not change the host', () => {
  it('`lawhelpca.org@evil.com` goes to evil.com and keeps what stood before @', () => {
    expect(normalizeUrl('https://lawhelpca.org@evil.com/eviction')).toEqual({
      ok: true,
      url: 'https://evil.com/eviction',
      host: 'evil.com',
      port: '',
      userinfo: 'lawhelpca.org',
    });
  });

  it('keeps a password in the user part too', () => {
    const result = normalizeUrl('https://mass.gov:secret@evil.com/');
    expect(result.ok && result.host).toBe('evil.com');
    expect(result.ok && result.userinfo).toBe('mass.gov:secret');
  });

  it('reports no user part when there is none', () => {
    const result = normalizeUrl('https://mass.gov/x');
    expect(result.ok && 'userinfo' in result).toBe(false);
  });
});

describe('normalizeUrl: rejects what is not a web page', () => {
  it.each([
    ['mailto', 'mailto:help@lawhelp.org'],
    ['ftp', 'ftp://files.mass.gov/form.pdf'],
    ['javascript', 'javascript:alert(1)'],
    ['tel', 'tel:+16175550123'],
    ['empty', ''],
    ['blank', '   '],
    ['no host', 'https://'],
    ['space in host', 'https://mass gov/x'],
  ])('%s', (_name, input) => {
    const result = normalizeUrl(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason.length).toBeGreaterThan(0);
  });
});

describe('normalizeUrl is idempotent', () => {
  it.each([
    'http://WWW.Mass.Gov.:80/Courts/?utm_source=chatgpt.com&b=2&a=1#top',
    'https://www.www.mass.gov/x',
    'https://www.com/',
    'https://mass.gov/%7euser/%2f/%41',
    'https://bücher.de/straße?q=ä',
    'https://mass.gov/a%20b?q=a+b&q=%2B',
    'https://lawhelpca.org@evil.com/x',
    'https://mass.gov:8080',
    'https://mass.gov/x?a=%zz',
    'https://[::1]:8080/x',
    'https://mass.gov/x?a=1&&b=2&',
  ])('%s', (input) => {
    const once = canonical(input);
    expect(once.startsWith('https://')).toBe(true);
    expect(canonical(once)).toBe(once);
  });

  it('holds for generated web addresses', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const once = normalizeUrl(url);
        if (!once.ok) return;
        const twice = normalizeUrl(once.url);
        expect(twice.ok && twice.url).toBe(once.url);
      }),
      { numRuns: 300 },
    );
  });

  it('strips every leading www. label (one at a time would not be idempotent), but not from www.com', () => {
    expect(canonical('https://www.www.mass.gov/x')).toBe('https://mass.gov/x');
    expect(canonical('https://www.com/')).toBe('https://www.com');
  });
});

describe('normalizeUrl: a plain address read without the parser', () => {
  it('gives what the parser gives', () => {
    // `?` ends the address: an empty query, nothing to the canonical form, but no longer plain.
    const parsed = (url: string) => normalizeUrl(`${url.trim()}?`);
    const scheme = fc.constantFrom('http://', 'https://', 'HTTPS://', 'https:/', '//', '');
    const label = fc.constantFrom('a', 'Z', 'www', '0', '9', '0x', '-', 'xn--', 'xn--bcher-kva');
    const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
    const char = fc.constantFrom(
      ...'aZ09-._~!$&\'()*+,;=:@%^|`{}\\" é'.split(''),
      '/',
      '.',
      '..',
      '%41',
      '%2e',
    );
    const path = fc.array(char, { maxLength: 8 }).map((parts) => `/${parts.join('')}`);
    fc.assert(
      fc.property(scheme, host, fc.option(path), (s, h, p) => {
        const url = `${s}${h}${p ?? ''}`;
        expect(normalizeUrl(url)).toEqual(parsed(url));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('normalizeHost', () => {
  it.each([
    ['MASS.GOV', 'mass.gov'],
    ['www.mass.gov.', 'mass.gov'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });

  it('reads a host of letters, digits, hyphens and dots as the URL parser does', () => {
    // The shapes a plain host is told from others by: numeric labels, `0x`, `xn--`, empty labels.
    const part = fc.constantFrom(
      'a',
      'Z',
      'www',
      '0',
      '9',
      '0x',
      '-',
      '--',
      'xn--',
      'xn--bcher-kva',
      '.',
    );
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
        const host = parts.join('');
        const parsed = normalizeUrl(`https://${host}`);
        expect(normalizeHost(host)).toBe(parsed.ok ? parsed.host : null);
      }),
      { numRuns: 3000 },
    );
  });

  it.each(['', 'mass.gov/path', 'a@b.org', 'mass gov', 'mass.gov?x', 'mass.gov#x'])(
    'rejects %j',
    (input) => {
      expect(normalizeHost(input)).toBeNull();
    },
  );
});

describe('isTrackingParam', () => {
  it.each(['utm_source', 'utm_anything', 'gclid', 'fbclid'])('%s is tracking', (key) => {
    expect(isTrackingParam(key)).toBe(true);
  });
  it.each(['q', 'page', 'utm', 'source', 'id'])('%s is not', (key) => {
    expect(isTrackingParam(key)).toBe(false);
  });
});

describe('normalizeUrl: hostile input stays fast', () => {
  it.each([
    [
      'a 1 MB non-ASCII path (3 million escapes)',
      (scale: number) => `https://mass.gov/${'访'.repeat(scale * 2 ** 17)}`,
    ],
    [
      'a 1 MB path of escapes to tidy',
      (scale: number) => `https://mass.gov/${'%7e%2f'.repeat(scale * 2 ** 15)}`,
    ],
    ['a 1 MB query', (scale: number) => `https://mass.gov/x?${'a=1&'.repeat(scale * 2 ** 15)}`],
  ])('%s, against an eighth of it', (_name, url) => {
    expect(normalizeUrl(url(LINEAR.factor)).ok).toBe(true);
    // A callback per escape took about 2 s for 1 MB here; the hand loop takes about 100 ms.
    expect(growth(url, normalizeUrl, LINEAR)).toBeLessThan(LINEAR.limit);
  });

  it('tidies escapes the same way however many there are', () => {
    expect(canonical(`https://mass.gov/${'%7e%2f'.repeat(3)}%zz%4`)).toBe(
      'https://mass.gov/~%2F~%2F~%2F%zz%4',
    );
  });
});

describe('issue 13: normalization for matching', () => {
  it('collapses duplicate slashes in the path', () => {
    expect(
      normalizeUrl('https://mass.gov//courts///housing').ok &&
        (normalizeUrl('https://mass.gov//courts///housing') as { url: string }).url,
    ).toBe('https://mass.gov/courts/housing');
  });
  it('reads + and %20 in a query as one', () => {
    const plus = normalizeUrl('https://mass.gov/search?q=housing+court');
    const escaped = normalizeUrl('https://mass.gov/search?q=housing%20court');
    expect(plus.ok && escaped.ok && plus.url === escaped.url).toBe(true);
  });
});
