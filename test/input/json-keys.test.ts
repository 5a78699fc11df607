import { describe, expect, it } from 'vitest';
import { countParsedKeys, countWrittenKeys } from '../../src/input/json-keys.js';
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
