import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';

/**
 * Every row of the liveness verdict table through `check --live`, against real servers on
 * 127.0.0.1: made-up `.test` hosts are pinned there with --resolve, --allow-private lets the
 * checker fetch loopback, and the network probe is a local page, so nothing leaves the machine.
 */
async function liveCheck(answer: string, allowlist: object, timeoutMs = 2000) {
  const main = await startHttpServer({
    '/ok': { status: 200, body: '<html><title>Tenant help</title></html>' },
    '/moved': { status: 301, headers: { location: '/ok' } },
    '/gone': { status: 404, body: '<title>Not Found</title>' },
    '/removed': { status: 410 },
    '/blocked': { status: 403, headers: { 'cf-mitigated': 'challenge' } },
    '/denied': { status: 401 },
    '/error': { status: 500 },
    '/head-refused': { byMethod: { HEAD: { status: 405 }, GET: { status: 200, body: 'ok' } } },
    '/probe': { status: 200, body: 'probe' },
    '/slow': { status: 200, body: 'late', delayMs: 1500 },
    '/busy': { status: 429, headers: { 'retry-after': '1' } },
  });
  const soft = await startHttpServer(
    {},
    { fallback: { status: 200, body: '<html><title>Page not found</title></html>' } },
  );
  const vague = await startHttpServer(
    {},
    { fallback: { status: 200, body: '<html><title>Welcome</title></html>' } },
  );
  const port = (host: string) =>
    host.startsWith('soft.') ? soft.port : host.startsWith('vague.') ? vague.port : main.port;
  const text = answer.replace(/PORT\((\w+\.test)\)/g, (_, host: string) => `${host}:${port(host)}`);
  const dir = mkdtempSync(join(tmpdir(), 'cv-live-'));
  const allowlistPath = join(dir, 'allowlist.json');
  writeFileSync(
    allowlistPath,
    JSON.stringify(allowlist).replace(
      /PORT\((\w+\.test)\)/g,
      (_, host: string) => `${host}:${port(host)}`,
    ),
  );
  const pins = ['site.test', 'dir.test', 'soft.test', 'vague.test', 'probe.test'].flatMap(
    (host) => ['--resolve', `${host}:127.0.0.1`],
  );
  const io = fakeIo({ stdin: text });
  const code = await runCli(
    [
      'check',
      '--allowlist',
      allowlistPath,
      '--live',
      ...pins,
      '--allow-private',
      '--network-probe',
      `http://probe.test:${main.port}/probe`,
      '--timeout',
      String(timeoutMs),
      '--format',
      'json',
      '-',
    ],
    io,
  );
  return {
    code,
    report: JSON.parse(io.out() || '{}') as {
      pass: boolean;
      score: number;
      links: Array<{
        bucket: string;
        score: number;
        code: string;
        reason: string;
        stale?: boolean;
      }>;
    },
    io,
  };
}

const EMPTY = { urls: [], domains: [], org_names: [], org_phones: {} };

