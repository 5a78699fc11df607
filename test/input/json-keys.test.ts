import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowlistFile, generateOrgs } from '../../bench/lib/generate.js';
import { countKeysByQuotes, countParsedKeys, countWrittenKeys } from '../../src/input/json-keys.js';
import { parseJsonText } from '../../src/input/json.js';
import { fixtureCases, generatedCases, referenceDuplicate } from './json-walk-cases.js';

// The two counts stand in for the walk that names a repeated key: they must agree exactly when
// the independent reader finds no key written twice, on every fixture and generated document.
describe('key counts: written = parsed exactly when no key repeats', () => {
  const cases = [...fixtureCases(), ...generatedCases(600)];

  it('agrees with the independent reader on every document', () => {
    const differ = cases
      .filter(({ text }) => {
        const json = text.replace(/^\uFEFF/, '');
        const same = countWrittenKeys(json) === countParsedKeys(JSON.parse(json));
        return same !== (referenceDuplicate(text) === null);
      })
      .map(({ name }) => name);
    expect(cases.filter(({ text }) => referenceDuplicate(text) !== null).length).toBeGreaterThan(
      150,
    );
    expect(differ).toEqual([]);
  });

  it.each([
    { text: '{"a": 1, "a": 2}', written: 2, parsed: 1 },
    { text: '{"a\\"": ":", "b" : {"c":"\\\\"}}', written: 3, parsed: 3 },
    { text: '[{"a": [{"b": 1}]}, "x:", {"a": 2}]', written: 3, parsed: 3 },
    { text: '{"__proto__": 1, "__proto__": 2}', written: 2, parsed: 1 },
    { text: '"a"', written: 0, parsed: 0 },
  ])('$text', ({ text, written, parsed }) => {
    expect(countWrittenKeys(text)).toBe(written);
    expect(countParsedKeys(JSON.parse(text))).toBe(parsed);
  });

  it('nesting deeper than the call stack is counted, not a stack overflow', () => {
    const text = `${'{"a":['.repeat(20_000)}1${']}'.repeat(20_000)}`;
    expect(countWrittenKeys(text)).toBe(20_000);
    expect(countParsedKeys(JSON.parse(text))).toBe(20_000);
  });

  it('an enumerable key on Object.prototype sends the check to the walk, which still names the key', () => {
    const proto = Object.prototype as Record<string, unknown>;
    Object.defineProperty(proto, 'injected', {
      value: 1,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    try {
      expect(countParsedKeys({ a: 1 })).toBe(-1);
      expect(() => parseJsonText('{"b": 1, "b": 2}', 'x.json')).toThrow(/\$\.b: appears twice/);
      expect(parseJsonText('{"b": 1}', 'x.json')).toEqual({ b: 1 });
    } finally {
      delete proto.injected;
    }
  });
});

// `countWrittenKeys` jumps from colon to colon and reads the text from the start only when a
// quote before a colon could open a string; the quote-to-quote scan it replaced reads every
// string in order. The two must count the same keys on every document.
describe('the colon scan counts what the quote-to-quote scan counts', () => {
  const same = (text: string): boolean => countWrittenKeys(text) === countKeysByQuotes(text);

  it('on every fixture, generated document and a generated directory', () => {
    const cases = [...fixtureCases(), ...generatedCases(600), ...generatedCases(600, 99)];
    const texts = cases.map(({ text }) => text.replace(/^\uFEFF/, ''));
    const directory = allowlistFile(generateOrgs(2_000));
    texts.push(JSON.stringify(directory), JSON.stringify(directory, null, 2));
    expect(texts.filter((text) => !same(text)).slice(0, 3)).toEqual([]);
  });

  it('on random documents with keys and strings of quotes, backslashes, colons and unicode', () => {
    // Keys that end in a letter, an escape or a symbol take the colon path; those ending in
    // `{ [ , :` or strings starting with a colon send it to the full scan: both are drawn.
    const text = fc
      .array(
        fc.constantFrom(
          'a',
          'Z',
          ':',
          '"',
          '\\',
          '/',
          '{',
          '[',
          ',',
          ' ',
          'é',
          '😀',
          '\u2028',
          'https://x',
        ),
        {
          maxLength: 6,
        },
      )
      .map((parts) => parts.join(''));
    const blank = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');
    // JSON text built directly, so a key may repeat and blanks stand anywhere JSON allows them.
    const value = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text.map((item) => JSON.stringify(item)),
        fc.integer().map(String),
        fc.constantFrom('true', 'null', '-0.5e3'),
        fc
          .array(fc.tuple(blank, tie('value')), { maxLength: 4 })
          .map((items) => `[${items.map(([space, item]) => space + item).join(',')}]`),
        fc
          .array(fc.tuple(text, blank, blank, tie('value')), { maxLength: 4 })
          .map(
            (pairs) =>
              `{${pairs.map(([key, a, b, item]) => `${a}${JSON.stringify(key)}${b}:${a}${item}`).join(',')}}`,
          ),
      ),
    })).value;
    fc.assert(
      fc.property(value, blank, (json, space) => {
        JSON.parse(json);
        expect(countWrittenKeys(space + json)).toBe(countKeysByQuotes(space + json));
      }),
      { numRuns: 3_000 },
    );
  });

  it.each([
    '{"a": ":", "b:": "c"}',
    '{"x,": {"y": ":z"}}',
    '{"a\\\\": 1, "b\\"c": [":", "\\":"]}',
    '{"": {"": ""}}',
    '[":a", {"k" :\n 1}]',
    '{"a{" : 1, "b[": 2}',
    '{"😀": {"é\\u0301": "https://x.org/a:b"}}',
  ])('%s', (json) => {
    JSON.parse(json);
    expect(countWrittenKeys(json)).toBe(countKeysByQuotes(json));
  });
});
