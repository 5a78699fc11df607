import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { startHttpServer } from '../helpers/http-server.js';

const EMPTY = { urls: [], domains: [], org_names: [], org_phones: {} };

/**
 * `check --live` end to end: its flags reach the checker and the verdict's exit code, against real servers on
 * 127.0.0.1: made-up `.test` hosts are pinned there with --resolve, --allow-private lets the
 * checker fetch loopback, and the network probe is a local page, so nothing leaves the machine.
 */
async function liveCheck(answer: string, flags: string[] = []) {
  const site = await startHttpServer({
    '/ok': { status: 200, body: '<html><title>Tenant help</title></html>' },
    '/gone': { status: 404, body: '<title>Not Found</title>' },
    '/probe': { status: 200, body: 'probe' },
  });
  const dir = mkdtempSync(join(tmpdir(), 'cv-live-'));
  const allowlistPath = join(dir, 'allowlist.json');
  writeFileSync(allowlistPath, JSON.stringify(EMPTY));
  const io = fakeIo({ stdin: answer.replaceAll('PORT', String(site.port)) });
  const code = await runCli(
    [
      'check',
      '--allowlist',
      allowlistPath,
      '--live',
      '--resolve',
      'site.test:127.0.0.1',
      '--resolve',
      'probe.test:127.0.0.1',
      '--allow-private',
      '--network-probe',
      `http://probe.test:${site.port}/probe`,
      '--timeout',
      '2000',
      '--format',
      'json',
      ...flags,
      '-',
    ],
    io,
  );
  return {
    code,
    report: JSON.parse(io.out() || '{}') as {
      links: Array<{ bucket: string; score: number; code: string }>;
    },
    io,
  };
}

describe('check --live', () => {
  // Each row of the verdict table is tested at the library: the fetch in
  // test/liveness/checker.test.ts, the bucket it gives in test/match/links.test.ts (applyLiveness),
  // the link fetched as written and the deadline in test/verify-live.test.ts.
  it.each([
    ['200', 'http://site.test:PORT/ok', 'live', 0.7],
    ['404', 'http://site.test:PORT/gone', 'broken', 0],
  ])('%s', { timeout: 20_000 }, async (_name, link, bucket, score) => {
    const { code, report, io } = await liveCheck(`See ${link} for help.`);
    expect(report.links, io.err()).toHaveLength(1);
    expect(report.links[0]).toMatchObject({ bucket, score });
    expect(code).toBe(bucket === 'broken' ? 2 : 0);
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

  it('--deadline is validated by the liveness options schema', async () => {
    const { code, io } = await liveCheck('x', ['--deadline', 'soon']);
    expect(code).toBe(3);
    expect(io.err()).toMatch(
      /--deadline: must be a whole number of milliseconds from 1 to 2147483647 \(24\.8 days\), got the string "soon"/,
    );
  });
});
