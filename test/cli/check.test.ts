import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'verifier');
const allowlist = join(fixtures, 'allowlist.json');

async function checkJson(answer: string, extra: string[] = []) {
  const io = fakeIo({ stdin: answer });
  const code = await runCli(
    ['check', '--allowlist', allowlist, '--format', 'json', ...extra, '-'],
    io,
  );
  return { code, report: JSON.parse(io.out()) as Record<string, any>, io };
}

describe('citation-verifier check', () => {
  it('passes a listed answer with exit 0 and prints the JSON report shape', async () => {
    const io = fakeIo();
    const code = await runCli(
      ['check', '--allowlist', allowlist, '--format', 'json', join(fixtures, 'answer-pass.md')],
      io,
    );
    expect(code).toBe(0);
    const report = JSON.parse(io.out());
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining([
        'pass',
        'score',
        'threshold',
        'links',
        'phones',
        'organizations',
        'reasons',
      ]),
    );
    expect(report).toMatchObject({ pass: true, score: 1, threshold: 0.4, reasons: [] });
    expect(report.links).toEqual([
      expect.objectContaining({
        url: 'https://www.mass.gov/locations/brookline-district-court/?utm_source=chatgpt.com',
        normalized: 'https://mass.gov/locations/brookline-district-court',
        bucket: 'directory',
        score: 1,
      }),
    ]);
    expect(report.phones).toEqual([
      expect.objectContaining({
        raw: '(617) 232-4660',
        normalized: '+16172324660',
        organization: 'Brookline District Court',
        status: 'verified',
      }),
    ]);
    expect(report.organizations).toEqual([
      expect.objectContaining({
        name: 'Brookline District Court',
        raw: 'Brookline District Court',
      }),
    ]);
  });

  it('fails an answer with an invented link and a misattributed number with exit 2', async () => {
    const io = fakeIo();
    const code = await runCli(
      ['check', '--allowlist', allowlist, '--format', 'json', join(fixtures, 'answer-fail.md')],
      io,
    );
    expect(code).toBe(2);
    const report = JSON.parse(io.out());
    const buckets = Object.fromEntries(
      report.links.map((link: { normalized: string; bucket: string }) => [
        link.normalized,
        link.bucket,
      ]),
    );
    expect(buckets).toEqual({
      'https://mass.gov.eviction-help.org/boston': 'invented',
      'https://masslegalhelp.org/housing': 'directory',
      'https://tenantrightsma.org/help': 'unverified',
    });
    // (0 + 1 + 0.5) / 3 = 0.5, minus 0.3 for the one misattributed number = 0.2
    expect(report.score).toBe(0.2);
    expect(report.pass).toBe(false);
    const phone = report.phones[0];
    expect(phone).toMatchObject({ status: 'misattributed', organization: 'Eastern Housing Court' });
    expect(phone.code).toBe('phone.misattributed');
    expect(report.reasons[0]).toMatch(
      /^invented link https:\/\/www\.mass\.gov\.eviction-help\.org\/boston/,
    );
  });

  it('honours --threshold and prints text by default', async () => {
    const io = fakeIo({ stdin: 'See https://www.courtlistener.com/help.' });
    expect(await runCli(['check', '--allowlist', allowlist, '--threshold', '0.5'], io)).toBe(2);
    expect(io.out()).toMatch(/^FAIL: score 0\.5 ≤ threshold 0\.5/);
    expect(io.out()).toContain('unverified  https://www.courtlistener.com/help');
  });

  it('reads the allowlist from CITATION_VERIFIER_ALLOWLIST when no flag is given', async () => {
    const io = fakeIo({ stdin: 'nothing cited', env: { CITATION_VERIFIER_ALLOWLIST: allowlist } });
    expect(await runCli(['check'], io)).toBe(0);
  });

  it.each([
    [
      ['check', '--allowlist', join(fixtures, 'missing.json'), '-'],
      /missing\.json: allowlist file not found/,
    ],
    [
      ['check', '-'],
      /no allowlist: pass --allowlist FILE, or set the CITATION_VERIFIER_ALLOWLIST environment variable/,
    ],
    [
      ['check', '--allowlist', allowlist, '--resolve', 'a.test:127.0.0.1', '-'],
      /--resolve only apply with --live; add --live or drop it/,
    ],
    [
      ['check', '--allowlist', allowlist, '--timeout', '5', '--allow-private', '-'],
      /--allow-private, --timeout only apply with --live; add --live or drop them/,
    ],
    [
      ['check', '--allowlist', allowlist, '--threshold', '2', '-'],
      /--threshold: must be a number from 0 to 1, got 2$/m,
    ],
    [['check', '--allowlist', allowlist, '--format', 'xml', '-'], /--format must be text or json/],
    [['check', '--allowlist', allowlist, '--bogus', '-'], /Unknown option '--bogus'/],
    [
      ['check', '--allowlist', allowlist, 'no-such-answer.md'],
      /no-such-answer\.md: answer file not found/,
    ],
    [['nope'], /unknown command 'nope'/],
  ])('exits 3 with a clear message for bad input %#', async (argv, message) => {
    const io = fakeIo({ stdin: '' });
    expect(await runCli(argv, io)).toBe(3);
    expect(io.err()).toMatch(message);
  });

  it('reports an invalid allowlist with its JSON path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-check-'));
    const bad = join(dir, 'allowlist.json');
    writeFileSync(
      bad,
      JSON.stringify({
        urls: [],
        domains: [],
        org_names: [],
        org_phones: { 'Legal Aid of X': ['617-555-0100', '617-555-0101', '555-12'] },
      }),
    );
    const io = fakeIo({ stdin: '' });
    expect(await runCli(['check', '--allowlist', bad, '-'], io)).toBe(3);
    expect(io.err()).toContain(
      `${bad}: $.org_phones["Legal Aid of X"][2]: "555-12" is not a phone number`,
    );
  });

  it('prints usage for --help with exit 0', async () => {
    const io = fakeIo();
    expect(await runCli(['check', '--help'], io)).toBe(0);
    expect(io.out()).toContain('Usage: citation-verifier check --allowlist FILE');
  });

  it('works as a real process through the bin, with exit codes', () => {
    const bin = join(import.meta.dirname, '..', '..', 'src', 'cli', 'bin.ts');
    const tsx = join(import.meta.dirname, '..', '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');
    const pass = spawnSync(
      process.execPath,
      [tsx, bin, 'check', '--allowlist', allowlist, join(fixtures, 'answer-pass.md')],
      { encoding: 'utf8' },
    );
    expect(pass.status).toBe(0);
    expect(pass.stdout).toMatch(/^PASS: score 1 > threshold 0\.4/);
    const fail = spawnSync(process.execPath, [tsx, bin, 'check', '--allowlist', allowlist, '-'], {
      encoding: 'utf8',
      input: 'See https://example.com/x',
    });
    expect(fail.status).toBe(2);
    const bad = spawnSync(
      process.execPath,
      [tsx, bin, 'check', '--allowlist', 'nowhere.json', '-'],
      { encoding: 'utf8', input: '' },
    );
    expect(bad.status).toBe(3);
    expect(bad.stderr).toContain('nowhere.json: allowlist file not found');
  });
});

