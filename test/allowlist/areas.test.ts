import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toAllowlistFile } from '../../src/allowlist/read.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { runCli } from '../../src/cli/main.js';
import { fakeIo } from '../helpers/cli.js';

const EMPTY = { urls: [], domains: [], org_names: [], org_phones: {} };

describe('the allowlist area fields', () => {
  it('normalizes codes and names, keys as urls and domains are, and writes them back sorted', () => {
    const allowlist = parseAllowlist(
      {
        ...EMPTY,
        org_names: ['Lone Star Legal Aid'],
        org_areas: { 'Lone Star Legal Aid ': ['texas', 'TX'] },
        link_areas: {
          'WWW.LoneStarLegal.org': ['Texas'],
          'https://www.lawhelp.org/': ['national'],
        },
        jurisdiction: 'massachusetts',
      },
      'areas.json',
    );
    expect(allowlist.orgAreas).toEqual({ 'Lone Star Legal Aid': ['TX'] });
    expect(allowlist.linkAreas).toEqual({
      'lonestarlegal.org': ['TX'],
      'https://lawhelp.org': ['US'],
    });
    expect(allowlist.jurisdiction).toBe('MA');
    expect(toAllowlistFile(allowlist)).toMatchObject({
      org_areas: { 'Lone Star Legal Aid': ['TX'] },
      jurisdiction: 'MA',
    });
  });

  it.each([
    [
      { ...EMPTY, jurisdiction: 'Mass' },
      'areas.json: $.jurisdiction: "Mass" is not a jurisdiction; write a two-letter US state, DC or territory code (MA, DC, PR, GU, VI, AS, MP) or its full name (Massachusetts, District of Columbia), any case',
    ],
    [
      { ...EMPTY, org_areas: { X: ['TX', 'Tex'] } },
      'areas.json: $.org_areas.X[1]: "Tex" is not an area; write a two-letter US state',
    ],
    [
      { ...EMPTY, link_areas: { 'not a host': ['TX'] } },
      'areas.json: $.link_areas["not a host"]: "not a host" is neither a URL nor a host; write it as in "urls" or "domains"',
    ],
  ])('rejects %j with the path and what to write', (data, message) => {
    expect(() => parseAllowlist(data, 'areas.json')).toThrow(message);
  });

  it("the allowlist's jurisdiction is the default check; --jurisdiction overrides it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cv-areas-'));
    const path = join(dir, 'allowlist.json');
    writeFileSync(path, JSON.stringify({ ...EMPTY, domains: ['mass.gov'], jurisdiction: 'TX' }));
    const run = async (extra: string[]) => {
      const io = fakeIo({ stdin: 'See https://www.mass.gov/courts.' });
      const code = await runCli(
        ['check', '--allowlist', path, '--format', 'json', ...extra, '-'],
        io,
      );
      return { code, report: JSON.parse(io.out()) };
    };
    const byDefault = await run([]);
    expect(byDefault.report.jurisdiction).toBe('TX');
    expect(byDefault.report.links[0].bucket).toBe('wrong_jurisdiction');
    expect(byDefault.code).toBe(2);
    const asked = await run(['--jurisdiction', 'MA']);
    expect(asked.report.jurisdiction).toBe('MA');
    expect(asked.report.links[0].bucket).toBe('directory');
    expect(asked.code).toBe(0);
  });
});
