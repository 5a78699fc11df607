import { describe, expect, it } from 'vitest';
import { firstDuplicateKey } from '../../src/input/json.js';

describe('firstDuplicateKey', () => {
  it.each([
    { name: 'none', text: '{"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]}', found: null },
    { name: 'top level', text: '{"a": 1, "a": 2}', found: { path: ['a'], offset: 9 } },
    { name: 'nested in an array element', text: '{"x": [{"a": 1}, {"b": 1, "b": 2}]}', found: { path: ['x', 1, 'b'], offset: 26 } },
    { name: 'keys equal once unescaped', text: '{"\\u0041": 1, "A": 2}', found: { path: ['A'], offset: 14 } },
    { name: 'quotes and backslashes inside strings', text: '{"a\\"": "x\\\\", "a\\"": 1}', found: { path: ['a"'], offset: 15 } },
    { name: 'a string value equal to a key is not a key', text: '{"a": "b", "b": "a"}', found: null },
    { name: 'prototype names', text: '{"__proto__": [], "constructor": [], "__proto__": []}', found: { path: ['__proto__'], offset: 37 } },
  ])('$name', ({ text, found }) => {
    JSON.parse(text); // every case is valid JSON
    expect(firstDuplicateKey(text)).toEqual(found);
  });
});
