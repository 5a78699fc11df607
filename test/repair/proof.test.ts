import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllowlistIndex, type AllowlistIndex } from '../../src/match/index.js';
import { guardAnswer } from '../../src/repair/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';

// Issue 37: a fix needs more proof than a grade. A repair writes a number or page only when the
// organization is named by a strong name, alone in reach, and the directory gives one
// replacement; otherwise nothing is written, the finding stays and the action is `review`.
// Directory facts (sample-allowlist/allowlist.json, the MA courts): Bristol County Superior Court
// lists (508) 491-3300, (508) 823-6588, (508) 996-2051; Brookline District Court (617) 232-4660;
// Chelsea District Court (617) 660-9200; Eastern Housing Court (617) 788-8485.
const SAMPLE = fileURLToPath(new URL('../../sample-allowlist/allowlist.json', import.meta.url));
let courts: AllowlistIndex;
beforeAll(async () => {
  courts = await loadAllowlistIndex(SAMPLE);
});

async function guard(text: string, index: AllowlistIndex = courts) {
  return guardAnswer(text, verifyAnswer(text, index), (again) => verifyAnswer(again, index));
}

describe('a fix the directory cannot prove is left for a person', () => {
  it('several numbers listed for the court: review, the suggestions are its numbers, nothing written', async () => {
    const text = 'Call the Bristol County Superior Court at (617) 232-4660.';
    const { report, repair } = await guard(text);
    expect(report.phones[0]!.status).toBe('misattributed');
    expect(report.phones[0]!.correction).toMatchObject({
      action: 'review',
      suggestions: ['+15084913300', '+15088236588', '+15089962051'],
    });
    expect(report.recommendation?.action).toBe('review');
    expect(repair?.text).toBe(text);
    expect(repair?.changes).toEqual([]);
    expect(repair?.unrepaired.map((left) => left.why.split(':')[0])).toEqual(['needs a person']);
  });

  it('two courts in reach of the number: review, not the nearer one guessed', async () => {
    const text =
      'The Brookline District Court and the Chelsea District Court are both nearby; the clerk answers at 617-788-8485.';
    const { report, repair } = await guard(text);
    expect(report.phones[0]!.status).toBe('misattributed');
    expect(report.phones[0]!.correction?.action).toBe('review');
    expect(report.recommendation?.action).toBe('review');
    expect(repair?.text).toBe(text);
  });

  it('each court named alone with its wrong number: both replaced, action repair', async () => {
    const { report, repair } = await guard(
      'Brookline District Court: 617-788-8485. Chelsea District Court: 617-232-4660.',
    );
    expect(report.recommendation?.action).toBe('repair');
    expect(repair?.text).toBe(
      'Brookline District Court: 617-232-4660. Chelsea District Court: 617-660-9200.',
    );
  });

  it('a proven fix beside one for review: the proven one is made, the action is review', async () => {
    const { report, repair } = await guard(
      'Brookline District Court: 617-788-8485.\n\nCall the Bristol County Superior Court at (617) 660-9200.',
    );
    expect(report.recommendation?.action).toBe('review');
    expect(repair?.text).toBe(
      'Brookline District Court: 617-232-4660.\n\nCall the Bristol County Superior Court at (617) 660-9200.',
    );
  });
});

describe('a weak name (a role, ordinary words, a shared alias) never charges a number nor drives a fix', () => {
  // Real names of Florida state attorneys' offices; one regional office listed with the role as
  // its alias, as a 211 export may.
  const ELEVENTH = 'State Attorney - 11th Judicial Circuit';
  const SIXTEENTH = 'State Attorney - 16th Judicial Circuit';
  const index = makeIndex({
    org_names: [ELEVENTH, SIXTEENTH],
    org_phones: { [ELEVENTH]: ['305-547-0100'], [SIXTEENTH]: ['305-292-3400'] },
    org_aliases: { [SIXTEENTH]: ["State Attorney's Office"] },
  });

  it('inside a longer name it names nothing: the right number is not charged to the other office', async () => {
    const text = "Call the Miami-Dade State Attorney's Office at (305) 547-0100.";
    const { report, repair } = await guard(text, index);
    expect(report.organizations).toEqual([]);
    expect(report.phones.map((phone) => phone.status)).toEqual(['known']);
    expect(report.recommendation?.action).toBe('pass');
    expect(repair).toBeUndefined();
  });

  it('alone it may verify its number, but never charges another', async () => {
    const right = await guard("Call the State Attorney's Office at (305) 292-3400.", index);
    expect(right.report.phones.map((phone) => phone.status)).toEqual(['verified']);
    const other = await guard("Call the State Attorney's Office at (305) 547-0100.", index);
    expect(other.report.phones.map((phone) => phone.status)).toEqual(['known']);
    expect(other.report.recommendation?.action).toBe('pass');
  });
});

describe('a link is replaced only by the one page the directory proves', () => {
  const ORG = 'Community Legal Aid';
  const index = makeIndex({
    org_names: [ORG],
    urls: ['https://communitylegalaid.org/housing', 'https://communitylegalaid.org/family'],
    org_urls: {
      [ORG]: ['https://communitylegalaid.org/housing', 'https://communitylegalaid.org/family'],
    },
  });

  it('an invented link of an organization with two pages: review with both pages, nothing written', async () => {
    const text = 'Community Legal Aid has a guide at https://localhost/guide.';
    const { report, repair } = await guard(text, index);
    expect(report.links[0]!.bucket).toBe('invented');
    expect(report.links[0]!.correction).toMatchObject({
      action: 'review',
      suggestions: [
        'https://communitylegalaid.org/housing',
        'https://communitylegalaid.org/family',
      ],
    });
    expect(report.recommendation?.action).toBe('review');
    expect(repair?.text).toBe(text);
  });
});

describe('a lookalike of a listed domain is repaired, not punished', () => {
  // Item 6: a `.com` copy of a listed legal-aid `.org` and a one-hyphen copy. Offline they stay
  // `unverified` with `lookalike_of` (0.5 each, as before); the action is repair and --fix puts
  // the directory's page for that domain in place (not the lookalike's path).
  const ORG = 'Legal Services of Greater Miami';
  const index = makeIndex({
    org_names: [ORG],
    urls: ['https://www.legalservicesmiami.org/'],
    org_urls: { [ORG]: ['https://www.legalservicesmiami.org/'] },
  });

  it('both copies keep their bucket and score; the repair writes the listed page word for word', async () => {
    const text =
      'Apply online at https://legalservicesmiami.com/apply-now or read https://legal-servicesmiami.org/eviction.';
    const { report, repair } = await guard(text, index);
    expect(report.links.map((link) => [link.bucket, link.score, link.lookalikeOf])).toEqual([
      ['unverified', 0.5, 'legalservicesmiami.org'],
      ['unverified', 0.5, 'legalservicesmiami.org'],
    ]);
    expect(report.score).toBe(0.5);
    expect(report.recommendation?.action).toBe('repair');
    expect(repair?.text).toBe(
      'Apply online at https://www.legalservicesmiami.org/ or read https://www.legalservicesmiami.org/.',
    );
    expect(repair?.report.links.map((link) => link.bucket)).toEqual(['directory']);
  });
});
