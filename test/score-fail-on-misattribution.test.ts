import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { summaryLine, toGradingResult } from '../src/format/formatters.js';
import { resolveSettings } from '../src/promptfoo/settings.js';
import { verifyAnswer } from '../src/verify.js';
import { makeIndex } from './helpers/allowlist.js';
import { fakeIo } from './helpers/cli.js';

/**
 * `failOnMisattribution`: opt-in, a wrong number fails the answer whatever the score. By default a
 * wrong number costs 0.3, so an answer with one good link and one wrong number passes at 0.7; its
 * reason then says "PASS with 1 problem" in its first words.
 */
const COURT = 'Chelsea District Court';
const allowlist = {
  urls: [],
  domains: ['masslegalhelp.org'],
  org_names: [COURT],
  org_phones: { [COURT]: ['617-660-9200'] },
};
const index = makeIndex(allowlist);
// directory link 1; one misattributed number − 0.3 = 0.7 > 0.4.
const WRONG_NUMBER = `Call the ${COURT} at (617) 555-0100. See https://masslegalhelp.org/housing.`;
const RIGHT_NUMBER = `Call the ${COURT} at 617-660-9200. See https://masslegalhelp.org/housing.`;

describe('failOnMisattribution', () => {
  it('off (the default): one wrong number passes at 0.7, and the reason starts by saying so', () => {
    const report = verifyAnswer(WRONG_NUMBER, index);
    expect(report).toMatchObject({ pass: true, score: 0.7, failOnMisattribution: false });
    expect(summaryLine(report)).toMatch(/^PASS with 1 problem: score 0\.7 > threshold 0\.4/);
    expect(toGradingResult(report).reason).toMatch(
      /^citation-verifier: PASS with 1 problem: misattributed number \(617\) 555-0100: /,
    );
  });

  it('on: the same answer fails with the same score, and the line says why', () => {
    const report = verifyAnswer(WRONG_NUMBER, index, { failOnMisattribution: true });
    expect(report).toMatchObject({ pass: false, score: 0.7 });
    expect(summaryLine(report)).toBe(
      'FAIL: score 0.7 > threshold 0.4 (link score 1 over 1 link − 1 × 0.3 for misattributed numbers); fails outright: 1 number is misattributed (failOnMisattribution)',
    );
  });

  it('on: an answer with its numbers right still passes, with no problem to tell', () => {
    const report = verifyAnswer(RIGHT_NUMBER, index, { failOnMisattribution: true });
    expect(report).toMatchObject({ pass: true, score: 1 });
    expect(toGradingResult(report).reason).toMatch(/^citation-verifier: PASS: score 1 > /);
  });

  it('is an assertion config key, judged like the others', async () => {
    const base = { allowlist: '/a.json' };
    await expect(
      resolveSettings({ ...base, failOnMisattribution: true }, {}, '/'),
    ).resolves.toMatchObject({
      failOnMisattribution: true,
    });
    expect((await resolveSettings(base, {}, '/')).failOnMisattribution).toBeUndefined();
    await expect(
      resolveSettings({ ...base, failOnMisattribution: 'yes' }, {}, '/'),
    ).rejects.toThrow('config.failOnMisattribution: must be true or false');
  });

  it('check --fail-on-misattribution exits 2 where check alone exits 0', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cv-fom-')), 'allowlist.json');
    writeFileSync(file, JSON.stringify(allowlist));
    const run = async (extra: string[]) => {
      const io = fakeIo({ stdin: WRONG_NUMBER });
      return { code: await runCli(['check', '--allowlist', file, ...extra, '-'], io), io };
    };
    const plain = await run([]);
    expect(plain.code).toBe(0);
    expect(plain.io.out()).toMatch(/^PASS with 1 problem: score 0\.7/);
    const strict = await run(['--fail-on-misattribution', '--format', 'json']);
    expect(strict.code).toBe(2);
    expect(JSON.parse(strict.io.out())).toMatchObject({ pass: false, score: 0.7 });
  });

  it('check --chunks refuses it: the chunk check reads no numbers', async () => {
    const io = fakeIo({ stdin: 'x' });
    expect(await runCli(['check', '--chunks', 'c.json', '--fail-on-misattribution', '-'], io)).toBe(
      3,
    );
    expect(io.err()).toContain('--fail-on-misattribution belongs to the link check');
  });
});
