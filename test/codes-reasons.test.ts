import { describe, expect, it } from 'vitest';
import { checkChunkCitations } from '../src/chunks/check.js';
import { parseChunks } from '../src/chunks/parse.js';
import { knowledgeFor } from '../src/jurisdiction/check.js';
import { loadLegalHelpTable } from '../src/jurisdiction/table.js';
import { extractLinks } from '../src/extract/links.js';
import { loadAllowlistIndex } from '../src/match/index.js';
import { classifyLink } from '../src/match/links.js';
import { loadGovRegistry } from '../src/match/dotgov.js';
import { verifyAnswer } from '../src/verify.js';
import { makeIndex } from './helpers/allowlist.js';

/**
 * The words beside the codes: the one place tests read reasons. Every other test asserts which
 * rule fired by its code (`src/codes.ts`), so rewording a reason fails here only. What is pinned
 * is what a person needs from a reason: the values it names (the directory domain, the host
 * hidden, the snapshot, the numbers the directory lists, the label the answer gave).
 */

const links = makeIndex({
  domains: ['mass.gov', 'lawhelp.org', 'nolo.com', 'mvlslaw.org'],
});
const registry = loadGovRegistry();

function reasonOf(text: string): string {
  const [link] = extractLinks(text);
  return classifyLink(link!, links, { govRegistry: registry }).reason;
}

describe('a link reason names what decided it', () => {
  it.each([
    ['https://mass.gov/x', 'on directory domain mass.gov'],
    ['https://courts.mass.gov/x', 'under directory domain mass.gov'],
    [
      'http://localhost:3000/x',
      'localhost is a reserved or private name (.localhost), not a public site',
    ],
    ['https://example.com/x', 'example.com is a placeholder address, not a real site'],
    [
      'https://legalaid.orgg/x',
      'legalaid.orgg has no valid public suffix (".orgg" is not a top-level domain)',
    ],
    [
      'https://mass.gov:x@evil.com/',
      'hides the real host evil.com behind "mass.gov@": the link does not go to mass.gov',
    ],
    ['https://nоlo.com/x', 'spells the directory domain nolo.com with look-alike letters'],
    [
      'https://mass.gov.help-center.com/x',
      'puts the directory domain mass.gov in front of another site, help-center.com',
    ],
    ['https://lawhlep.org', '1 edit away from the directory domain lawhelp.org'],
    [
      'https://lawhelp.net/x',
      'has the name of the directory domain lawhelp.org under another suffix (.net)',
    ],
  ])('%s: "%s"', (text, words) => {
    expect(reasonOf(text)).toContain(words);
  });

  it('a .gov host: whether the registry lists it, and the snapshot it was read from', () => {
    expect(reasonOf('https://www.irs.gov/forms')).toContain(
      `irs.gov is a registered .gov domain (CISA's .gov registry, snapshot ${registry.date})`,
    );
    expect(reasonOf('https://mass-courts.gov/x')).toBe(
      `mass-courts.gov is not a registered .gov domain (CISA's .gov registry, snapshot ${registry.date})`,
    );
  });

  it('another jurisdiction: the state served, the source and its snapshot, the state asked', () => {
    const index = makeIndex({ domains: ['masslegalhelp.org'] });
    const reason = (url: string, jurisdiction: string) =>
      verifyAnswer(`See ${url} for help.`, index, {
        jurisdiction: { jurisdiction, knowledge: knowledgeFor(index) },
      }).links[0]?.reason;
    expect(reason('https://www.txcourts.gov/self-help/', 'MA')).toBe(
      `txcourts.gov serves TX (the .gov registry, snapshot ${registry.date}), not MA`,
    );
    expect(reason('https://texaslawhelp.org/housing', 'MA')).toBe(
      `texaslawhelp.org serves TX (the legal-help table, snapshot ${loadLegalHelpTable().date}), not MA`,
    );
    expect(reason('https://www.masslegalhelp.org/housing', 'NH')).toMatch(
      /^listed in the directory, but masslegalhelp\.org serves MA/,
    );
  });

  it('link text over another site: both sites', () => {
    const [, target] = extractLinks('Apply at [mvlslaw.org](https://evil-site.com/x).');
    expect(classifyLink(target!, links).reason).toBe(
      'the link text shows mvlslaw.org but it goes to evil-site.com',
    );
  });
});

const sample = await loadAllowlistIndex(
  new URL('../sample-allowlist/allowlist.json', import.meta.url).pathname,
);

describe('a phone reason names the numbers and the label', () => {
  const phones = (text: string) => verifyAnswer(text, sample).phones;

  it('misattributed: the organization, its numbers, and whose the number is', () => {
    expect(phones('Call the Chelsea District Court at (617) 232-4660.')[0]?.reason).toBe(
      '(617) 232-4660 is given for Chelsea District Court, whose numbers are (617) 660-9200; it is the number of Brookline District Court',
    );
  });

  it('a fax line: the label, and the numbers the directory lists to call', () => {
    expect(phones('Clinton District Court: (978) 368-7811, fax (978) 368-7827.')[1]?.reason).toBe(
      '(978) 368-7827 is given as a fax line of Clinton District Court; the directory lists only the numbers to call it on: (978) 368-7811; it does not list this one',
    );
  });

  it('a label of its own, quoted', () => {
    expect(
      phones('Worcester District Court: (508) 831-2010. Legal aid: 1-855-252-5342.')[1]?.reason,
    ).toBe(
      '(855) 252-5342 comes after another number of Worcester District Court, under its own label "Legal aid"; nothing gives it to Worcester District Court in so many words; the directory does not list it',
    );
  });

  it("a number's owners, the organization named once with its offices counted", () => {
    const [, housing] = phones(
      'Worcester District Court: (508) 831-2010; Housing: (508) 831-2050.',
    );
    expect(housing?.reason).toMatch(
      /^\(508\) 831-2050 is written near Worcester District Court, but "Housing" points at the directory's owner of the number, Central Housing Court's 4 offices \(Dudley Session, .*\); nothing gives it to Worcester District Court in so many words$/,
    );
  });
});

describe("a claim's explanation names every problem and the values", () => {
  const claims = (answer: string, chunks: string[]) =>
    checkChunkCitations(answer, parseChunks(chunks)).claims;
  const chunks = [
    'Tenants have fourteen (14) days to respond to a notice to quit. About 12% of cases settle.',
  ];

  it('the worst problem classifies it, and the explanation names all of them', () => {
    const [claim] = claims(
      'About 40% of cases settle, says "the court always wins" [1, 8].',
      chunks,
    );
    expect(claim?.explanation).toMatch(
      /^Cites \[8\].*quotation “the court always wins” is not verbatim.*40% is in none of chunk 1$/,
    );
    expect(claim?.correction).toContain('the cited passage gives 12%, not 40%');
  });

  it('a figure cited to the wrong one of two markers, and a sentence cited by its paragraph', () => {
    const metals = ['The act passed in 1990.', 'Gold melts at 1064 °C.'];
    expect(
      claims('Gold melts at 1064 °C [1], tungsten at 3422 °C [2].', metals)[0]?.explanation,
    ).toContain('1064 is not in chunk 1, cited right after it, but is in chunk 2');
    expect(
      claims('The act passed in 1991. It was popular with voters [1].', metals)[0]?.explanation,
    ).toContain('(cited by the marker ending its paragraph)');
  });
});
