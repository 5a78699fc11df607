import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import verifyCitations from '../../assertions/verify-citations.js';
import { VERIFIER_METADATA_KEY } from '../../src/format/grading.js';
import type { VerdictJson } from '../../src/format/verdict-schema.js';
import { closeSharedLinkCheckers } from '../../src/liveness/index.js';
import { startHttpServer } from '../helpers/http-server.js';
import { judgeConfig, promptfooBaseDir, resolveSettings } from '../../src/promptfoo/settings.js';

const allowlist = join(import.meta.dirname, '..', 'fixtures', 'verifier', 'allowlist.json');
const config = { allowlist };

describe('verify-citations assertion', () => {
  afterEach(() => {
    delete process.env.CITATION_VERIFIER_ALLOWLIST;
    delete process.env.CITATION_VERIFIER_LIVENESS;
  });

  it('returns a GradingResult with named scores and one component per finding kind', async () => {
    const result = await verifyCitations(
      'Call the Chelsea District Court at (617) 232-4660. See https://example.com/x',
      { config },
    );
    expect(result.pass).toBe(false);
    expect(result.score).toBe(0);
    expect(result.reason).toMatch(/^citation-verifier: FAIL: score 0 ≤ threshold 0\.4/);
    // Each finding's code, in the verdict the result carries for promptfoo's results file.
    const verdict = result.metadata?.[VERIFIER_METADATA_KEY] as VerdictJson;
    expect(verdict.links.map((link) => link.code)).toEqual(['link.invented.placeholder']);
    expect(verdict.phones.map((phone) => phone.code)).toEqual(['phone.misattributed']);
    expect(result.namedScores).toEqual({
      citation_score: 0,
      link_score: 0,
      phone_score: 0.7,
      usable_links: 0,
    });
    expect(result.componentResults).toBeUndefined();
  });

  it('says (none) when there is nothing wrong', async () => {
    const result = await verifyCitations('No citations here.', { config });
    expect(result).toMatchObject({ pass: true, score: 1 });
    expect(result.reason).toContain('Problems: (none)');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an empty string', ''],
    ['a nested object', { a: { b: [{ c: 'text' }] } }],
    [
      'a cyclic object',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
  ])('never throws on %s output', async (_name, output) => {
    await expect(verifyCitations(output, { config })).resolves.toMatchObject({
      pass: true,
      score: 1,
    });
  });

  it('reads the text fields of an object output', async () => {
    const result = await verifyCitations(
      { output: 'See https://example.com/a', metadata: { ignored: true } },
      { config },
    );
    expect(result.pass).toBe(false);
    const chat = await verifyCitations(
      { choices: [{ message: { content: 'See https://example.com/b' } }] },
      { config },
    );
    expect(chat.reason).toContain('https://example.com/b');
  });

  it.each([
    [
      'a missing allowlist file',
      { allowlist: 'no/such/allowlist.json' },
      /^citation-verifier: .*no\/such\/allowlist\.json: allowlist file not found/,
    ],
    ['no allowlist at all', {}, /^citation-verifier: no allowlist/],
    [
      'an unknown config key',
      { allowlist, treshold: 0.5 },
      /^citation-verifier: config\.treshold: unknown key; did you mean "threshold"\? allowed keys: "allowlist", "threshold", "liveness", "govRegistry", "failOnMisattribution", "jurisdiction", "jurisdictionVar", "wrongJurisdiction"$/,
    ],
    [
      'a bad threshold',
      { allowlist, threshold: 'high' },
      /^citation-verifier: config\.threshold: must be a number from 0 to 1, got the string "high"$/,
    ],
    [
      'an unknown liveness option',
      { allowlist, liveness: { timeout: 5 } },
      /^citation-verifier: config\.liveness\.timeout: unknown key; did you mean "timeoutMs"\? allowed keys: "concurrency", .*"timeoutMs"/,
    ],
    [
      'a liveness option of the wrong type',
      { allowlist, liveness: { timeoutMs: 'soon' } },
      /^citation-verifier: config\.liveness\.timeoutMs: must be a whole number of milliseconds from 1 to 2147483647 \(24\.8 days\), got the string "soon"$/,
    ],
    [
      'an invalid inline allowlist',
      { allowlist: { urls: [] } },
      /^citation-verifier: 3 problems:\n  config\.allowlist\.domains: is missing; add a list \(\[\] if you have none\)\n  config\.allowlist\.org_names: is missing/,
    ],
  ])('turns %s into a failing result instead of throwing', async (_name, badConfig, reason) => {
    const result = await verifyCitations('text', { config: badConfig });
    expect(result).toMatchObject({ pass: false, score: 0 });
    expect(result.reason).toMatch(reason);
  });

  it('falls back to the environment variables', async () => {
    process.env.CITATION_VERIFIER_ALLOWLIST = allowlist;
    const result = await verifyCitations('See https://www.courtlistener.com/x', {});
    expect(result).toMatchObject({ pass: true, score: 0.5 });
    process.env.CITATION_VERIFIER_LIVENESS = 'maybe';
    const bad = await verifyCitations('text', {});
    expect(bad.reason).toMatch(
      /CITATION_VERIFIER_LIVENESS: must be 1 or 0 \(or true\/false, yes\/no, on\/off\), got the string "maybe"$/,
    );
  });

  it('checks liveness when config.liveness is an options object', async () => {
    const server = await startHttpServer({
      '/ok': { status: 200, body: 'ok' },
      '/gone': { status: 404 },
    });
    const liveness = {
      resolve: { 'site.test': '127.0.0.1' },
      allowPrivateNetworks: true,
      networkProbe: `http://site.test:${server.port}/ok`,
      timeoutMs: 2000,
    };
    try {
      const result = await verifyCitations(
        `See http://site.test:${server.port}/ok and http://site.test:${server.port}/gone.`,
        { config: { allowlist, liveness } },
      );
      // live 0.7 + broken 0 → 0.35, and a broken link fails the answer outright
      expect(result).toMatchObject({ pass: false, score: 0.35 });
      const verdict = result.metadata?.[VERIFIER_METADATA_KEY] as VerdictJson;
      expect(verdict.links.map((link) => [link.url, link.code])).toEqual([
        [`http://site.test:${server.port}/ok`, 'link.live'],
        [`http://site.test:${server.port}/gone`, 'link.broken'],
      ]);
    } finally {
      await closeSharedLinkCheckers();
    }
  });

  it('accepts an inline allowlist object', async () => {
    const inline = { urls: [], domains: ['lawhelp.org'], org_names: [], org_phones: {} };
    const result = await verifyCitations('See https://www.lawhelp.org/x', {
      config: { allowlist: inline },
    });
    expect(result).toMatchObject({ pass: true, score: 1 });
  });
});

describe('settings', () => {
  it('resolves a relative allowlist path against the promptfoo config folder', async () => {
    const base = promptfooBaseDir(
      ['node', 'promptfoo', 'eval', '-c', 'configs/eval.yaml'],
      '/srv/evals',
    );
    expect(base).toBe('/srv/evals/configs');
    expect(promptfooBaseDir(['node', 'promptfoo', 'eval', '--config=a/b.yaml'], '/x')).toBe('/x/a');
    expect(promptfooBaseDir(['node', 'promptfoo', 'eval'], '/x')).toBe('/x');
    const settings = await resolveSettings({ allowlist: 'lists/a.json' }, {}, base);
    expect(settings.allowlist).toEqual({ path: '/srv/evals/configs/lists/a.json' });
  });

  it('reads a promptfoo-style file:// allowlist path like a plain one', async () => {
    const base = '/srv/evals';
    expect(
      (await resolveSettings({ allowlist: 'file://allowlist.json' }, {}, base)).allowlist,
    ).toEqual({
      path: '/srv/evals/allowlist.json',
    });
    expect(
      (await resolveSettings({ allowlist: 'file://lists/a.json' }, {}, base)).allowlist,
    ).toEqual({
      path: '/srv/evals/lists/a.json',
    });
    expect(
      (await resolveSettings({ allowlist: 'file:///abs/a.json' }, {}, base)).allowlist,
    ).toEqual({
      path: '/abs/a.json',
    });
    expect(
      (await resolveSettings({}, { CITATION_VERIFIER_ALLOWLIST: 'file://env.json' }, base))
        .allowlist,
    ).toEqual({ path: '/srv/evals/env.json' });
  });

  it('turns liveness on from config, an options object, or the environment', async () => {
    expect((await resolveSettings({ allowlist }, {}, '/')).liveness).toBe(false);
    expect((await resolveSettings({ allowlist, liveness: true }, {}, '/')).liveness).toEqual({});
    expect(
      (await resolveSettings({ allowlist, liveness: { timeoutMs: 500 } }, {}, '/')).liveness,
    ).toEqual({
      timeoutMs: 500,
    });
    expect(
      (await resolveSettings({ allowlist }, { CITATION_VERIFIER_LIVENESS: '1' }, '/')).liveness,
    ).toEqual({});
    expect(
      (
        await resolveSettings(
          { allowlist, liveness: false },
          { CITATION_VERIFIER_LIVENESS: '1' },
          '/',
        )
      ).liveness,
    ).toBe(false);
  });
});

describe('judgeConfig: a config with nothing to judge is taken as it is', () => {
  it('an allowlist path alone, or nothing, passes unjudged; anything else meets the schema', async () => {
    await expect(judgeConfig({ allowlist: 'a.json' }, {})).resolves.toEqual({
      allowlist: 'a.json',
    });
    await expect(judgeConfig(undefined, {})).resolves.toEqual({});
    await expect(judgeConfig({ allowlist: '' }, {})).rejects.toThrow('config.allowlist');
    await expect(judgeConfig({ allowlist: 'a.json', treshold: 1 }, {})).rejects.toThrow('treshold');
  });

  it("reads the environment's threshold when the config sets none, judged in its name", async () => {
    const env = { CITATION_VERIFIER_THRESHOLD: '0.25' };
    await expect(judgeConfig({ allowlist: 'a.json' }, env)).resolves.toEqual({
      allowlist: 'a.json',
      threshold: 0.25,
    });
    const bad = { CITATION_VERIFIER_THRESHOLD: '2' };
    await expect(judgeConfig({ allowlist: 'a.json' }, bad)).rejects.toThrow(
      'CITATION_VERIFIER_THRESHOLD',
    );
    await expect(judgeConfig({ allowlist: 'a.json', threshold: 0.5 }, bad)).resolves.toEqual({
      allowlist: 'a.json',
      threshold: 0.5,
    });
  });
});

describe('config.govRegistry', () => {
  it('resolves against the config folder, and a newer registry proves a .gov host real', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'cv-gov-'));
    writeFileSync(join(dir, 'registry.txt'), '# snapshot: 2026-11-01\nmass-courts.gov\n');
    expect(
      (await resolveSettings({ allowlist, govRegistry: 'registry.txt' }, {}, dir)).govRegistry,
    ).toBe(join(dir, 'registry.txt'));
    const answer = 'See https://mass-courts.gov/nantucket.';
    const shipped = await verifyCitations(answer, { config: { allowlist } });
    expect(shipped).toMatchObject({ pass: false });
    expect(shipped.reason).toContain(
      "mass-courts.gov is not a registered .gov domain (CISA's .gov registry, snapshot 2026-08-22)",
    );
    const newer = await verifyCitations(answer, {
      config: { allowlist, govRegistry: join(dir, 'registry.txt') },
    });
    expect(newer).toMatchObject({ pass: true, score: 0.5 });
    const other = await verifyCitations('See https://courts-mass.gov/x.', {
      config: { allowlist, govRegistry: join(dir, 'registry.txt') },
    });
    expect(other.reason).toContain(
      "courts-mass.gov is not a registered .gov domain (CISA's .gov registry, snapshot 2026-11-01)",
    );
  });
});
