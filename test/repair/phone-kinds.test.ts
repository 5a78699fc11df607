import { describe, expect, it } from 'vitest';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { phoneJson } from '../../src/format/formatters.js';
import { buildIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { verifyAnswer } from '../../src/verify.js';

// A fix chooses among an organization's numbers by the kind of line the answer labels the wrong
// one (`phone_kinds`, as HSDS and iCarol exports give them): a TTY only by the one TTY, a hotline
// only by the one hotline, a number to call only by the one number to call, never a fax. Any
// doubt (none or several of the kind) is left for a person with the candidates.
const index = buildIndex(
  parseAllowlist(
    {
      urls: [],
      domains: [],
      org_names: [
        'Harbor Legal Aid',
        'Valley Food Network',
        'Cape Tenant Project',
        'North Shore Housing Help',
      ],
      org_phones: {
        'Harbor Legal Aid': ['(617) 555-0100', '1-800-555-0199'],
        'Valley Food Network': ['(413) 555-0120', '(413) 555-0121'],
        'Cape Tenant Project': ['(508) 555-0130'],
        'North Shore Housing Help': ['(978) 555-0140'],
      },
      phone_kinds: {
        'Harbor Legal Aid': {
          '(617) 555-0108': 'TTY',
          '(617) 555-0109': 'fax',
          '1-800-555-0199': 'toll free',
        },
        'Valley Food Network': { '(413) 555-0121': 'hotline', '(413) 555-0123': 'fax' },
        'Cape Tenant Project': {
          '(508) 555-0131': 'fax',
          '(508) 555-0132': 'TTY',
          '(508) 555-0133': 'TTY',
        },
        'North Shore Housing Help': { '(978) 555-0141': 'fax' },
      },
    },
    'kinds-allowlist.json',
  ),
);

function guard(text: string) {
  return guardAnswer(text, verifyAnswer(text, index), (again) => verifyAnswer(again, index));
}

describe('a wrong number is replaced by the number of its kind', () => {
  it.each([
    [
      'a wrong TTY by the one TTY',
      'Deaf callers can reach Harbor Legal Aid by TTY at (617) 555-0177.',
      'Deaf callers can reach Harbor Legal Aid by TTY at (617) 555-0108.',
      'phone_kinds',
    ],
    [
      'a wrong hotline by the one hotline, though two numbers are listed to call',
      "Valley Food Network's 24-hour hotline is 413-555-0199.",
      "Valley Food Network's 24-hour hotline is 413-555-0121.",
      'phone_kinds',
    ],
    [
      'an unlabelled number by the one number to call, not the fax or a TTY',
      'Call Cape Tenant Project at (508) 555-0199.',
      'Call Cape Tenant Project at (508) 555-0130.',
      'org_phones',
    ],
    [
      'the fax offered as the number to call, by the number to call',
      'Call Cape Tenant Project at (508) 555-0131.',
      'Call Cape Tenant Project at (508) 555-0130.',
      'org_phones',
    ],
  ])('%s', async (_name, text, repaired, field) => {
    const { report, repair } = await guard(text);
    expect(report.phones[0]!.status).toBe('misattributed');
    expect(report.phones[0]!.correction).toMatchObject({ action: 'replace', source: { field } });
    expect(report.recommendation?.action).toBe('repair');
    expect(repair?.text).toBe(repaired);
  });

  it.each([
    [
      'a wrong TTY where two TTYs are listed',
      'TTY users can reach Cape Tenant Project at (508) 555-0177.',
      ['+15085550132', '+15085550133'],
    ],
    [
      'an unlabelled number with a voice line and a toll-free line to call',
      'Call Harbor Legal Aid at (617) 555-0177.',
      ['+16175550100', '+18005550199'],
    ],
    ['a hotline where none is listed', 'The Cape Tenant Project hotline is (508) 555-0177.', []],
  ])('%s: review with the candidates, nothing written', async (_name, text, suggestions) => {
    const { report, repair } = await guard(text);
    expect(report.phones[0]!.status).toBe('misattributed');
    expect(report.phones[0]!.correction).toMatchObject({ action: 'review', suggestions });
    expect(report.recommendation?.action).toBe('review');
    expect(repair?.text).toBe(text);
  });

  it('a TTY label and no TTY listed: reported, not charged, nothing to fix', () => {
    const report = verifyAnswer('North Shore Housing Help, TTY: (978) 555-0177.', index);
    expect(report.phones[0]!.status).toBe('unlisted');
    expect(report.phones[0]!.correction).toBeUndefined();
  });

  it('a wrong TTY with two organizations in reach: review', async () => {
    const text = 'Harbor Legal Aid and Cape Tenant Project both take TTY calls at (617) 555-0177.';
    const { report, repair } = await guard(text);
    expect(report.phones[0]!.correction?.action).not.toBe('replace');
    expect(repair?.text).toBe(text);
  });

  it('the verdict and its JSON carry the kind the directory gives the number', () => {
    const [fax, tty, voice] = verifyAnswer(
      'Cape Tenant Project: fax (508) 555-0131. Harbor Legal Aid by TTY at (617) 555-0108, or call (617) 555-0100.',
      index,
    ).phones;
    expect([fax!.kind, tty!.kind, voice!.kind]).toEqual(['fax', 'TTY', undefined]);
    expect(phoneJson(tty!)).toMatchObject({ kind: 'TTY', status: 'verified' });
    expect('kind' in phoneJson(voice!)).toBe(false);
  });
});

describe('a hotline in the name is no label', () => {
  it('"… Hotline at N": a number to call, replaced by the one number to call', async () => {
    const hotline = buildIndex(
      parseAllowlist(
        {
          urls: [],
          domains: [],
          org_names: ['Amesland Senior Legal Hotline'],
          org_phones: { 'Amesland Senior Legal Hotline': ['(413) 555-0150', '(413) 555-0151'] },
          phone_kinds: { 'Amesland Senior Legal Hotline': { '(413) 555-0151': 'hotline' } },
        },
        'hotline-allowlist.json',
      ),
    );
    const text = 'Call the Amesland Senior Legal Hotline at (413) 555-0199.';
    const report = verifyAnswer(text, hotline);
    expect(report.phones[0]!.charge?.line).toBeUndefined();
    expect(report.phones[0]!.correction).toMatchObject({ action: 'review' });
    const labelled = verifyAnswer(
      'The Amesland Senior Legal Hotline has a 24-hour hotline: (413) 555-0199.',
      hotline,
    );
    expect(labelled.phones[0]!.correction).toMatchObject({
      action: 'replace',
      text: '(413) 555-0151',
    });
  });
});
