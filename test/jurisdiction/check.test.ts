import { describe, expect, it } from 'vitest';
import { loadGovRegistry, parseGovRegistry } from '../../src/match/dotgov.js';
import { areasOfLink } from '../../src/jurisdiction/areas.js';
import { knowledgeFor, type JurisdictionOptions } from '../../src/jurisdiction/check.js';
import { loadAllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { makeIndex } from '../helpers/allowlist.js';
import { fixturePath } from '../helpers/check-cli.js';

// The registry and the legal-help table are the ones shipped in data/: real CISA rows and the
// generated table, so these cases are what a user gets.
const index = makeIndex({ domains: ['masslegalhelp.org'] });
const knowledge = knowledgeFor(index);
const against = (jurisdiction: string): JurisdictionOptions => ({ jurisdiction, knowledge });

function bucketOf(url: string, jurisdiction: string) {
  const report = verifyAnswer(`See ${url} for help.`, index, {
    jurisdiction: against(jurisdiction),
  });
  return report.links[0]!;
}

describe('the shipped .gov registry: whose domain is it', () => {
  it.each([
    // [host, type in the registry, area]
    ['www.txcourts.gov', 'State or territory, Austin TX', ['TX']],
    ['www.mass.gov', 'State or territory, Boston MA', ['MA']],
    ['www.nycourts.gov', 'State or territory, Troy NY', ['NY']],
    ['www.mncourts.gov', 'State or territory, St. Paul MN', ['MN']],
    ['www.nyc.gov', 'City, Brooklyn NY', ['NY']],
    ['www.worcesterma.gov', 'City, Worcester MA', ['MA']],
    ['www.traviscountytx.gov', 'County, Austin TX', ['TX']],
    ['www.cookcountyil.gov', 'County, Chicago IL', ['IL']],
    ['dc.gov', 'State or territory, Washington DC', ['DC']],
    ['www.hud.gov', 'Federal - Executive, registered in Washington DC', ['US']],
    ['www.usa.gov', 'Federal - Executive, Washington DC', ['US']],
    ['www.ssa.gov', 'Federal - Executive, registered in Baltimore MD', ['US']],
    ['www.uscourts.gov', 'Federal - Judicial, Washington DC', ['US']],
    ['www.mad.uscourts.gov', 'a subdomain of a Federal domain', ['US']],
    ['www.lsc.gov', 'Federal - Executive, Washington DC', ['US']],
  ])('%s (%s) serves %j', (host, _type, areas) => {
    expect(areasOfLink({ normalized: `https://${host}/`, host }, knowledge)).toMatchObject({
      areas,
      source: 'gov_registry',
    });
  });

  it('reads the state past a quoted comma in the name ("City of Cambridge, Ma")', () => {
    const host = 'www.cambridgema.gov';
    expect(areasOfLink({ normalized: `https://${host}/`, host }, knowledge)?.areas).toEqual(['MA']);
  });

  it.each([
    ['ahidta.gov', 'Interstate, Appalachia HIDTA, registered in KY'],
    ['absenteeshawneetribe-nsn.gov', 'Tribal, registered in OK'],
  ])('knows no area for %s (%s): it crosses state lines', (host) => {
    expect(loadGovRegistry().domains.has(host)).toBe(true);
    expect(areasOfLink({ normalized: `https://${host}/`, host }, knowledge)).toBeNull();
  });

  it('reads the area from CISA current-full.csv as downloaded, as from the compact file', () => {
    const csv = [
      'Domain name,Domain type,Organization name,Suborganization name,City,State',
      'txcourts.gov,State or territory,Texas Judicial Branch,,Austin,TX',
      'hud.gov,Federal - Executive,"Housing and Urban Development, Department of",,Washington,DC',
      'boston.gov,City - Election,City of Boston,,Boston,MA',
      'navajo-nsn.gov,Tribal,Navajo Nation,,Window Rock,AZ',
      'pany.gov,Interstate,"Port Authority of New York and New Jersey",,New York,NY',
    ].join('\n');
    const registry = parseGovRegistry(csv, '2026-01-01');
    expect(Object.fromEntries(registry.areas)).toEqual({
      'txcourts.gov': 'TX',
      'hud.gov': 'US',
      'boston.gov': 'MA',
    });
    expect(registry.domains.size).toBe(5);
  });
});

describe('wrong_jurisdiction links: proof only', () => {
  it('a state court of another state is wrong, with its state and the source', () => {
    const link = bucketOf('https://www.txcourts.gov/programs-services/self-help/', 'MA');
    expect(link.bucket).toBe('wrong_jurisdiction');
    expect(link.code).toBe('link.wrong-jurisdiction');
    expect(link.score).toBe(0);
    expect(link.served).toEqual({ areas: ['TX'], source: 'gov_registry', via: 'txcourts.gov' });
  });

  it.each([
    ['https://www.mass.gov/courts', 'MA'],
    ['https://www.hud.gov/topics/rental_assistance', 'MA'],
    ['https://www.uscourts.gov/', 'TX'],
    ['https://www.usa.gov/', 'PR'],
    ['https://www.lawhelp.org/', 'MA'],
    ['https://dc.gov/', 'DC'],
    ['https://www.example-legal-help.org/', 'MA'],
    ['https://www.ahidta.gov/', 'MA'],
    ['https://www.absenteeshawneetribe-nsn.gov/', 'MA'],
  ])('%s is never wrong for %s (own state, nationwide, or unknown)', (url, jurisdiction) => {
    expect(bucketOf(url, jurisdiction).bucket).not.toBe('wrong_jurisdiction');
  });

  it('a statewide portal of another state is wrong, from the shipped table', () => {
    const link = bucketOf('https://texaslawhelp.org/housing', 'MA');
    expect(link).toMatchObject({
      bucket: 'wrong_jurisdiction',
      code: 'link.wrong-jurisdiction',
      served: { areas: ['TX'], source: 'legal_help_table', via: 'texaslawhelp.org' },
    });
  });

  it('a directory link of another state is still wrong, and says it is listed', () => {
    const link = bucketOf('https://www.masslegalhelp.org/housing', 'NH');
    expect(link).toMatchObject({
      bucket: 'wrong_jurisdiction',
      code: 'link.wrong-jurisdiction',
      served: { areas: ['MA'] },
    });
  });

  it('an invented link stays invented: it says more', () => {
    expect(bucketOf('https://www.txcourtz.gov/', 'MA').bucket).toBe('invented');
  });

  it('fails the answer like an invented link, or only scores 0 when configured so', () => {
    const listed = makeIndex({ domains: ['masslegalhelp.org', 'nh.gov'] });
    const answer = 'See https://www.masslegalhelp.org/ and https://www.nh.gov/ .';
    // directory (1) + wrong_jurisdiction (0) → mean 0.5 > 0.4, but the wrong link fails it ...
    expect(verifyAnswer(answer, listed, { jurisdiction: against('NH') })).toMatchObject({
      pass: false,
      score: 0.5,
    });
    // ... unless `wrongJurisdiction: 'score'`: then it only scores 0.
    const scored = verifyAnswer(answer, listed, {
      jurisdiction: { ...against('NH'), wrongJurisdiction: 'score' },
    });
    expect(scored).toMatchObject({ pass: true, score: 0.5 });
    expect(scored.links.map((link) => link.bucket)).toEqual(['wrong_jurisdiction', 'directory']);
  });

  it('with no jurisdiction nothing is checked: no served areas, no jurisdiction on the report', () => {
    const report = verifyAnswer('See https://www.txcourts.gov/ .', index);
    expect(report.jurisdiction).toBeUndefined();
    expect(report.links[0]!.served).toBeUndefined();
    expect(report.links[0]!.bucket).toBe('unverified');
  });
});

const listed = await loadAllowlistIndex(fixturePath('verifier', 'allowlist.json'));

describe('answers in the layouts assistants write', () => {
  // Prose with a bare link, a markdown list with a labelled link, a table: each cites one
  // Massachusetts site, one of Texas and one federal.
  const layouts: Record<string, string> = {
    prose:
      'For a Boston eviction, read www.masslegalhelp.org/housing and the federal guide at https://www.hud.gov/topics/rental_assistance. The Texas courts (https://www.txcourts.gov/programs-services/self-help/) also explain the steps.',
    list: '- [Massachusetts Legal Help](https://www.masslegalhelp.org/housing)\n- [TexasLawHelp](https://texaslawhelp.org/housing)\n- HUD: https://www.hud.gov/',
    table:
      '| Resource | Link |\n| --- | --- |\n| MA court self-help | https://www.mass.gov/courts |\n| Texas courts | https://www.txcourts.gov/ |\n| USA.gov | https://www.usa.gov/ |',
  };
  const check = (answer: string, jurisdiction: string) =>
    verifyAnswer(answer, listed, {
      jurisdiction: { jurisdiction, knowledge: knowledgeFor(listed) },
    });
  const wrong = (answer: string, jurisdiction: string) =>
    check(answer, jurisdiction).links.filter((link) => link.bucket === 'wrong_jurisdiction');

  it.each(Object.entries(layouts))(
    '%s: the Texas site fails a MA answer, the MA site a TX one, the federal site neither',
    (_layout, answer) => {
      const ma = check(answer, 'MA');
      expect(ma).toMatchObject({ pass: false, jurisdiction: { code: 'MA' } });
      expect(wrong(answer, 'MA').map((link) => [link.code, link.served?.areas])).toEqual([
        ['link.wrong-jurisdiction', ['TX']],
      ]);
      const federal = ma.links.find((link) => /hud\.gov|usa\.gov/.test(link.finding.normalized));
      expect(federal?.bucket).not.toBe('wrong_jurisdiction');
      expect(federal?.served).toMatchObject({ areas: ['US'], source: 'gov_registry' });
      expect(wrong(answer, 'TX').map((link) => link.served?.areas)).toEqual([['MA']]);
      const none = verifyAnswer(answer, listed);
      expect(none.jurisdiction).toBeUndefined();
      expect(none.links.some((link) => link.served !== undefined)).toBe(false);
    },
  );
});
