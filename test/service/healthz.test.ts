import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { runService, type RunningService } from '../../src/service/lifecycle.js';
import { fakeIo } from '../helpers/cli.js';
import { columnFlags, MA_COURTS } from '../helpers/directories.js';

/**
 * `/healthz` tells the truth a newcomer checks first (issue 41): the port it listens on (asked for
 * 0, it is the one the system gave), and the allowlist's numbers counted as build-allowlist's
 * summary counts them, on the real Massachusetts court directory, where 13 numbers are listed
 * under several courts.
 */
let running: RunningService;
let summary: string;

beforeAll(async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'cv-healthz-')), 'allowlist.json');
  const io = fakeIo();
  expect(
    await runCli(
      ['build-allowlist', MA_COURTS.file, ...columnFlags(MA_COURTS.columns), '-o', path],
      io,
    ),
  ).toBe(0);
  summary = io.err();
  running = await runService({
    allowlistPath: path,
    host: '127.0.0.1',
    port: 0,
    threshold: 0.4,
    log: () => {},
  });
}, 60_000);
afterAll(() => running?.drain());

describe('/healthz', () => {
  it('reports the port it listens on and the numbers as the builder counts them', async () => {
    const health = (await (await fetch(`${running.url}/healthz`)).json()) as any;
    expect(health.port).toBe(Number(new URL(running.url).port));
    expect(health.port).toBeGreaterThan(0);
    const built =
      /allowlist: (\d+) organizations.*, (\d+) URLs, .*, (\d+) numbers \((\d+) listed under several/.exec(
        summary,
      );
    expect(built, summary).not.toBeNull();
    expect(health.allowlist).toMatchObject({
      organizations: Number(built![1]),
      urls: Number(built![2]),
      numbers: Number(built![3]),
    });
    // The directory's own count: 153 distinct numbers, 13 of them shared by several courts.
    expect(health.allowlist.numbers).toBe(153);
    expect(health.jurisdiction).toBeNull();
  });
});
