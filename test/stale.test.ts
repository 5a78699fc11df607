import { describe, expect, it } from 'vitest';
import { parseAllowlist } from '../src/allowlist/schema.js';
import type { LinkChecker, LivenessOutcome } from '../src/liveness/types.js';
import { findStaleLinks, movedTo } from '../src/stale.js';
import { LINK_SEVERITY } from '../src/types.js';
import { startHttpServer } from './helpers/http-server.js';

/** `findStaleLinks` and `movedTo`, the library behind `stale` (its command is tested in test/cli/). */

const allowlist = (urls: string[]) =>
  parseAllowlist({ urls, domains: [], org_names: [], org_phones: {} }, 'allowlist.json');

describe('findStaleLinks', () => {
  it('lists the dead links in the one severity order check uses: invented before broken', async () => {
    const server = await startHttpServer({ '/gone': { status: 404 } });
    const report = await findStaleLinks({
      allowlist: allowlist([`http://gone.test:${server.port}/gone`]),
      // A placeholder host: invented by the offline rules, never fetched.
      answers: [{ text: 'See https://example.com/forms.', where: 'answers.jsonl line 1' }],
      liveness: {
        resolve: { 'gone.test': '127.0.0.1' },
        allowPrivateNetworks: true,
        networkProbe: false,
      },
    });
    const kinds = report.stale.map((entry) => entry.outcome.kind);
    expect(kinds).toEqual(['invented', 'broken']);
    expect(kinds).toEqual(LINK_SEVERITY.filter((bucket) => kinds.includes(bucket as never)));
  });

  it('asks whether the network is down on the outcome’s mark, whatever its words say', async () => {
    let asked = 0;
    // Words that do not say "network unavailable" (a reworded or translated reason): only the
    // mark tells stale to ask the probe.
    const down: LivenessOutcome = {
      kind: 'inconclusive',
      error: 'ENOTFOUND',
      networkUnavailable: true,
      reason: 'le réseau ne répond pas',
    };
    const checker: LinkChecker = {
      check: async () => down,
      networkDown: async () => {
        asked++;
        return 'the probe https://probe.test/ failed (ENOTFOUND)';
      },
      close: async () => undefined,
    };
    const report = await findStaleLinks({
      allowlist: allowlist(['https://a.test/x', 'https://b.test/y']),
      checker,
    });
    expect(asked).toBe(1);
    expect(report.networkUnavailable).toBe('the probe https://probe.test/ failed (ENOTFOUND)');
  });

  it('does not ask about the network for an inconclusive link without the mark', async () => {
    let asked = 0;
    const checker: LinkChecker = {
      check: async () => ({
        kind: 'inconclusive',
        status: 403,
        reason: 'network unavailable: words alone, from a server page',
      }),
      networkDown: async () => {
        asked++;
        return 'down';
      },
      close: async () => undefined,
    };
    const report = await findStaleLinks({ allowlist: allowlist(['https://a.test/x']), checker });
    expect(asked).toBe(0);
    expect(report.networkUnavailable).toBeUndefined();
  });
});

describe('findStaleLinks checks the directory link as written', () => {
  it('http://www.… is fetched and listed as written, though the bare host refuses', async () => {
    const server = await startHttpServer({
      '/help': { status: 200, body: '<title>Help</title>' },
      '/gone': { status: 404 },
    });
    const p = server.port;
    const written = (path: string) => `http://www.legalaid.org:${p}${path}`;
    const report = await findStaleLinks({
      allowlist: parseAllowlist(
        {
          urls: [written('/help'), written('/gone')],
          domains: [],
          org_names: [],
          org_phones: {},
          urls_as_written: {
            [`https://legalaid.org:${p}/help`]: written('/help'),
            [`https://legalaid.org:${p}/gone`]: written('/gone'),
          },
        },
        'allowlist.json',
      ),
      // www → the server; the bare host → 127.0.0.2, where nothing listens: fetching the
      // normalized form would call both links broken.
      liveness: {
        resolve: { 'www.legalaid.org': '127.0.0.1', 'legalaid.org': '127.0.0.2' },
        allowPrivateNetworks: true,
        networkProbe: false,
      },
    });
    expect(report.counts).toMatchObject({ live: 1, broken: 1 });
    expect(report.stale.map((entry) => [entry.url, entry.kind])).toEqual([
      [written('/gone'), 'broken'],
    ]);
    expect(new Set(server.hits.map((hit) => hit.host))).toEqual(new Set(['www.legalaid.org']));
  });
});

