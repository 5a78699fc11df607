import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAllowlistIndex } from '../../src/match/index.js';
import type { PhoneStatus } from '../../src/types.js';
import { verifyAnswer } from '../../src/verify.js';
import { sampleRows } from '../helpers/sample.js';

// Published court records (test/fixtures/ma-courts/SOURCE.md) written out the ways answers lay
// them out, checked against the allowlist built from the same directory's CSV. Every number in
// these answers is true, so none may be charged as misattributed.
interface Court {
  name: string;
  phone: string;
  fax: string;
  address: { orig_address: string };
  ada_coordinators?: Array<{ name: string; phone: string }>;
}
const courts = (
  JSON.parse(
    readFileSync(new URL('../fixtures/ma-courts/courts.slice.json', import.meta.url), 'utf8'),
  ) as Array<{ record: Court }>
).map(({ record }) => ({
  ...record,
  name: record.name.trim(),
  phone: record.phone.trim(),
  fax: record.fax.trim(),
}));
const withFax = courts.filter((court) => court.fax !== '');
const index = await loadAllowlistIndex(
  new URL('../../sample-allowlist/allowlist.json', import.meta.url).pathname,
);

function statuses(text: string): Array<[string, PhoneStatus]> {
  return verifyAnswer(text, index).phones.map((phone) => [phone.finding.raw, phone.status]);
}

describe('a fax number printed beside the main line is not charged to the court', () => {
  const layouts: Array<[string, (court: Court) => string]> = [
    ['inline', (c) => `${c.name}: ${c.phone}, fax ${c.fax}.`],
    ['one line with labels', (c) => `${c.name} — Phone: ${c.phone} | Fax: ${c.fax}`],
    [
      'list',
      (c) =>
        `- **${c.name}**\n  - Address: ${c.address.orig_address}\n  - Phone: ${c.phone}\n  - Fax: ${c.fax}`,
    ],
    ['fax first', (c) => `Fax filings to ${c.name} at ${c.fax}; the clerk answers at ${c.phone}.`],
    ['in parentheses', (c) => `${c.name} (phone ${c.phone}, fax ${c.fax})`],
    ['labelled after', (c) => `Call ${c.name} at ${c.phone}. ${c.fax} (fax)`],
    [
      'table column',
      (c) => `| Court | Phone | Fax |\n| --- | --- | --- |\n| ${c.name} | ${c.phone} | ${c.fax} |`,
    ],
  ];
  it.each(layouts)('%s', (_layout, render) => {
    expect(withFax.length).toBeGreaterThanOrEqual(5);
    for (const court of withFax) {
      const found = statuses(render(court));
      expect(found, render(court)).toContainEqual([court.fax, 'unlisted']);
      expect(
        found.filter(([raw]) => raw !== court.fax).map(([, status]) => status),
        render(court),
      ).toEqual(['verified']);
    }
  });

  it('the code says why it is not charged', () => {
    const [, fax] = verifyAnswer(
      'Clinton District Court: (978) 368-7811, fax (978) 368-7827.',
      index,
    ).phones;
    expect(fax).toMatchObject({
      status: 'unlisted',
      organization: 'Clinton District Court',
      code: 'phone.uncharged.line-label',
    });
  });

  it('the same number given as the number to call is still charged', () => {
    for (const court of withFax)
      expect(statuses(`Call ${court.name} at ${court.fax}.`)).toEqual([
        [court.fax, 'misattributed'],
      ]);
  });

  it('a TTY line beside the main one is not charged either', () => {
    expect(statuses('Clinton District Court: (978) 368-7811 (TTY: 978-555-0142).')).toEqual([
      ['(978) 368-7811', 'verified'],
      ['978-555-0142', 'unlisted'],
    ]);
  });
});

describe("an ADA coordinator's line is not charged to the court", () => {
  const lines = courts.flatMap((court) =>
    (court.ada_coordinators ?? []).map((ada) => ({
      court,
      ada: { name: ada.name.trim(), phone: ada.phone.trim() },
    })),
  );

  it.each([
    [
      'a sentence of its own',
      (c: Court, a: { name: string; phone: string }) =>
        `${c.name} (${c.phone}). ADA coordinator: ${a.name}, ${a.phone}.`,
    ],
    [
      'a list under the court',
      (c: Court, a: { name: string; phone: string }) =>
        `- **${c.name}**\n  - Main line: ${c.phone}\n  - ADA coordinator ${a.name}: ${a.phone}`,
    ],
  ])('%s', (_layout, render) => {
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const { court, ada } of lines) {
      const text = render(court, ada);
      const found = statuses(text);
      expect(
        found.filter(([, status]) => status === 'misattributed'),
        text,
      ).toEqual([]);
    }
  });

  it('one coordinator serving two courts of a building: the number the directory lists for the other court is reported, not charged', () => {
    const nantucket = verifyAnswer(
      'Nantucket District Court ((508) 228-0460). ADA coordinator: Susan Beamish, 508-228-2669.',
      index,
    ).phones;
    expect(nantucket.map((phone) => phone.status)).toEqual(['verified', 'known']);
    expect(nantucket[1]!.code).toBe('phone.uncharged.line-label');
    expect(nantucket[1]!.owners).toEqual(['Nantucket Probate and Family Court']);
  });
});

