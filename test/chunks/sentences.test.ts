import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/chunks/claims.js';
import { markerContext } from '../../src/chunks/markers.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { segment } from '../../src/text/structure.js';

// The verifier (phone attribution, repair) and the chunk check read sentences with one splitter.
// Before it was shared, each had its own abbreviation list: `Ave.` ended a sentence for the chunk
// check only, `Ltd.` and `Jan.` for the verifier only.
const CONTEXT = markerContext(parseChunks(['one', 'two']));

/** The sentences the chunk check reads (every one carries a marker, so every one is a claim). */
function chunkSentences(text: string): string[] {
  return readAnswer(text, CONTEXT, 5).claims.map((claim) => claim.text);
}

/** The sentences the verifier reads, the same way shown (trimmed, markers kept). */
function verifierSentences(text: string): string[] {
  const { sentences } = segment(text);
  return sentences.map((span) => text.slice(span.start, span.end).trim());
}

describe('one sentence splitter for the verifier and the chunk check', () => {
  it.each([
    [
      'Ave. (only the verifier knew it)',
      'The court is on Grove Ave. Salem Station is near it [1]. Call it first [2].',
      ['The court is on Grove Ave. Salem Station is near it [1].', 'Call it first [2].'],
    ],
    [
      'St. before a capital',
      'The office is at 24 New Chardon St. Boston [1]. It opens at 8 [2].',
      ['The office is at 24 New Chardon St. Boston [1].', 'It opens at 8 [2].'],
    ],
    [
      'Ltd. (only the chunk check knew it)',
      'Write to Acme Ltd. Claims Office for a form [1]. It costs nothing [2].',
      ['Write to Acme Ltd. Claims Office for a form [1].', 'It costs nothing [2].'],
    ],
    [
      'Jan. (only the chunk check knew it)',
      'The rule changed on Jan. 5 this year [1]. Tenants were told [2].',
      ['The rule changed on Jan. 5 this year [1].', 'Tenants were told [2].'],
    ],
    [
      'Tel. (only the verifier knew it)',
      'Reach the clerk by Tel. Ask for the forms desk [1]. It opens at 8 [2].',
      ['Reach the clerk by Tel. Ask for the forms desk [1].', 'It opens at 8 [2].'],
    ],
    [
      'p.m. ends a sentence before a capital, not before a lower-case word',
      'Hours end at 5 p.m. on Fridays [1]. The desk closes at 4 p.m. Call ahead [2].',
      ['Hours end at 5 p.m. on Fridays [1].', 'The desk closes at 4 p.m.', 'Call ahead [2].'],
    ],
  ])('%s', (_name, text, expected) => {
    expect(verifierSentences(text)).toEqual(expected);
    // The chunk check keeps a marker-less sentence only when it states a fact; compare the ones
    // both read.
    const chunk = chunkSentences(text);
    expect(chunk).toEqual(expected.filter((sentence) => chunk.includes(sentence)));
    expect(chunk.length).toBeGreaterThanOrEqual(2);
  });
});
