import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';
import { repoRoot } from '../helpers/promptfoo.js';
import { evalJudged } from '../helpers/evals.js';
import { courtsAllowlist, twoVendorAnswers } from '../helpers/vendors.js';

/**
 * The HTML report opened in a real headless Chromium (Debian's `chromium` package): the chart and
 * the tables render with a size, the convincing-but-wrong answers show their highlights, and the
 * page requests nothing but itself. The screenshot is kept under the OS temp folder for a person
 * to look at; nothing is attached to the repository.
 */

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The report at `htmlPath` opened in Chromium: `check` reads the page; then nothing but the page
 * itself may have been requested, and no console message (a refusal by the CSP) may have appeared.
 */
async function inChromium(htmlPath: string, check: (page: Page) => Promise<void>): Promise<void> {
  const url = pathToFileURL(htmlPath).href;
  let browser: BrowserContext | undefined;
  const profile = mkdtempSync(join(tmpdir(), 'cv-chromium-profile-'));
  try {
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1100, height: 900 },
    });
    const requests: string[] = [];
    // Every request of the context, from any page or worker; only the report itself may load.
    browser.on('request', (request) => requests.push(request.url()));
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('request', (request) => requests.push(request.url()));
    // A CSP violation (an inline style the policy refused, say) shows up as a console message.
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    const response = await page.goto(url, { waitUntil: 'load' });
    expect(response === null || response.ok()).toBe(true);
    await check(page);
    expect(
      requests.filter((requested) => requested !== url && !requested.startsWith('data:')),
      'the page requested nothing but itself',
    ).toEqual([]);
    expect(requests).toContain(url);
    expect(messages, 'no console messages: nothing was refused by the CSP').toEqual([]);
  } finally {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The report of `args` written as HTML into a temporary folder; its path. */
async function htmlReport(args: readonly string[]): Promise<string> {
  const htmlPath = join(mkdtempSync(join(tmpdir(), 'cv-report-html-')), 'report.html');
  const io = fakeIo({ cwd: repoRoot });
  expect(await runCli(['report', ...args, '--format', 'html', '-o', htmlPath], io), io.err()).toBe(
    0,
  );
  return htmlPath;
}

function skipWithoutChromium(context: { skip: (note: string) => void }): void {
  if (!existsSync(CHROMIUM))
    context.skip(
      `SKIPPED: no Chromium at ${CHROMIUM} (install Debian's chromium package: apt-get install -y chromium); the HTML report was not opened in a browser`,
    );
}

describe('the HTML report in headless Chromium', () => {
  it('renders the chart and the tables, highlights the problems, and loads nothing from the network', {
    timeout: 180_000,
  }, async (context) => {
    skipWithoutChromium(context);
    const htmlPath = await htmlReport([await evalJudged()]);
    await inChromium(htmlPath, async (page) => {
      const bars = page.locator('svg.bar');
      expect(await bars.count()).toBe(3);
      for (const bar of await bars.all()) {
        const box = await bar.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(100);
        expect(box?.height ?? 0).toBeGreaterThan(10);
      }
      // vendor-b's bar: a directory, two unverified and an invented link, each drawn with a width.
      const segments = page.locator('svg.bar[data-vendor="vendor-b"] rect.segment');
      expect(
        await segments.evaluateAll((nodes) =>
          nodes.map((node) => node.getAttribute('data-bucket')),
        ),
      ).toEqual(['directory', 'unverified', 'invented']);
      for (const segment of await segments.all())
        expect((await segment.boundingBox())?.width ?? 0).toBeGreaterThan(0);
      // The 95% interval of the invented-or-broken share (1/4: 4.6%–69.9%) is drawn under the bar,
      // measured from its right edge: from 30% to 95% of the bar's width.
      const bar = await page.locator('svg.bar[data-vendor="vendor-b"]').boundingBox();
      const interval = await page
        .locator('svg.bar[data-vendor="vendor-b"] g.interval')
        .boundingBox();
      expect(interval && bar).toBeTruthy();
      expect((interval!.x - bar!.x) / bar!.width).toBeCloseTo(0.3, 1);
      expect((interval!.x + interval!.width - bar!.x) / bar!.width).toBeCloseTo(0.955, 1);
      expect(await page.locator('ul.noise li').count()).toBe(3);
      expect(await page.locator('ul.misattributed li').count()).toBe(3);
      // vendor-b's mass.gov.eviction-help.org: the directory domain buried in front of another site.
      expect(await page.locator('ul.lookalikes li').count()).toBe(1);

      const table = page.locator('table.vendors');
      const tableBox = await table.boundingBox();
      expect(tableBox?.width ?? 0).toBeGreaterThan(300);
      expect(tableBox?.height ?? 0).toBeGreaterThan(50);
      expect(await table.locator('tbody tr').count()).toBe(3);
      expect((await table.locator('tbody tr').nth(1).innerText()).replace(/\s+/g, ' ')).toContain(
        'vendor-b 4 0 4 25% (1/4; 95% CI 4–70%) 2 1 50% (2/4; 95% CI 15–85%)',
      );
      expect(await page.locator('table.buckets tbody tr').count()).toBe(3);

      const marks = page.locator('article.answer mark.problem');
      expect(await marks.count()).toBe(5); // b/eviction: 2, b/worcester: 1, c/juvenile: 2
      const firstMark = await marks.first().boundingBox();
      expect(firstMark?.width ?? 0).toBeGreaterThan(0);
      expect(await page.locator('article.answer').count()).toBe(3);

      const screenshot = join(tmpdir(), `citation-verifier-report-${process.pid}.png`);
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(statSync(screenshot).size).toBeGreaterThan(10_000);
      process.stdout.write(`report screenshot: ${screenshot}\n`);

      // Printing keeps it readable: the same elements render under print media.
      await page.emulateMedia({ media: 'print' });
      expect((await page.locator('svg.bar').first().boundingBox())?.width ?? 0).toBeGreaterThan(
        100,
      );
    });
  });

  it('leads with the headline that tells a careful vendor from a sloppy one (issue 41)', {
    timeout: 180_000,
  }, async (context) => {
    skipWithoutChromium(context);
    const htmlPath = await htmlReport([twoVendorAnswers, '--allowlist', await courtsAllowlist()]);
    await inChromium(htmlPath, async (page) => {
      const figures = page.locator('section.headline .figure');
      expect(await figures.count()).toBe(2);
      expect((await figures.nth(1).innerText()).replace(/\s+/g, ' ')).toBe(
        'sloppy-bot: answers that would send a person somewhere wrong 75% 9 of 12 answers; 95% CI 46–92%',
      );
      for (const figure of await figures.all())
        expect((await figure.boundingBox())?.width ?? 0).toBeGreaterThan(100);
      // The headline comes first: above the table by kind, which is above the vendor table.
      const headlineBox = await page.locator('section.headline').boundingBox();
      const kindsBox = await page.locator('table.dead-ends').boundingBox();
      const vendorsBox = await page.locator('table.vendors').boundingBox();
      expect(headlineBox!.y).toBeLessThan(kindsBox!.y);
      expect(kindsBox!.y).toBeLessThan(vendorsBox!.y);
      expect((await page.locator('ul.noise li').innerText()).replace(/\s+/g, ' ')).toContain(
        'sloppy-bot sends a person somewhere wrong more often, beyond chance',
      );
      expect(
        (await page.locator('table.dead-ends tbody tr').nth(1).innerText()).replace(/\s+/g, ' '),
      ).toBe('sloppy-bot 8% (1/12), 1 found 67% (8/12), 8 found');
      expect(await page.locator('ul.misattributed li').count()).toBe(8);
      expect(await page.locator('ul.lookalikes li').count()).toBe(2);
      const screenshot = join(tmpdir(), `citation-verifier-two-vendors-${process.pid}.png`);
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(statSync(screenshot).size).toBeGreaterThan(10_000);
      process.stdout.write(`two-vendor report screenshot: ${screenshot}\n`);
    });
  });
});
