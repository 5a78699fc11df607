import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkChunkCitations } from '../../src/chunks/check.js';
import { readAnswer } from '../../src/chunks/claims.js';
import { extractFacts } from '../../src/chunks/facts/index.js';
import { markerContext } from '../../src/chunks/markers.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { chunkWords } from '../../src/chunks/unicode.js';
import { prepareAnswer } from '../../src/text/prepared.js';

// A claim's words come from the prepared answer's tokens, read by offset, instead of tokenizing
// the claim's prose again. They must be exactly the words tokenizing the prose gave: the prose is
// the sentence with markers, code and links blanked, and a blanked character cuts a word.
const CHUNKS = parseChunks(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']);
const CONTEXT = markerContext(CHUNKS);

function wordsBothWays(text: string): Array<{ read: readonly string[]; tokenized: string[] }> {
  const reading = readAnswer(text, CONTEXT, 5);
  return reading.claims.map((claim) => ({
    read: reading.words.get(claim)!,
    tokenized: chunkWords(claim.prose).map((token) => token.norm),
  }));
}

/** A claim's figures as read from the answer's figure tokens, and from its own prose. */
function factsBothWays(text: string): Array<{ read: string[][]; own: string[][] }> {
  return readAnswer(text, CONTEXT, 5).claims.map((claim) => ({
    read: claim.facts.map((fact) => fact.keys),
    own: extractFacts(claim.prose, 'claim').map((fact) => fact.keys),
  }));
}

const fixture = (path: string): string[] =>
  readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');

describe('a claim reads its words from the prepared answer', () => {
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
    const claims = wordsBothWays(text);
    expect(claims.length).toBeGreaterThan(0);
    for (const { read, tokenized } of claims) expect(read).toEqual(tokenized);
    expect(claims.flatMap((claim) => claim.read)).toEqual(expect.arrayContaining(some));
  });

  it('gives the words tokenizing the prose gave, on real answers', () => {
    const answers = [
      ...fixture('citecheck/dev.slice.jsonl').map((line) => JSON.parse(line).answer as string),
      ...fixture('hagrid/attributionbench-hagrid.jsonl').map(
        (line) => JSON.parse(line).claim as string,
      ),
      ...fixture('expertqa/domain_test.slice.jsonl').flatMap((line) =>
        Object.values(JSON.parse(line).answers as Record<string, { answer_string: string }>).map(
          (answer) => answer.answer_string,
        ),
      ),
    ];
    let claims = 0;
    let facts = 0;
    for (const answer of answers) {
      for (const { read, tokenized } of wordsBothWays(answer)) {
        expect(read).toEqual(tokenized);
        claims += 1;
      }
      // The figures too: read once over the answer, each claim the ones of its sentence.
      for (const { read, own } of factsBothWays(answer)) {
        expect(read).toEqual(own);
        facts += read.length;
      }
    }
    expect(claims).toBeGreaterThan(500);
    expect(facts).toBeGreaterThan(500);
  });

  it('shares the prepared tokens themselves, not copies', () => {
    const prepared = prepareAnswer('Tenants have fourteen days to answer a notice [1].');
    const reading = readAnswer(prepared, CONTEXT, 5);
    expect(reading.claims).toHaveLength(1);
    expect(reading.words.get(reading.claims[0]!)).toEqual([
      'tenants',
      'have',
      'fourteen',
      'days',
      'to',
      'answer',
      'a',
      'notice',
    ]);
    // The words are the prepared answer's: changing a token's folded form there shows in them.
    const first: { norm: string } = prepared.tokens[0]!;
    first.norm = 'renters';
    const again = readAnswer(prepared, CONTEXT, 5);
    expect(again.words.get(again.claims[0]!)![0]).toBe('renters');
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
