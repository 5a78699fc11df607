import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PROMPTFOO_QUIET_ENV, promptfooEntrypoint } from '../../scripts/lib/promptfoo.js';
import { evalOffline, repoRoot } from '../helpers/promptfoo.js';

/**
 * promptfoo's own viewer, opened in headless Chromium (Debian's `chromium`), on one passing row
 * (a directory link and one wrong number: 1 − 0.3 = 0.7) and one failing row (an invented link).
 * The viewer must tell the story `check` tells: one assertion per row, a passing row shown as
 * passing, named scores that are fractions, and (with promptfoo's "Pass reasons" on) a passing row
 * that carries a problem saying so in its reason's first words. Screenshots are kept under the OS
 * temp folder.
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--no-default-browser-check'];
const children: ChildProcess[] = [];
let browser: BrowserContext | undefined;

afterAll(async () => {
  await browser?.close();
  for (const child of children) child.kill();
});

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

describe('promptfoo viewer', () => {
  it('shows one assertion per row, a passing row as passing, fractions as scores', {
    timeout: 180_000,
  }, async (context) => {
    if (!existsSync(CHROMIUM)) {
      context.skip(
        `SKIPPED: no Chromium at ${CHROMIUM} (apt-get install -y chromium); the viewer was not opened`,
      );
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'cv-viewer-'));
    const configDir = join(dir, 'promptfoo');
    writeFileSync(
      join(dir, 'promptfooconfig.yaml'),
      [
        'prompts: ["{{answer}}"]',
        'providers: [echo]',
        'defaultTest:',
        '  assert:',
        '    - type: javascript',
        `      value: file://${join(repoRoot, 'assertions', 'verify-citations.ts')}`,
        '      metric: citations',
        `      config: { allowlist: ${join(repoRoot, 'test', 'fixtures', 'verifier', 'allowlist.json')} }`,
        'tests:',
        '  - description: passing row',
        '    vars: { answer: "Call the Chelsea District Court at (617) 555-0100. See https://masslegalhelp.org/housing." }',
        '  - description: failing row',
        '    vars: { answer: "See https://example.com/x for help." }',
        '',
      ].join('\n'),
    );
    const { run } = await evalOffline(['-c', 'promptfooconfig.yaml'], dir, {
      PROMPTFOO_CONFIG_DIR: configDir,
    });
    expect(run.code, run.stdout + run.stderr).toBe(100);

    const port = await freePort();
    const viewer = spawn(
      process.execPath,
      [promptfooEntrypoint(), 'view', '-p', String(port), '-n'],
      {
        cwd: dir,
        env: {
          ...process.env,
          ...PROMPTFOO_QUIET_ENV,
          PROMPTFOO_CONFIG_DIR: configDir,
          FORCE_COLOR: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(viewer);
    await new Promise<void>((ready, fail) => {
      let seen = '';
      const look = (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('Server running')) ready();
      };
      viewer.stdout!.on('data', look);
      viewer.stderr!.on('data', look);
      viewer.once('exit', (code) => fail(new Error(`promptfoo view exited ${code}: ${seen}`)));
    });

    browser = await chromium.launchPersistentContext(join(dir, 'chromium-profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1400, height: 1100 },
    });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/eval`);
    const rows = page.locator('tbody tr');
    await rows.nth(1).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const screenshot = join(tmpdir(), `citation-verifier-viewer-${process.pid}.png`);
    await page.screenshot({ path: screenshot, fullPage: true });
    expect(statSync(screenshot).size).toBeGreaterThan(10_000);

    const header = await page.locator('thead').innerText();
    const passing = await rows.filter({ hasText: 'passing row' }).innerText();
    const failing = await rows.filter({ hasText: 'failing row' }).innerText();
    // One assertion per row: 1 of 2 passed (the verifier's components were counted as assertions: 5/8).
    expect(header).toMatch(/Asserts:\s*1\/2 passed/);
    // Named scores are fractions; no count shown as a percentage.
    expect(header).not.toMatch(/misattributed_phones|invented_or_broken_links/);
    expect(header).toMatch(/phone_score\s+85\.00%/); // (0.7 + 1) / 2
    expect(header).toMatch(/usable_links\s+50\.00%/); // (1 + 0) / 2
    // The passing row reads as passing: no FAIL badge for its informing parts.
    expect(passing).toMatch(/PASS\s*\(0\.70\)/);
    expect(passing).not.toMatch(/FAIL/);
    expect(failing).toMatch(/FAIL/);
    expect(failing).toContain('invented link https://example.com/x');

    // promptfoo shows a passing row's reason only with its "Pass reasons" setting on (table
    // settings; kept in local storage as `eval-settings`). There the reason's first words name the
    // problem, so a wrong number is not hidden behind "PASS".
    const withReasons = await browser.newPage();
    await withReasons.addInitScript(() => {
      localStorage.setItem(
        'eval-settings',
        JSON.stringify({ state: { showPassReasons: true }, version: 2 }),
      );
    });
    await withReasons.goto(`http://127.0.0.1:${port}/eval`);
    const shownRows = withReasons.locator('tbody tr');
    await shownRows.nth(1).waitFor({ timeout: 60_000 });
    await withReasons.waitForTimeout(500);
    const reasonShot = join(tmpdir(), `citation-verifier-viewer-pass-reasons-${process.pid}.png`);
    await withReasons.screenshot({ path: reasonShot, fullPage: true });
    expect(statSync(reasonShot).size).toBeGreaterThan(10_000);
    const passingWithReason = await shownRows.filter({ hasText: 'passing row' }).innerText();
    expect(passingWithReason).toMatch(/PASS\s*\(0\.70\)/);
    expect(passingWithReason).toContain(
      'citation-verifier: PASS with 1 problem: misattributed number (617) 555-0100',
    );
  });
});
