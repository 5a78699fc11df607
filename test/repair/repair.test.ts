import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllowlistIndex, type AllowlistIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { verifyAnswer } from '../../src/verify.js';

const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
let index: AllowlistIndex;
beforeAll(async () => {
  index = await loadAllowlistIndex(SAMPLE);
});

/** The guardrail as a front calls it, with the bundled MA courts directory. */
async function guard(text: string, threshold?: number) {
  const options = threshold === undefined ? {} : { threshold };
  return guardAnswer(text, verifyAnswer(text, index, options), (again) =>
    verifyAnswer(again, index, options),
  );
}

// Directory facts these expectations rest on (sample-allowlist/allowlist.json): Brookline District
// Court (617) 232-4660, page www.mass.gov/locations/brookline-district-court; Chelsea District
// Court (617) 660-9200, page www.mass.gov/locations/chelsea-district-court; Eastern Housing Court
// (617) 788-8485, no page; Nantucket Juvenile Court has no page.
describe('repair: each correction applied in place, the repaired answer verified again', () => {
  it.each([
    [
      'bullets under headings: number and link replaced, an untied bad link removed with its line',
      '### Brookline District Court\n\n- Phone: 617-660-9200\n- Website: https://mass.gov.brookline-court.org/x\n- Hours: 8:30 to 4:30\n\n### Housing help\n\n- Tenant guide: https://www.example.com/tenants\n- Or call 211.',
      '### Brookline District Court\n\n- Phone: 617-232-4660\n- Website: https://www.mass.gov/locations/brookline-district-court\n- Hours: 8:30 to 4:30\n\n### Housing help\n\n- Or call 211.',
    ],
    [
      'a table: the row names the court, so its number and page are the row’s court’s',
      '| Court | Phone | Website |\n| --- | --- | --- |\n| Chelsea District Court | (617) 232-4660 | https://www.example.com/chelsea |\n| Brookline District Court | (617) 232-4660 | https://www.mass.gov/locations/brookline-district-court |',
      '| Court | Phone | Website |\n| --- | --- | --- |\n| Chelsea District Court | (617) 660-9200 | https://www.mass.gov/locations/chelsea-district-court |\n| Brookline District Court | (617) 232-4660 | https://www.mass.gov/locations/brookline-district-court |',
    ],
    [
      'a table cell with nothing to put in it is emptied, the row kept',
      '| Court | Page |\n| --- | --- |\n| Nantucket Juvenile Court | https://mass-courts.gov/nantucket |',
      '| Court | Page |\n| --- | --- |\n| Nantucket Juvenile Court | |',
    ],
    [
      'markdown links: the target replaced, a name kept as the text, an address as text replaced too',
      '- [Brookline District Court](https://mass.gov.brookline-court.org/x) hears cases from Brookline.\n- See [mass.gov.brookline-court.org](https://mass.gov.brookline-court.org/x) for the Brookline District Court.',
      '- [Brookline District Court](https://www.mass.gov/locations/brookline-district-court) hears cases from Brookline.\n- See [www.mass.gov/locations/brookline-district-court](https://www.mass.gov/locations/brookline-district-court) for the Brookline District Court.',
    ],
    [
      'prose: the number in the answer’s own dotted format',
      'Call the Chelsea District Court at 617.232.4660. It is open weekdays.',
      'Call the Chelsea District Court at 617.660.9200. It is open weekdays.',
    ],
    [
      'prose: an unrepairable link removed with its sentence, no dangling words',
      'For an eviction in Boston, contact the Eastern Housing Court at (617) 788-8600. Detailed, step-by-step guidance for Boston tenants is at https://www.mass.gov.eviction-help.org/boston-tenants.',
      'For an eviction in Boston, contact the Eastern Housing Court at (617) 788-8485.',
    ],
    [
      'prose: the last alternative of a sentence ("or visit LINK") removed, the rest kept',
      'Eviction help: call Greater Boston Legal Services at 617-371-1234 or visit https://www.example.com/eviction-help. You can also try TenantRightsMA.org/help.',
      'Eviction help: call Greater Boston Legal Services at 617-371-1234. You can also try TenantRightsMA.org/help.',
    ],
    [
      'a paragraph removed whole leaves no run of blank lines',
      'The Chelsea District Court is at (617) 660-9200.\n\nForms are at https://www.example.com/forms.\n\nIt is open weekdays.',
      'The Chelsea District Court is at (617) 660-9200.\n\nIt is open weekdays.',
    ],
  ])('%s', async (_name, answer, repaired) => {
    const { report, repair } = await guard(answer);
    expect(repair?.text).toBe(repaired);
    expect(repair?.unrepaired).toEqual([]);
    expect(repair?.report.pass).toBe(true);
    expect(report.recommendation?.action).toBe('repair');
  });

  it('each change keeps its span in the answer, what it replaced and the directory entry', async () => {
    const answer = 'Call the Chelsea District Court at (617) 232-4660.';
    const { repair } = await guard(answer);
    expect(repair?.changes).toEqual([
      {
        pass: 1,
        finding: 'phone',
        raw: '(617) 232-4660',
        action: 'replace',
        start: 35,
        end: 49,
        original: '(617) 232-4660',
        text: '(617) 660-9200',
        code: 'correction.replace.org-number',
        reason: expect.any(String),
        source: {
          field: 'org_phones',
          entry: 'Chelsea District Court',
          path: '$.org_phones["Chelsea District Court"]',
        },
      },
    ]);
    expect(answer.slice(35, 49)).toBe('(617) 232-4660');
  });
});

describe('the recommended action', () => {
  it('pass: a passing answer with nothing to correct is not repaired', async () => {
    const { report, repair } = await guard('Call the Chelsea District Court at (617) 660-9200.');
    expect(repair).toBeUndefined();
    expect(report.recommendation).toEqual({
      action: 'pass',
      code: 'action.pass',
      reason: 'passes (score 1 > 0.4) with nothing to correct',
    });
  });

  it('repair: a wrong number that the score alone would let pass is still corrected', async () => {
    // No links: link score 1, one misattributed number: 1 − 0.3 = 0.7 > 0.4, a pass by score.
    const { report } = await guard('Call the Chelsea District Court at (617) 232-4660.');
    expect(report.pass).toBe(true);
    expect(report.recommendation?.action).toBe('repair');
  });

  it('refuse: repairing removes every claim', async () => {
    const { report, repair } = await guard(
      'Nantucket Juvenile Court information is posted at http://192.168.0.10/juvenile and at https://mass-courts.gov/nantucket.',
    );
    expect(repair?.text).toBe('');
    expect(report.recommendation).toMatchObject({
      action: 'refuse',
      code: 'action.refuse.all-removed',
    });
  });

  it('refuse: the repaired answer still fails the pass rule', async () => {
    // Threshold 0.6: after the invented link goes, one unverified link scores 0.5 ≤ 0.6.
    const { report, repair } = await guard(
      'Read https://tenant-rights-ma.org/help. Forms are at https://www.example.com/forms.',
      0.6,
    );
    expect(repair?.text).toBe('Read https://tenant-rights-ma.org/help.');
    expect(repair?.report.score).toBe(0.5);
    expect(report.recommendation?.action).toBe('refuse');
  });
});
