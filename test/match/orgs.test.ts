import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { buildOrgMatcher, findOrganizations } from '../../src/match/orgs.js';
import { makeIndex } from '../helpers/allowlist.js';

const index = makeIndex({
  org_names: [
    'Greater Boston Legal Services',
    'Legal Aid Society of Boston',
    'Legal Aid',
    'LAF',
    'Boston Legal',
    'Land Court',
    "People's Law School",
    'Bench & Bar Clinic',
    'Café Justice Center',
    'Community Legal Aid',
    'Mass',
  ],
  org_aliases: {
    'Greater Boston Legal Services': ['GBLS', 'Greater Boston Legal'],
    'Massachusetts Law Reform Institute': ['MLRI'],
  },
});

/** [text as written, organization it resolves to] for each name found, left to right. */
function orgsIn(text: string): Array<[string, string]> {
  return findOrganizations(text, index.orgMatcher, extractLinks(text)).map((org) => [
    org.raw,
    org.normalized,
  ]);
}

const GBLS = 'Greater Boston Legal Services';

describe('findOrganizations: whole words, any case', () => {
  it.each<[string, string, Array<[string, string]>]>([
    ['as listed', 'Contact Greater Boston Legal Services today.', [[GBLS, GBLS]]],
    [
      'lower case',
      'contact greater boston legal services today',
      [['greater boston legal services', GBLS]],
    ],
    ['upper case', 'GREATER BOSTON LEGAL SERVICES', [['GREATER BOSTON LEGAL SERVICES', GBLS]]],
    [
      'across a line break',
      'Greater Boston\nLegal Services helps',
      [['Greater Boston\nLegal Services', GBLS]],
    ],
    [
      'across extra spaces',
      'Greater  Boston   Legal Services',
      [['Greater  Boston   Legal Services', GBLS]],
    ],
    ['across a hyphen', 'Greater Boston Legal-Services', [['Greater Boston Legal-Services', GBLS]]],
    ['followed by a period', 'Ask Greater Boston Legal Services.', [[GBLS, GBLS]]],
    ['in bold', 'Ask **Greater Boston Legal Services**.', [[GBLS, GBLS]]],
    ['in parentheses', '(Greater Boston Legal Services)', [[GBLS, GBLS]]],
    ['accents folded', 'Cafe Justice Center', [['Cafe Justice Center', 'Café Justice Center']]],
    ['apostrophe dropped', 'Peoples Law School', [['Peoples Law School', "People's Law School"]]],
    ['curly apostrophe', 'People’s Law School', [['People’s Law School', "People's Law School"]]],
    ['"and" for "&"', 'Bench and Bar Clinic', [['Bench and Bar Clinic', 'Bench & Bar Clinic']]],
    ['"&" as listed', 'Bench & Bar Clinic', [['Bench & Bar Clinic', 'Bench & Bar Clinic']]],
  ])('%s', (_name, text, expected) => {
    expect(orgsIn(text)).toEqual(expected);
  });

  it.each([
    // Names made only of common English words count only with their capitals.
    ['a name of common words in lower case', 'cafe justice center'],
    ['another in lower case', 'bench & bar clinic'],
    ['inside a longer word', 'Paralegal Aide'],
    ['with a suffix glued on', 'Legal Aidman'],
    ['across a sentence end', 'Greater Boston. Legal Services'],
    ['across brackets', 'Greater Boston (Legal) Services'],
    ['a prefix of a name only', 'Greater Boston'],
  ])('not %s', (_name, text) => {
    expect(orgsIn(text)).toEqual([]);
  });

  it('does not join a name across a blank line', () => {
    // Only the alias "Greater Boston Legal" before the break is a name; the full name is not.
    expect(orgsIn('Greater Boston Legal\n\nServices')).toEqual([['Greater Boston Legal', GBLS]]);
    expect(orgsIn('Greater\n\nBoston Legal Services')).toEqual([['Boston Legal', 'Boston Legal']]);
  });
});

