import { describe, expect, it } from 'vitest';
import { firstDuplicateKey, mayRepeatKeys, offsetOfPath } from '../../src/input/json-walk.js';
import { lineAndColumn } from '../../src/input/json.js';
import {
  fixtureCases,
  generatedCases,
  probePaths,
  referenceDuplicate,
  referenceOffset,
} from './json-walk-cases.js';

describe('firstDuplicateKey', () => {
  it.each([
    { name: 'none', text: '{"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]}', found: null },
    { name: 'top level', text: '{"a": 1, "a": 2}', found: { path: ['a'], offset: 9 } },
    {
      name: 'nested in an array element',
      text: '{"x": [{"a": 1}, {"b": 1, "b": 2}]}',
      found: { path: ['x', 1, 'b'], offset: 26 },
    },
    {
      name: 'keys equal once unescaped',
      text: '{"\\u0041": 1, "A": 2}',
      found: { path: ['A'], offset: 14 },
    },
    {
      name: 'quotes and backslashes inside strings',
      text: '{"a\\"": "x\\\\", "a\\"": 1}',
      found: { path: ['a"'], offset: 15 },
    },
    {
      name: 'a string value equal to a key is not a key',
      text: '{"a": "b", "b": "a"}',
      found: null,
    },
    {
      name: 'prototype names',
      text: '{"__proto__": [], "constructor": [], "__proto__": []}',
      found: { path: ['__proto__'], offset: 37 },
    },
  ])('$name', ({ text, found }) => {
    JSON.parse(text); // every case is valid JSON
    expect(firstDuplicateKey(text)).toEqual(found);
  });
});

describe('offsetOfPath: where a value found wrong after parsing sits in the text', () => {
  const text = [
    '{',
    '  "urls": ["https://a.org", "https://b.org"],',
    '  "org_phones": {',
    '    "Legal Aid of X": ["617-555-0100", "555-12"],',
    '    "Quote \\"d\\"": []',
    '  },',
    '  "deep": [[1, {"k": [true, null, "v"]}]]',
    '}',
  ].join('\n');
  const at = (path: Array<string | number>): string | null => {
    const offset = offsetOfPath(text, path);
    return offset === null ? null : lineAndColumn(text, offset);
  };

  it.each<[Array<string | number>, string | null]>([
    [['urls', 1], 'line 2, column 29'],
    [['org_phones', 'Legal Aid of X', 1], 'line 4, column 40'],
    [['org_phones', 'Quote "d"'], 'line 5, column 20'],
    [['deep', 0, 1, 'k', 2], 'line 7, column 35'],
    // Not there: the nearest container on the path.
    [['org_phones', 'Legal Aid of X', 5], 'line 4, column 23'],
    [['org_phones', 'Nobody'], 'line 3, column 17'],
    // The top level, or a key missing from it: no line worth giving.
    [[], null],
    [['domains'], null],
  ])('%j → %s', (path, where) => {
    JSON.parse(text);
    expect(at(path)).toBe(where);
  });
});

// The walker (one pass, a stack) against a reader written the other way round (recursive, a tree
// with offsets): every fixture document and generated ones with keys repeated at random depths,
// escaped quotes and brackets in keys and strings, text outside ASCII and a byte-order mark.
describe('the walker against an independent reader, on fixtures and generated documents', () => {
  const cases = [...fixtureCases(), ...generatedCases(600)];

  it('covers what it claims: repeated keys at every depth, and both found and missing paths', () => {
    const depths = new Set(
      cases
        .map(({ text }) => referenceDuplicate(text)?.path.length)
        .filter((depth) => depth !== undefined),
    );
    expect([...depths].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(cases.some(({ text }) => text.startsWith('\uFEFF'))).toBe(true);
    expect(cases.length).toBeGreaterThan(1500);
  });

  it('firstDuplicateKey finds the first key written twice', () => {
    const differ = cases
      .filter(
        ({ text }) =>
          JSON.stringify(firstDuplicateKey(text)) !== JSON.stringify(referenceDuplicate(text)),
      )
      .map(({ name }) => name);
    expect(differ).toEqual([]);
  });

  it('mayRepeatKeys, from the parse, is false only where the reader finds no repeated key', () => {
    const told = cases.map(({ name, text }) => {
      const json = text.replace(/^\uFEFF/, '');
      return { name, may: mayRepeatKeys(json, JSON.parse(json)), does: referenceDuplicate(text) };
    });
    expect(told.filter((one) => !one.may && one.does !== null).map((one) => one.name)).toEqual([]);
    // It spares the walk for most documents without a repeat, not for every one.
    const clean = told.filter((one) => one.does === null);
    expect(clean.filter((one) => !one.may).length).toBeGreaterThan(clean.length / 2);
    // A string starting with a colon counts as a key: the walk then finds none.
    const may = (json: string): boolean => mayRepeatKeys(json, JSON.parse(json));
    expect(may('{"a":":b"}')).toBe(true);
    expect(may('{"a":"b\\":c","d\\\\":1}')).toBe(false);
    expect(may('{"a":1,"a":2}')).toBe(true);
    expect(may('{"d\\\\":1,"d\\\\":2}')).toBe(true);
  });

  it('offsetOfPath finds each value, or the container a missing step belongs to', () => {
    const differ: string[] = [];
    for (const { name, text } of cases) {
      for (const path of probePaths(text, 60)) {
        if (offsetOfPath(text, path) !== referenceOffset(text, path))
          differ.push(`${name} ${JSON.stringify(path)}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
