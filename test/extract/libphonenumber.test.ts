import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/extract/links.js';
import { extractPhones } from '../../src/extract/phones.js';

/**
 * The verifier's phone extraction scored on libphonenumber's own North American matcher cases
 * (test/fixtures/libphonenumber, source and licence beside it). A case expects numbers at exact
 * spans; a found number counts as a true positive only when its span and its number both agree,
 * so a span that differs from libphonenumber's costs one false positive and one false negative.
 */
interface Cases {
  numbersInContext: Array<{ number: string }>;
  possibleContexts: Array<[string, string]>;
  possibleContextsTouchingLetters: Array<[string, string]>;
  validContexts: Array<[string, string]>;
  found: Array<{ text: string; expected: string[]; test: string }>;
  notFound: Array<{ text: string; test: string }>;
  validOnlyJunk: string[];
}

const cases = JSON.parse(
  readFileSync(new URL('../fixtures/libphonenumber/matcher-cases.json', import.meta.url), 'utf8'),
) as Cases;

interface Expected {
  start: number;
  end: number;
  e164: string;
}
interface Case {
  text: string;
  expected: Expected[];
}

/** The number libphonenumber reads in `raw`: full-width forms folded, extension dropped. */
function e164Of(raw: string): string {
  const main = raw.normalize('NFKC').split(/\s*,?\s*(?:ext|x)/i)[0]!;
  const digits = main.replace(/\D/g, '');
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}

const LETTER = /\p{L}|\p{M}/u;

function allCases(): Case[] {
  const out: Case[] = [];
  for (const { number } of cases.numbersInContext) {
    const expected = (before: string): Expected[] => [
      { start: before.length, end: before.length + number.length, e164: e164Of(number) },
    ];
    for (const [before, after] of [...cases.possibleContexts, ...cases.validContexts])
      out.push({ text: before + number + after, expected: expected(before) });
    // libphonenumber (VALID) rejects a number touching a letter, unless the number starts with
    // punctuation (`(`, `+`) and the letter is before it.
    for (const [before, after] of cases.possibleContextsTouchingLetters) {
      const touchesBefore = LETTER.test(before.slice(-1)) && !/^[(+\uFF08\uFF0B]/.test(number);
      const touchesAfter = LETTER.test(after.slice(0, 1));
      out.push({
        text: before + number + after,
        expected: touchesBefore || touchesAfter ? [] : expected(before),
      });
    }
  }
  for (const { text, expected } of cases.found) {
    let from = 0;
    const spans: Expected[] = [];
    for (const raw of expected) {
      const start = text.indexOf(raw, from);
      spans.push({ start, end: start + raw.length, e164: e164Of(raw) });
      from = start + raw.length;
    }
    out.push({ text, expected: spans });
  }
  for (const { text } of cases.notFound) out.push({ text, expected: [] });
  return out;
}

function found(text: string): Expected[] {
  return extractPhones(text, extractLinks(text)).map((phone) => ({
    start: phone.start,
    end: phone.end,
    e164: phone.normalized,
  }));
}

function score(): { tp: number; fp: number; fn: number; f1: number; misses: string[] } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const { text, expected } of allCases()) {
    const got = found(text);
    const same = (a: Expected, b: Expected): boolean =>
      a.start === b.start && a.end === b.end && a.e164 === b.e164;
    const hits = got.filter((g) => expected.some((e) => same(e, g))).length;
    tp += hits;
    fp += got.length - hits;
    fn += expected.length - hits;
    if (hits !== got.length || hits !== expected.length)
      misses.push(
        `${JSON.stringify(text)}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(got)}`,
      );
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  return { tp, fp, fn, f1: (200 * precision * recall) / (precision + recall), misses };
}

describe("phone extraction on libphonenumber's North American matcher cases", () => {
  it('scores a number-level F1 of at least 97.7 (span and number both exact)', () => {
    const result = score();
    // The figure in the README and docs; printed so a change shows what it cost.
    console.log(
      `libphonenumber NA cases: tp ${result.tp}, fp ${result.fp}, fn ${result.fn}, F1 ${result.f1.toFixed(1)}`,
    );
    if (result.misses.length > 0) console.log(result.misses.join('\n'));
    expect(result.tp).toBeGreaterThan(250);
    expect(result.f1).toBeGreaterThanOrEqual(97.7);
  });

  it.each(cases.validOnlyJunk)('still rejects the "valid-only" junk string %j', (text) => {
    expect(found(text)).toEqual([]);
    expect(found(`Call ${text} today.`)).toEqual([]);
  });

  it('holds all 12 valid-only junk strings from the Java test', () => {
    expect(cases.validOnlyJunk).toHaveLength(12);
  });
});