describe('two courts of one building (225 Main St., Worcester): the number is charged only on proof', () => {
  // Worcester District Court's number is (508) 831-2010; (508) 831-2050 is the Housing Court's
  // (its four sessions), both courts at 225 Main St. in the published records.
  it('the sample answer that gives the Housing Court number to the District Court in so many words is charged', async () => {
    const sample = sampleRows().find(
      (row) => row.provider === 'vendor-c' && row.id === 'worcester-housing',
    )!;
    expect(sample.answer).toMatch(/^Worcester District Court: \(508\) 831-2050\./);
    const [phone] = verifyAnswer(sample.answer, index).phones;
    expect(phone).toMatchObject({
      status: 'misattributed',
      organization: 'Worcester District Court',
    });
  });

  it.each([
    'The Worcester District Court does not hear these cases; call the housing court at (508) 831-2050.',
    'Not the Worcester District Court: the Housing Court handles evictions, at (508) 831-2050.',
    'Unlike the Worcester District Court, the housing court session answers at (508) 831-2050.',
    'Housing matters are not heard by Worcester District Court. For the Housing Court clerk, call (508) 831-2050.',
    'Worcester District Court, 225 Main St. The Housing Court is upstairs: (508) 831-2050.',
    'Worcester District Court\nPhone: (508) 831-2010\nHousing Court (same building): (508) 831-2050',
    '### Worcester District Court\n- Phone: (508) 831-2010\n- Housing Court (same building): (508) 831-2050',
  ])(
    'given for another court named by a common noun, it is not charged to the District Court: %s',
    (text) => {
      const phones = verifyAnswer(text, index).phones;
      const housing = phones.find((phone) => phone.finding.raw === '(508) 831-2050')!;
      expect(housing.status).toBe('known');
      expect(housing.code).toBe('phone.uncharged.unlisted-name');
      expect(phones.filter((phone) => phone.status === 'misattributed')).toEqual([]);
    },
  );

  it.each([
    'Worcester District Court: (508) 831-2010; Housing: (508) 831-2050.',
    'Worcester District Court: (508) 831-2010. Housing cases: (508) 831-2050.',
    'Worcester District Court: (508) 831-2010 (criminal), (508) 831-2050 (housing)',
    'For housing, skip Worcester District Court and call (508) 831-2050.',
  ])(
    'words around the number that point at its owner, the Housing Court, are no proof against it: %s',
    (text) => {
      const phones = verifyAnswer(text, index).phones;
      const housing = phones.find((phone) => phone.finding.raw === '(508) 831-2050')!;
      expect(housing.code).toBe('phone.known.owner-word');
      expect(phones.filter((phone) => phone.status === 'misattributed')).toEqual([]);
    },
  );

  it.each([
    // Swapped numbers (each is a real neighbour's): the town in the address is where, not which body.
    [
      'The Plymouth County Superior Court is at 72 Belmont St., Brockton, MA 02301; call (508) 587-8000.',
      'Plymouth County Superior Court',
    ],
    [
      'The Eastern Housing Court is at 24 New Chardon St., Boston, MA 02114; call (617) 788-8525.',
      'Eastern Housing Court',
    ],
    [
      'The Dukes County Superior Court is at 81 Main St., Edgartown, MA 02539. Call (508) 627-8983.',
      'Dukes County Superior Court',
    ],
  ])('a town in the address does not excuse a swapped number: %s', (text, court) => {
    expect(
      verifyAnswer(text, index).phones.map((phone) => [phone.status, phone.organization]),
    ).toEqual([['misattributed', court]]);
  });

  it.each([
    "Worcester District Court: its clerk's office answers at (508) 831-2050.",
    "The Worcester District Court is open 8:30 to 4:30; the court's clerk answers at (508) 831-2050.",
    'Worcester District Court handles these cases. Call the same court at (508) 831-2050.',
    'Worcester District Court can help. Call them at (508) 831-2050.',
  ])('a reference back to the District Court itself still charges it: %s', (text) => {
    expect(
      verifyAnswer(text, index).phones.map((phone) => [phone.status, phone.organization]),
    ).toEqual([['misattributed', 'Worcester District Court']]);
  });
});

describe("a further number with a label of its own after the court's number is another entry, not charged to the court", () => {
  it.each([
    '### Worcester District Court\n- Phone: (508) 831-2010\n- Tenant hotline (City of Worcester): 508-799-1400',
    '**Worcester District Court**\nPhone: (508) 831-2010\nLawyer referral: 617-654-0400',
    'Worcester District Court: (508) 831-2010. Legal aid: 1-855-252-5342.',
    'Worcester District Court (508) 831-2010 — if you cannot afford a lawyer, call 1-855-252-5342.',
    'Worcester District Court: (508) 831-2010 (clerk), (508) 831-2040 (ADA coordinator Darlene Perro).',
  ])('%s', (text) => {
    const phones = verifyAnswer(text, index).phones;
    expect(phones[0]).toMatchObject({
      status: 'verified',
      organization: 'Worcester District Court',
    });
    expect(phones[1]!.status).toBe('unlisted');
  });

  it('a label of its own after another number of the organization: not charged', () => {
    const [, second] = verifyAnswer(
      'Worcester District Court: (508) 831-2010. Legal aid: 1-855-252-5342.',
      index,
    ).phones;
    expect(second).toMatchObject({ status: 'unlisted', code: 'phone.uncharged.own-label' });
  });

  it.each([
    [
      'joined by "or"',
      'Brighton Division, Boston Municipal Court: (617) 782-6540, Press 5 or (617) 788-8600.',
    ],
    [
      'only a comma',
      'Call Brighton Division, Boston Municipal Court at (617) 782-6540, (617) 788-8600.',
    ],
    [
      'a line label',
      '### Brighton Division, Boston Municipal Court\n- Main line: (617) 782-6540\n- Toll-free: (617) 788-8600',
    ],
  ])('a second number given as another line of the court is still charged (%s)', (_name, text) => {
    const phones = verifyAnswer(text, index).phones;
    expect(phones.map((phone) => [phone.status, phone.organization])).toEqual([
      ['verified', 'Brighton Division, Boston Municipal Court'],
      ['misattributed', 'Brighton Division, Boston Municipal Court'],
    ]);
  });
});