describe('check --live: each row of the verdict table', () => {
  it.each([
    ['200', 'http://PORT(site.test)/ok', 'live', 0.7],
    ['a 301 chain to a 200', 'http://PORT(site.test)/moved', 'live', 0.7],
    ['HEAD 405 then GET 200', 'http://PORT(site.test)/head-refused', 'live', 0.7],
    ['404', 'http://PORT(site.test)/gone', 'broken', 0],
    ['410', 'http://PORT(site.test)/removed', 'broken', 0],
    ['403 behind bot protection', 'http://PORT(site.test)/blocked', 'inconclusive', 0.5],
    ['401', 'http://PORT(site.test)/denied', 'inconclusive', 0.5],
    ['500', 'http://PORT(site.test)/error', 'inconclusive', 0.5],
    ['a soft 404 page that says not found', 'http://PORT(soft.test)/made-up', 'broken', 0],
    ['a soft 404 without a not-found page', 'http://PORT(vague.test)/made-up', 'inconclusive', 0.5],
  ])('%s', { timeout: 20_000 }, async (_name, link, bucket, score) => {
    const { code, report, io } = await liveCheck(`See ${link} for help.`, EMPTY);
    expect(report.links, io.err()).toHaveLength(1);
    expect(report.links[0]).toMatchObject({ bucket, score });
    expect(code).toBe(bucket === 'broken' ? 2 : 0);
  });

  it('a timeout is inconclusive, never broken', { timeout: 20_000 }, async () => {
    const { code, report } = await liveCheck('See http://PORT(site.test)/slow.', EMPTY, 200);
    expect(report.links[0]).toMatchObject({
      bucket: 'inconclusive',
      score: 0.5,
      code: 'link.inconclusive',
      liveness: { error: 'timeout' },
    });
    expect(code).toBe(0);
  });

  it('429 with Retry-After is retried, then inconclusive', { timeout: 20_000 }, async () => {
    const { report } = await liveCheck('See http://PORT(site.test)/busy.', EMPTY);
    expect(report.links[0]).toMatchObject({
      bucket: 'inconclusive',
      score: 0.5,
      code: 'link.inconclusive',
      liveness: { status: 429 },
    });
  });

  it('marks a dead directory link broken and stale; a live one stays directory', {
    timeout: 20_000,
  }, async () => {
    const allowlist = {
      ...EMPTY,
      urls: ['http://PORT(dir.test)/gone', 'http://PORT(dir.test)/ok'],
    };
    const { code, report } = await liveCheck(
      'See http://PORT(dir.test)/gone and http://PORT(dir.test)/ok.',
      allowlist,
    );
    expect(report.links.map((link) => [link.bucket, link.stale ?? false])).toEqual([
      ['broken', true],
      ['directory', false],
    ]);
    expect(report.links.map((link) => link.code)).toEqual(['link.listed.dead', 'link.listed']);
    expect(code).toBe(2);
  });

  it('calls a host on a private address invented without fetching it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-live-'));
    writeFileSync(join(dir, 'allowlist.json'), JSON.stringify(EMPTY));
    const io = fakeIo({ stdin: 'See https://intranet.legal-help-portal.org/forms.' });
    const code = await runCli(
      [
        'check',
        '--allowlist',
        join(dir, 'allowlist.json'),
        '--live',
        '--resolve',
        'intranet.legal-help-portal.org:10.0.0.7',
        '--network-probe',
        'off',
        '--format',
        'json',
        '-',
      ],
      io,
    );
    const report = JSON.parse(io.out());
    expect(report.links[0]).toMatchObject({
      bucket: 'invented',
      score: 0,
      code: 'link.invented.lookup',
      liveness: { error: 'private-address' },
    });
    expect(code).toBe(2);
  });
});

describe('check --live with no network at all', () => {
  // A fresh network namespace has no interfaces up: DNS fails for real, and nothing can leave.
  const probe = spawnSync('unshare', ['--net', 'true']);
  const canIsolate = probe.status === 0;

  it.skipIf(!canIsolate)(
    'calls nothing invented or broken (needs `unshare --net`, run as root)',
    { timeout: 60_000 },
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'cv-offline-'));
      writeFileSync(join(dir, 'allowlist.json'), JSON.stringify(EMPTY));
      const bin = join(import.meta.dirname, '..', '..', 'src', 'cli', 'bin.ts');
      const tsx = join(import.meta.dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
      const result = spawnSync(
        'unshare',
        [
          '--net',
          process.execPath,
          tsx,
          bin,
          'check',
          '--allowlist',
          join(dir, 'allowlist.json'),
          '--live',
          '--timeout',
          '2000',
          '--format',
          'json',
          '-',
        ],
        {
          encoding: 'utf8',
          input: 'See https://www.courtlistener.com/help and https://no-such-host-for-tests.org/x.',
        },
      );
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout);
      expect(report.links.map((link: { bucket: string }) => link.bucket)).toEqual([
        'inconclusive',
        'inconclusive',
      ]);
      for (const link of report.links) expect(link.reason).toMatch(/network unavailable/);
    },
  );
});
