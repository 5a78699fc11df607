import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBlocks } from '../../src/chunks/blocks.js';
import { extractFacts, type FactSide } from '../../src/chunks/facts/index.js';
import { byMeaning, byValue, SMALL_NUMBERS } from '../../src/chunks/facts/number-words.js';
import { UNITS } from '../../src/chunks/facts/qualifier-words.js';
import { MASK, markLinks } from '../../src/chunks/mask.js';
import { type NumberStyle, styleFromLocale } from '../../src/chunks/number-style.js';

// The steps the fact readers were split into (each date form, what names rather than counts, what
// is glued after digits, a number spelt out word by word, the qualifier readers, the claim's keys
// against the chunk's), each through `extractFacts` so that a step is tested as the check uses it.
type Row = { text: string; side?: FactSide; style?: NumberStyle; facts: string[][] };
const facts = ({ text, side = 'claim', style = {} }: Row): string[][] =>
  extractFacts(text, side, 0, style).map((fact) => [fact.raw, fact.normalized]);

describe('date readers', () => {
  it.each<Row>([
    { text: 'in March, 2020', facts: [['2020', 'year 2020']] },
    { text: 'on 04.03.2024', facts: [['04.03.2024', 'date 2024-03-04']] },
    { text: 'on 3/5/20', facts: [['3/5/20', 'date 2020-03-05']] },
    { text: 'on 13/5/2020', facts: [['13/5/2020', 'date 2020-05-13']] },
    {
      text: 'on 3/5/2020',
      style: styleFromLocale('de-DE'),
      facts: [['3/5/2020', 'date 2020-05-03']],
    },
    { text: '2024年3月18日', facts: [['2024年3月18日', 'date 2024-03-18']] },
    { text: '3月18日', facts: [['3月18日', 'date --03-18']] },
    {
      text: 'on 2020-13-05',
      facts: [
        ['2020', 'year 2020'],
        ['13', 'number 13'],
        ['05', 'number 5'],
      ],
    },
  ])('$text', (row) => expect(facts(row)).toEqual(row.facts));

  it('keeps both readings of an ambiguous slashed date in the keys, and the CJK day without its year', () => {
    expect(extractFacts('on 3/5/20', 'claim')[0]!.keys).toEqual([
      'date|2020-03-05',
      'date|2020-05-03',
    ]);
    expect(extractFacts('2024年3月18日', 'claim')[0]!.keys).toEqual([
      'date|2024-03-18',
      'date|--03-18',
    ]);
  });
});

describe('numbers: what names rather than counts, what is glued after the digits, words', () => {
  it.each<Row>([
    { text: 'H2O and COVID-19 days', facts: [] },
    { text: 'Passage 3 days', facts: [] },
    { text: '12abc', facts: [] },
    { text: 'before 2020', facts: [] },
    { text: '17.13万人', facts: [['17.13万', 'number 171300']] },
    { text: '1.2bn', facts: [['1.2bn', 'number 1200000000']] },
    { text: 'a 14h shift', facts: [['14h', 'number 14 hour']] },
    { text: 'a 14 h shift', facts: [['14', 'number 14']] },
    { text: 'six and a half days', facts: [['six and a half days', 'number 6.5 day']] },
    { text: 'twenty five days', facts: [['twenty five days', 'number 25 day']] },
    { text: 'the fifth day', side: 'chunk', facts: [['fifth day', 'number 5 day']] },
    { text: 'the fifth day', facts: [] },
  ])('$text ($side)', (row) => expect(facts(row)).toEqual(row.facts));
});

describe('qualifier readers and keys', () => {
  it.each<Row>([
    { text: '12 percentage points', facts: [['12 percentage points', 'percent 12']] },
    { text: '15€', facts: [['15€', 'money eur 15']] },
    { text: '1.200 €', style: styleFromLocale('de-DE'), facts: [['1.200 €', 'money eur 1200']] },
  ])('$text', (row) => expect(facts(row)).toEqual(row.facts));

  it('a hedge loosens the precision a claim is looked up at; a chunk is indexed at every one', () => {
    expect(extractFacts('about 1,000 people', 'claim')[0]!.keys[0]).toBe('any|e3|1');
    expect(extractFacts('1,000 people', 'claim')[0]!.keys[0]).toBe('any|e0|1000');
    const chunk = extractFacts('1,000 people', 'chunk')[0]!.keys;
    expect(chunk).toContain('bare|e3|1');
    expect(chunk).toContain('any|e0|1000');
  });

  it('reads the figures of a real answer (ExpertQA, test/fixtures/expertqa/SOURCE.md)', () => {
    const record = JSON.parse(
      readFileSync(
        new URL('../fixtures/expertqa/domain_test.slice.jsonl', import.meta.url),
        'utf8',
      ).split('\n')[0]!,
    ) as { answers: Record<string, { answer_string: string }> };
    const answer = record.answers.rr_gs_gpt4!.answer_string;
    expect(facts({ text: answer, facts: [] }).map(([, normalized]) => normalized)).toEqual([
      'number 60',
      'number 100',
      'money gbp 10',
      'number 60',
      'number 60',
      'money gbp 10',
      'money gbp 600',
    ]);
  });
});

describe('blocks and links of an answer', () => {
  it('findBlocks: paragraphs, list items without their bullet, headings and table rows apart', () => {
    const text =
      '# Fees\nThe fee is $5.\nIt is due.\n\n- first item\n- 二、第二\n| a | b |\n1.咨询师';
    expect(findBlocks(text).map((span) => text.slice(span.start, span.end))).toEqual([
      'Fees',
      'The fee is $5.\nIt is due.',
      'first item',
      '二、第二',
      '| a | b |',
      '咨询师',
    ]);
  });

  it('markLinks: each form of a link masked whole, code left code', () => {
    const text = 'See mass.gov/courts/2019-rules, https://mass.gov/x and `www.mass.gov/y`.';
    const mask = new Uint8Array(text.length);
    mask.fill(MASK.code, text.indexOf('`'), text.length - 1);
    markLinks(text, mask);
    const masked = [...text].filter((_, index) => (mask[index]! & MASK.link) !== 0).join('');
    expect(masked).toBe('mass.gov/courts/2019-ruleshttps://mass.gov/x');
  });
});

describe('the word tables', () => {
  it('reads each word of an entry as its meaning, numbers as numbers', () => {
    expect([...byMeaning({ usd: 'dollar dollars usd', eur: 'euro' })]).toEqual([
      ['dollar', 'usd'],
      ['dollars', 'usd'],
      ['usd', 'usd'],
      ['euro', 'eur'],
    ]);
    expect(byValue({ 1e6: 'million mn' }).get('mn')).toBe(1_000_000);
    expect(UNITS.get('kilometres')).toBe('km');
    expect(SMALL_NUMBERS.get('nineteen')).toBe(19);
  });

  it('refuses a word given two meanings, which a Map of pairs kept silently', () => {
    expect(() => byMeaning({ usd: 'dollar', cad: 'dollar' })).toThrow(
      "word table: 'dollar' is given two meanings",
    );
  });
});
