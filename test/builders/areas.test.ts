import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAreaCell } from '../../builders/areas.js';
import { runCli } from '../../src/cli/main.js';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { knowledgeFor } from '../../src/jurisdiction/check.js';
import { verifyAnswer } from '../../src/verify.js';
import { fakeIo } from '../helpers/cli.js';
import { columnFlags, HUD } from '../helpers/directories.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const LEGAL_AID = join(fixtures, 'jurisdiction', 'legal-aid-directory.csv');
/** The legal-aid directory's columns, its area column last (`.slice(0, -2)` leaves it out). */
const LEGAL_AID_FLAGS = columnFlags({
  org: 'Organization',
  urls: ['Website'],
  phones: [],
  aliases: [],
  domains: [],
  area: 'Serves',
});

async function build(csv: string, flags: string[]) {
  const out = join(mkdtempSync(join(tmpdir(), 'cv-areas-')), 'allowlist.json');
  const io = fakeIo();
  const code = await runCli(['build-allowlist', csv, ...flags, '-o', out], io);
  return { code, io, out, file: code === 0 ? JSON.parse(readFileSync(out, 'utf8')) : null };
}

describe('parseAreaCell', () => {
  it.each([
    ['MA', ['MA']],
    ['AZ; NM; UT', ['AZ', 'NM', 'UT']],
    ['NH, VT', ['NH', 'VT']],
    ['New York / New Jersey', ['New York', 'New Jersey']],
    ['  ', []],
  ])('%j → %j', (cell, parts) => {
    expect(parseAreaCell(cell)).toEqual(parts);
  });
});

describe('build-allowlist --area-column on a multi-state legal-aid directory', () => {
  it('writes org_areas and link_areas, nationwide as US, and leaves a blank row unknown', async () => {
    const { code, file } = await build(LEGAL_AID, LEGAL_AID_FLAGS);
    expect(code).toBe(0);
    expect(file.org_areas['Volunteer Lawyers Project of the Boston Bar Association']).toEqual([
      'MA',
    ]);
    expect(file.org_areas['DNA-Peoples Legal Services, Inc.']).toEqual(['AZ', 'NM', 'UT']);
    expect(file.org_areas['LawHelp.org']).toEqual(['US']);
    expect(file.org_areas['Legal Services Corporation of Delaware, Inc.']).toBeUndefined();
    expect(file.link_areas['trla.org']).toEqual(['TX']);
    expect(file.link_areas['https://trla.org']).toEqual(['TX']);
    expect(file.link_areas['lscd.com']).toBeUndefined();
  });

  it('the built allowlist decides links: another state wrong, nationwide and the asked state not', async () => {
    const { out } = await build(LEGAL_AID, LEGAL_AID_FLAGS);
    const index = await loadAllowlistIndex(out);
    const answer =
      'Call on https://www.vlpnet.org/ or https://www.lonestarlegal.org/, browse https://www.lawhelp.org/ma, try https://www.lscd.com/ and https://www.dnalegalservices.org/.';
    const buckets = (jurisdiction: string) =>
      verifyAnswer(answer, index, {
        jurisdiction: { jurisdiction, knowledge: knowledgeFor(index) },
      }).links.map((link) => [link.finding.host, link.bucket, link.served?.source ?? null]);
    expect(buckets('MA')).toEqual([
      ['vlpnet.org', 'directory', 'allowlist'],
      ['lonestarlegal.org', 'wrong_jurisdiction', 'allowlist'],
      ['lawhelp.org', 'directory', 'allowlist'],
      // No area in the directory: the shipped legal-help table knows Delaware's LSC program.
      ['lscd.com', 'wrong_jurisdiction', 'legal_help_table'],
      ['dnalegalservices.org', 'wrong_jurisdiction', 'allowlist'],
    ]);
    expect(buckets('NM').map(([host, bucket]) => [host, bucket])).toEqual([
      ['vlpnet.org', 'wrong_jurisdiction'],
      ['lonestarlegal.org', 'wrong_jurisdiction'],
      ['lawhelp.org', 'directory'],
      ['lscd.com', 'wrong_jurisdiction'],
      ['dnalegalservices.org', 'directory'],
    ]);
  });

  it('a bad area is a warning naming the row and the accepted forms (and fails --strict)', async () => {
    const csv = join(mkdtempSync(join(tmpdir(), 'cv-areas-')), 'dir.csv');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      csv,
      'Name,Site,Area\nLone Star Legal Aid,https://www.lonestarlegal.org,Texass\n',
    );
    const flags = columnFlags({
      org: 'Name',
      urls: ['Site'],
      phones: [],
      aliases: [],
      domains: [],
      area: 'Area',
    });
    const loose = await build(csv, flags);
    expect(loose.code).toBe(0);
    expect(loose.io.err()).toContain(
      `row 2, column 'Area': "Texass" is not an area; value skipped`,
    );
    expect(loose.file.org_areas).toEqual({});
    const strict = await build(csv, [...flags, '--strict']);
    expect(strict.code).toBe(3);
  });

  it('a build without --area-column writes no area field (older allowlists stay as they were)', async () => {
    const { file } = await build(LEGAL_AID, LEGAL_AID_FLAGS.slice(0, -2));
    expect(Object.keys(file)).not.toContain('org_areas');
    expect(Object.keys(file)).not.toContain('link_areas');
  });
});

describe('numbers of a real multi-state directory (HUD housing counselors, VA/MD/DC)', () => {
  // The State column of HUD's list is where the office is: right for a local agency, and exactly
  // what must not be used for a national one (see the MMI case below and docs/JURISDICTION.md).
  it('a Virginia agency number given to a Massachusetts tenant costs 0.3; to a Virginian it is verified', async () => {
    const { out } = await build(HUD.file, columnFlags({ ...HUD.columns, area: 'State' }));
    const index = await loadAllowlistIndex(out);
    const answer = 'Virginia Supportive Housing can help: call 804-788-6825.';
    const check = (jurisdiction: string) =>
      verifyAnswer(answer, index, {
        jurisdiction: { jurisdiction, knowledge: knowledgeFor(index) },
      });
    const ma = check('MA');
    expect(ma.phones[0]).toMatchObject({
      status: 'wrong_jurisdiction',
      served: { areas: ['VA'], source: 'allowlist' },
    });
    expect(ma.phones[0]!.code).toBe('phone.wrong-jurisdiction');
    expect(ma.score).toBe(0.7);
    expect(check('VA').phones[0]!.status).toBe('verified');
    expect(verifyAnswer(answer, index).phones[0]!.status).toBe('verified');
  });

  it('a number listed for offices in two states serves both (Money Management International, VA and MD)', async () => {
    const { out } = await build(HUD.file, columnFlags({ ...HUD.columns, urls: [], area: 'State' }));
    const index = await loadAllowlistIndex(out);
    const answer = 'Money Management International: 866-232-9080.';
    const check = (jurisdiction: string) =>
      verifyAnswer(answer, index, {
        jurisdiction: { jurisdiction, knowledge: knowledgeFor(index) },
      }).phones[0]!;
    expect(check('MD').status).not.toBe('wrong_jurisdiction');
    expect(check('VA').status).not.toBe('wrong_jurisdiction');
    // A national counselor the office column places in VA and MD: for a DC caller it reads as
    // another state's. The directory's column decides; this is why it must say whom it serves.
    expect(check('DC')).toMatchObject({
      status: 'wrong_jurisdiction',
      served: { areas: ['VA', 'MD'] },
    });
  });
});
