import { describe, expect, it } from 'vitest';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { readAnswer } from '../../src/chunks/claims.js';
import { markerContext } from '../../src/chunks/markers.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { prepareAnswer } from '../../src/text/prepared.js';

// A claim's words and figures are its prose's: the sentence with markers, code and links
// blanked, where a blanked character cuts a word.
const CHUNKS = parseChunks(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']);
const CONTEXT = markerContext(CHUNKS);

describe("a claim's words are its prose's", () => {
  it.each([
    ['code inside a word', 'The foo`x`bar rule has 14 days [1].', ['foo', 'bar']],
    ['a marker inside a word', 'Ten[1]ants have 14 days to answer.', ['ten', 'ants']],
    ['a marker before a possessive', "The court[2]'s clerk has 3 forms.", ['court', 's']],
    ['a link without a scheme', 'Read mass.gov/courts/2019-rules, then act [1].', ['then', 'act']],
    ['a link with its scheme', 'See https://a.example/x/2019 for 3 forms [1].', ['see', 'for']],
    ['apostrophes and an ampersand', "Tenants' rights & the court's 2 forms [3].", ['tenants']],
    ['CJK, a character a word', '法院在2020年成立[1]。', ['法', '院', '在']],
    ['a full-width marker', '租金上涨了５％［１］。', ['租', '金']],
  ])('%s', (_name, text, some) => {
    const reading = readAnswer(text, CONTEXT, 5);
    expect(reading.claims.length).toBeGreaterThan(0);
    const words = reading.claims.flatMap((claim) => reading.words.get(claim)!);
    expect(words).toEqual(expect.arrayContaining(some));
  });

  it('checks a prepared answer as it checks its text; one not in NFC is prepared again', () => {
    const chunks = parseChunks(['Tenants have fourteen days to answer a notice to quit.']);
    const text = 'Tenants have 14 days to answer a notice to quit [1]. The café closes at 5 [1].';
    const plain = checkChunkCitations(text, chunks);
    expect(checkChunkCitations(prepareAnswer(text), chunks)).toEqual(plain);
    const decomposed = text.normalize('NFD');
    expect(decomposed).not.toBe(text);
    const fromPrepared = checkChunkCitations(prepareAnswer(decomposed), chunks);
    expect(fromPrepared).toEqual(checkChunkCitations(decomposed, chunks));
    expect(fromPrepared.claims.map((verdict) => verdict.classification)).toEqual(
      plain.claims.map((verdict) => verdict.classification),
    );
    expect(fromPrepared.claims[1]!.claim.text).toBe('The café closes at 5 [1].'.normalize('NFD'));
  });
});