describe('findOrganizations: longest match wins', () => {
  it('a longer name suppresses the shorter names inside it', () => {
    expect(orgsIn('Legal Aid Society of Boston can help.')).toEqual([
      ['Legal Aid Society of Boston', 'Legal Aid Society of Boston'],
    ]);
  });

  it('the longer name wins in lower case too (and the case-sensitive short one is not matched)', () => {
    expect(orgsIn('legal aid society of boston')).toEqual([
      ['legal aid society of boston', 'Legal Aid Society of Boston'],
    ]);
  });

  it('a name overlapping a longer one is suppressed: "Greater Boston Legal Services" hides "Boston Legal"', () => {
    expect(orgsIn('Greater Boston Legal Services')).toEqual([[GBLS, GBLS]]);
  });

  it('an alias shorter than the full name does not split it: the full name wins', () => {
    const found = findOrganizations(GBLS, index.orgMatcher);
    expect(found).toHaveLength(1);
    expect(found[0]?.matched).toBe(GBLS);
  });

  it('shorter names are still found where they stand alone', () => {
    expect(orgsIn('Boston Legal and Legal Aid both help.')).toEqual([
      ['Boston Legal', 'Boston Legal'],
      ['Legal Aid', 'Legal Aid'],
    ]);
  });

  it('of overlapping names of one length, the earlier wins', () => {
    const matcher = buildOrgMatcher([
      { organization: 'A B', name: 'Alpha Beta' },
      { organization: 'B C', name: 'Beta Gamma' },
    ]);
    expect(findOrganizations('Alpha Beta Gamma', matcher).map((org) => org.normalized)).toEqual([
      'A B',
    ]);
  });
});

describe('findOrganizations: ordinary-word names and short acronyms are case-sensitive', () => {
  it.each<[string, string, Array<[string, string]>]>([
    ['"Legal Aid" as written', 'Legal Aid helps tenants.', [['Legal Aid', 'Legal Aid']]],
    ['"legal aid" in a sentence', 'You can get legal aid here.', []],
    ['"Legal aid"', 'Legal aid is free.', []],
    ['"LEGAL AID"', 'LEGAL AID', []],
    ['"Legal Aid" across a line break', 'Legal\nAid helps', [['Legal\nAid', 'Legal Aid']]],
    ['"LAF" as written', 'Call LAF now.', [['LAF', 'LAF']]],
    ['"laf"', 'what a laf', []],
    ['"Laf"', 'Laf', []],
    ['"Land Court" as written', 'File at the Land Court.', [['Land Court', 'Land Court']]],
    ['"land court"', 'a land court case', []],
    [
      '"Community Legal Aid"',
      'Community Legal Aid helps',
      [['Community Legal Aid', 'Community Legal Aid']],
    ],
    ['"community legal aid"', 'community legal aid helps', []],
    ['"Mass" as written', 'Mass. residents', [['Mass', 'Mass']]],
    ['"mass"', 'a mass of papers', []],
  ])('%s', (_name, text, expected) => {
    expect(orgsIn(text)).toEqual(expected);
  });
});

describe('findOrganizations: aliases', () => {
  it.each<[string, string, Array<[string, string]>]>([
    ['an acronym alias resolves to its organization', 'Call GBLS.', [['GBLS', GBLS]]],
    [
      'a longer alias resolves to its organization',
      'greater boston legal can help',
      [['greater boston legal', GBLS]],
    ],
    [
      'an alias of an organization listed only through aliases',
      'MLRI and GBLS',
      [
        ['MLRI', 'Massachusetts Law Reform Institute'],
        ['GBLS', GBLS],
      ],
    ],
    ['an acronym alias is case-sensitive', 'gbls', []],
  ])('%s', (_name, text, expected) => {
    expect(orgsIn(text)).toEqual(expected);
  });

  it('records which listed name or alias matched', () => {
    expect(findOrganizations('Call GBLS.', index.orgMatcher)[0]?.matched).toBe('GBLS');
  });
});