describe('findStaleLinks: what is never fetched', () => {
  it('a cited link the offline rules call invented, as check --live does', async () => {
    const server = await startHttpServer({ '/ok': { status: 200 } });
    const report = await findStaleLinks({
      allowlist: allowlist([`http://live.test:${server.port}/ok`]),
      answers: [
        {
          text: 'See https://www.example.com/help and https://lawhelp.org@evil-site.org/x.',
          where: 'answers.jsonl line 1',
        },
      ],
      liveness: {
        resolve: { 'live.test': '127.0.0.1' },
        allowPrivateNetworks: true,
        networkProbe: false,
      },
    });
    expect(report.stale.map((entry) => [entry.url, entry.kind])).toEqual([
      ['https://lawhelp.org@evil-site.org/x', 'invented'],
      ['https://www.example.com/help', 'invented'],
    ]);
    expect(report.stale[1]!.outcome.reason).toMatch(/placeholder/);
    expect(new Set(server.hits.map((hit) => hit.host))).toEqual(new Set(['live.test']));
  });

  it('https://DOMAIN for each allowlist domain; a private address is invented', async () => {
    const report = await findStaleLinks({
      allowlist: parseAllowlist(
        {
          urls: ['https://intranet.test/forms'],
          domains: ['portal.test'],
          org_names: [],
          org_phones: {},
        },
        'allowlist.json',
      ),
      liveness: {
        resolve: { 'intranet.test': '10.0.0.1', 'portal.test': '169.254.169.254' },
        networkProbe: false,
      },
    });
    expect(
      report.stale.map((entry) => [
        entry.url,
        entry.kind,
        'error' in entry.outcome ? entry.outcome.error : undefined,
        entry.foundIn,
      ]),
    ).toEqual([
      ['https://intranet.test/forms', 'invented', 'private-address', ['allowlist (urls)']],
      ['https://portal.test', 'invented', 'private-address', ['allowlist (domains)']],
    ]);
    expect(report.stale[1]!.outcome.reason).toMatch(/cloud metadata address.*not fetched/);
  });
});

describe('movedTo', () => {
  const live = (finalUrl: string, redirects = 1) =>
    ({ kind: 'live', status: 200, finalUrl, redirects, reason: '200 OK' }) as const;
  it.each<[string, string, string, ReturnType<typeof live>, string | null]>([
    [
      'a urls entry to another page',
      'https://court.gov/a',
      'allowlist (urls)',
      live('https://court.gov/b'),
      'https://court.gov/b',
    ],
    [
      'a urls entry to https and www of itself',
      'https://court.gov/a',
      'allowlist (urls)',
      live('https://www.court.gov/a/'),
      null,
    ],
    [
      'a urls entry to another host',
      'https://court.gov/a',
      'allowlist (urls)',
      live('https://courts.gov/a'),
      'https://courts.gov/a',
    ],
    [
      'a domain to its landing page',
      'https://court.gov',
      'allowlist (domains)',
      live('https://court.gov/en/home'),
      null,
    ],
    [
      'a domain to a subdomain of it',
      'https://court.gov',
      'allowlist (domains)',
      live('https://help.court.gov/'),
      null,
    ],
    [
      'a domain to another host',
      'https://court.gov',
      'allowlist (domains)',
      live('https://newcourt.org/'),
      'https://newcourt.org/',
    ],
    [
      'no redirect',
      'https://court.gov/a',
      'allowlist (urls)',
      live('https://court.gov/b', 0),
      null,
    ],
    [
      'a link found only in an answer',
      'https://court.gov/a',
      'answers.jsonl line 1',
      live('https://court.gov/b'),
      null,
    ],
  ])('%s', (_name, normalized, where, outcome, expected) => {
    expect(movedTo({ normalized, foundIn: [where] }, outcome)).toBe(expected);
  });
});
