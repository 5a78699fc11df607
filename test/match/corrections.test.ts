import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAllowlist } from '../../builders/build.js';
import { readCsvFile } from '../../builders/csv.js';
import { buildIndex, loadAllowlistIndex, type AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
const HUD = fileURLToPath(
  new URL('../fixtures/hud-counselors/hud-housing-counselors.csv', import.meta.url),
);

let sample: AllowlistIndex;
let hud: AllowlistIndex;
beforeAll(async () => {
  sample = await loadAllowlistIndex(SAMPLE);
  const table = await readCsvFile(HUD, 'hud-housing-counselors.csv');
  const built = buildAllowlist([table], {
    columns: { org: 'Agency', urls: ['Website'], phones: ['Phone'], aliases: [], domains: [] },
  });
  hud = buildIndex(built.allowlist);
});

describe('a misattributed number carries the directory number of the organization it was given for', () => {
  it.each([
    // The bundled MA courts directory: Chelsea District Court lists (617) 660-9200; 232-4660 is Brookline's.
    ['Call the Chelsea District Court at 617.232.4660.', '617.660.9200'],
    ['Call the Chelsea District Court at (617) 232-4660.', '(617) 660-9200'],
    ['Call the Chelsea District Court at 1-617-232-4660 ext. 12.', '1-617-660-9200'],
  ])('%s', (answer, text) => {
    const [phone] = verifyAnswer(answer, sample).phones;
    expect(phone?.status).toBe('misattributed');
    expect(phone?.correction).toEqual({
      action: 'replace',
      start: phone!.finding.start,
      end: phone!.finding.end,
      text,
      value: '+16176609200',
      alternatives: [],
      source: {
        field: 'org_phones',
        entry: 'Chelsea District Court',
        path: '$.org_phones["Chelsea District Court"]',
      },
      code: 'correction.replace.org-number',
      reason: expect.any(String),
    });
  });

  it('on a real HUD directory: an agency given another agency’s number gets its own', () => {
    // VIRGINIA HOUSING DEVELOPMENT AUTHORITY lists 804-343-5534; 757-673-0851 is the Urban League of Hampton Roads'.
    const report = verifyAnswer(
      'Call VIRGINIA HOUSING DEVELOPMENT AUTHORITY at 757-673-0851.',
      hud,
    );
    const correction = report.phones[0]?.correction;
    expect(correction).toMatchObject({ action: 'replace', text: '804-343-5534' });
    expect(correction?.action === 'replace' && correction.source.entry).toBe(
      'VIRGINIA HOUSING DEVELOPMENT AUTHORITY',
    );
  });

  it('a verified or unlisted number carries none', () => {
    const report = verifyAnswer(
      'Call the Chelsea District Court at (617) 660-9200, or a friend at (413) 555-0199.',
      sample,
    );
    expect(report.phones.map((phone) => phone.correction)).toEqual([undefined, undefined]);
  });
});

describe('a failing or lookalike link carries the page of its organization, else the site it resembles, else a removal', () => {
  it('tied to the organization named in its sentence (bundled directory, org_urls)', () => {
    const answer =
      'The Brookline District Court posts its schedule at https://www.mass.gov.brookline-court.org/schedule.';
    const [link] = verifyAnswer(answer, sample).links;
    expect(link?.bucket).toBe('invented');
    expect(link?.correction).toMatchObject({
      action: 'replace',
      // As the directory wrote it (urls_as_written).
      text: 'https://www.mass.gov/locations/brookline-district-court',
      value: 'https://mass.gov/locations/brookline-district-court',
      source: {
        field: 'org_urls',
        entry: 'Brookline District Court',
        path: '$.org_urls["Brookline District Court"]',
      },
    });
  });

  it('tied to the item it sits under, in a markdown link whose text is the wrong address: text and target replaced together', () => {
    const answer =
      '1. **Brookline District Court**\n   - Website: [mass.gov.brookline-court.org](https://mass.gov.brookline-court.org/x)';
    const edits = verifyAnswer(answer, sample).links.map((link) => {
      const fix = link.correction;
      return fix?.action === 'replace' ? [answer.slice(fix.start, fix.end), fix.text] : fix;
    });
    expect(edits).toEqual([
      [
        '[mass.gov.brookline-court.org](https://mass.gov.brookline-court.org/x)',
        '[www.mass.gov/locations/brookline-district-court](https://www.mass.gov/locations/brookline-district-court)',
      ],
    ]);
  });

  it('a markdown link whose text is a name keeps its text: only the target is replaced', () => {
    const answer =
      'See [the court’s page](https://mass.gov.brookline-court.org/x) of the Brookline District Court.';
    const correction = verifyAnswer(answer, sample).links[0]?.correction;
    expect(correction && answer.slice(correction.start, correction.end)).toBe(
      'https://mass.gov.brookline-court.org/x',
    );
  });

  it('two organizations named: tied to neither, so a lookalike of a many-page host is removed', () => {
    const answer =
      'The Brookline District Court and the Chelsea District Court: https://www.mass.gov.eviction-help.org/x';
    expect(verifyAnswer(answer, sample).links[0]?.correction).toMatchObject({ action: 'remove' });
  });

  it('the directory domain it resembles, when no organization is named', () => {
    const index = makeIndex({ domains: ['masslegalhelp.org'] });
    const [link] = verifyAnswer(
      'Read masslegalhelp.org.evil-site.com/eviction first.',
      index,
    ).links;
    expect(link?.bucket).toBe('invented');
    expect(link?.correction).toMatchObject({
      action: 'replace',
      text: 'masslegalhelp.org',
      value: 'https://masslegalhelp.org',
      source: { field: 'domains', entry: 'masslegalhelp.org', path: '$.domains' },
    });
  });

  it('a placeholder address with nothing to put in its place is to be removed', () => {
    const answer = 'Details: https://www.example.com/eviction-help.';
    const link = verifyAnswer(answer, sample).links[0];
    expect(link?.correction).toEqual({
      action: 'remove',
      start: link!.finding.start,
      end: link!.finding.end,
      code: 'correction.remove.no-page',
      reason: expect.any(String),
    });
  });

  it('an unverified link that resembles nothing carries none: doubt alone removes nothing', () => {
    expect(
      verifyAnswer('See https://tenant-rights-ma.org/help.', sample).links[0]?.correction,
    ).toBe(undefined);
  });
});
