import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/chunks/facts/index.js';

describe('extractFacts (claim side): what counts as a stated fact', () => {
  it.each([
    { text: 'Tenants have 14 days.', facts: [['14 days', 'number 14 day']] },
    { text: 'Tenants have fourteen days.', facts: [['fourteen days', 'number 14 day']] },
    { text: 'a 14-day window', facts: [['14-day', 'number 14 day']] },
    { text: 'within 30 business days', facts: [['30 business days', 'number 30 day']] },
    { text: 'twenty-one days', facts: [['twenty-one days', 'number 21 day']] },
    { text: 'one hundred and five days', facts: [['one hundred and five days', 'number 105 day']] },
    { text: '12% of cases', facts: [['12%', 'percent 12']] },
    { text: 'twelve percent of cases', facts: [['twelve percent', 'percent 12']] },
    { text: '12 per cent of cases', facts: [['12 per cent', 'percent 12']] },
    { text: 'a fee of $1,200', facts: [['$1,200', 'money usd 1200']] },
    { text: 'a fee of 1200 dollars', facts: [['1200 dollars', 'money usd 1200']] },
    { text: 'a fee of €5 million', facts: [['€5 million', 'money eur 5000000']] },
    { text: 'a fee of $1.2m', facts: [['$1.2m', 'money usd 1200000']] },
    { text: 'USD 300', facts: [['USD 300', 'money usd 300']] },
    { text: 'two million dollars', facts: [['two million dollars', 'money usd 2000000']] },
    { text: 'on March 5, 2020', facts: [['March 5, 2020', 'date 2020-03-05']] },
    { text: 'on 5 March 2020', facts: [['5 March 2020', 'date 2020-03-05']] },
    { text: 'on the 5th of March', facts: [['5th of March', 'date --03-05']] },
    { text: 'on 2020-03-05', facts: [['2020-03-05', 'date 2020-03-05']] },
    { text: 'on 3/5/2020', facts: [['3/5/2020', 'date 2020-03-05']] },
    { text: 'in March 2020', facts: [['March 2020', 'date 2020-03']] },
    { text: 'in 2019', facts: [['2019', 'year 2019']] },
    { text: 'in the 1990s', facts: [['1990s', 'decade 1990s']] },
    { text: 'under § 1983', facts: [['§ 1983', 'section 1983']] },
    { text: 'under §§ 12-34', facts: [['§§ 12-34', 'section 12-34']] },
    { text: 'under Section 8(a)(2)', facts: [['Section 8(a)(2)', 'section 8(a)(2)']] },
    { text: 'under Sec. 5', facts: [['Sec. 5', 'section 5']] },
    { text: 'Article III courts', facts: [['Article III', 'article iii']] },
    { text: 'Rule 56 motions', facts: [['Rule 56', 'rule 56']] },
    { text: 'the 19th century', facts: [['19th century', 'number 19 century']] },
    { text: 'you may 5 times', facts: [['5 times', 'number 5 times']] },
    { text: '1.2 million people', facts: [['1.2 million', 'number 1200000']] },
    {
      text: '10-20 days',
      facts: [
        ['10', 'number 10 day'],
        ['20 days', 'number 20 day'],
      ],
    },
    {
      text: '6-7 million years',
      facts: [
        ['6', 'number 6000000 year'],
        ['7 million years', 'number 7000000 year'],
      ],
    },
    {
      text: '$1-2 million',
      facts: [
        ['$1', 'money usd 1000000'],
        ['2 million', 'money usd 2000000'],
      ],
    },
  ])('$text', ({ text, facts }) => {
    expect(extractFacts(text, 'claim').map((fact) => [fact.raw, fact.normalized])).toEqual(facts);
  });

  it.each([
    { name: 'identifiers glued to letters', text: 'COVID-19, GPT-4, H2O, doc-7, 4G and 3D' },
    { name: 'number words without a unit', text: 'one of the first two reasons' },
    {
      name: 'passage and step labels',
      text: 'Passage 3 says, as Step 2 and Passage ID 4 show, on page 12',
    },
    { name: 'list enumerators run into text', text: 'follow these steps: 1. Plan' },
    { name: 'notation', text: 'S^2 and x_1' },
    { name: 'digits in URLs', text: 'see https://example.org/2019/05/14 and www.x.org/12' },
    { name: 'a bracketed label that is not a citation', text: 'see [1](https://example.org)' },
    { name: 'a version number', text: 'version 1.2.3' },
    { name: 'a resolution', text: '8K textures' },
  ])('no fact: $name', ({ text }) => {
    expect(extractFacts(text, 'claim')).toEqual([]);
  });

  it('chunks are read generously: bare number words and ordinals count', () => {
    expect(
      extractFacts('the first of two options', 'chunk').map((fact) => fact.normalized),
    ).toEqual(['number 1', 'number 2']);
  });

  it('offsets are those of the text, shifted by the offset given', () => {
    const [fact] = extractFacts('Fee: $1,200.', 'claim', 100);
    expect(fact).toMatchObject({ raw: '$1,200', start: 105, end: 111 });
  });
});