describe('check --gov-registry: a newer .gov registry', () => {
  it("reads CISA's current-full.csv as downloaded: a domain registered since the snapshot is real", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-gov-'));
    writeFileSync(
      join(dir, 'current-full.csv'),
      'Domain name,Domain type,Organization name,Suborganization name,City,State\nMASS-COURTS.GOV,State,Massachusetts Trial Court,,Boston,MA\nmass.gov,State,Commonwealth of Massachusetts,,Boston,MA\n',
    );
    const { code, report } = await checkJson('See https://mass-courts.gov/nantucket.', [
      '--gov-registry',
      join(dir, 'current-full.csv'),
    ]);
    expect(code).toBe(0);
    expect(report.links[0]).toMatchObject({ bucket: 'unverified', code: 'link.unverified.gov' });
    const { report: other } = await checkJson('See https://courts-mass.gov/x.', [
      '--gov-registry',
      join(dir, 'current-full.csv'),
    ]);
    expect(other.links[0].reason).toMatch(
      /not a registered \.gov domain \(CISA's \.gov registry, snapshot \d{4}-\d{2}-\d{2}\)/,
    );
  });

  it('a registry file that cannot be read is bad input (exit 3), naming the file', async () => {
    const io = fakeIo({ stdin: 'See https://mass.gov.' });
    const code = await runCli(
      ['check', '--allowlist', allowlist, '--gov-registry', 'no-such-registry.csv', '-'],
      io,
    );
    expect(code).toBe(3);
    expect(io.err()).toMatch(/no-such-registry\.csv: cannot read the \.gov registry/);
  });
});