describe('findOrganizations: names inside links are not names', () => {
  it.each([
    ['a path', 'See https://mass.gov/gbls/legal-aid-society-of-boston'],
    ['a host', 'Visit mass.gov for forms.'],
    ['a markdown target', '[forms](https://example.org/Legal-Aid)'],
  ])('%s', (_name, text) => {
    expect(orgsIn(text)).toEqual([]);
  });

  it('but the link text of a markdown link is prose', () => {
    expect(orgsIn('[Legal Aid Society of Boston](https://lasb.org)')).toEqual([
      ['Legal Aid Society of Boston', 'Legal Aid Society of Boston'],
    ]);
  });
});

describe('findOrganizations: spans', () => {
  it('text.slice(start, end) === raw, in text order', () => {
    const text =
      'First GBLS, then Legal Aid Society of Boston,\nthen Greater Boston\nLegal Services.';
    const found = findOrganizations(text, index.orgMatcher);
    expect(found.map((org) => org.raw)).toEqual([
      'GBLS',
      'Legal Aid Society of Boston',
      'Greater Boston\nLegal Services',
    ]);
    for (const org of found) expect(text.slice(org.start, org.end)).toBe(org.raw);
    for (let k = 1; k < found.length; k++)
      expect(found[k]!.start).toBeGreaterThanOrEqual(found[k - 1]!.end);
  });
});

describe('findOrganizations: cost does not grow with the directory', () => {
  it('100,000 names take about as long per answer as 100', () => {
    const names = (count: number): Array<{ organization: string; name: string }> =>
      Array.from({ length: count }, (_, k) => ({
        organization: `Org ${k}`,
        name: `Tenant Union Number ${k} of Springfield`,
      }));
    const answer =
      'Tenant Union Number 42 of Springfield and Greater Boston Legal Services can help. '.repeat(
        50,
      );
    const time = (matcher: ReturnType<typeof buildOrgMatcher>): number => {
      findOrganizations(answer, matcher);
      const started = performance.now();
      for (let k = 0; k < 20; k++) findOrganizations(answer, matcher);
      return performance.now() - started;
    };
    const small = buildOrgMatcher(names(100));
    const large = buildOrgMatcher(names(100_000));
    expect(
      findOrganizations(answer, large).filter((org) => org.normalized === 'Org 42'),
    ).toHaveLength(50);
    // A per-name regular expression would be ~1,000× slower; allow generous noise.
    expect(time(large)).toBeLessThan(time(small) * 10 + 50);
  });
});

describe('buildOrgMatcher: the organizations’ own names', () => {
  it('count as entries naming themselves, listed first, each pair once, by organization', () => {
    const entries = [
      { organization: 'Zeta Law', name: 'Legal Aid' },
      { organization: 'Alpha Law', name: 'legal aid' },
      { organization: 'Alpha Law', name: 'legal aid' },
    ];
    const own = ['Legal Aid', 'Legal-Aid Society'];
    const handed = buildOrgMatcher(entries, own);
    const whole = buildOrgMatcher([
      ...own.map((name) => ({ organization: name, name })),
      ...entries,
    ]);
    const view = (matcher: typeof whole) =>
      [...matcher.names].map(([key, list]) => [key, list.map((e) => [e.organization, e.name])]);
    expect(view(handed)).toEqual(view(whole));
    expect(view(handed)).toEqual([
      [
        'legal aid',
        [
          ['Alpha Law', 'legal aid'],
          ['Legal Aid', 'Legal Aid'],
          ['Zeta Law', 'Legal Aid'],
        ],
      ],
      ['legal aid society', [['Legal-Aid Society', 'Legal-Aid Society']]],
    ]);
    expect([...handed.firstToken]).toEqual([['legal', 3]]);
  });
});
