import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineAndColumn } from '../src/input.js';

describe('jsonErrorOffset', () => {
  it.each([
    ['valid object', '{"a": [1, 2.5e3, "x\\n", true, null, {}]}', null],
    ['valid with BOM', '\uFEFF{"a": 1}', null],
    ['trailing comma in an array', '[1, 2,]', 6],
    ['trailing comma in an object', '{"a": 1,}', 8],
    ['missing comma', '{"a": 1 "b": 2}', 8],
    ['single quotes', "{'a': 1}", 1],
    ['unterminated string (at the end of the text)', '{"a": "x', 8],
    ['bad escape (at the backslash)', '"\\q"', 1],
    ['garbage after the value', '{} x', 3],
    ['empty text', '', 0],
    ['unclosed array', '[1, 2', 5],
    ['leading zero', '[01]', 2],
  ])('%s', (_name, text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    if (offset === null) expect(() => JSON.parse(text.replace(/^\uFEFF/, ''))).not.toThrow();
    else expect(() => JSON.parse(text)).toThrow();
  });

  it('does not overflow on deep nesting', () => {
    expect(jsonErrorOffset('['.repeat(100_000) + ']'.repeat(99_999))).toBe(199_999);
  });

  it('gives 1-based line and column', () => {
    expect(lineAndColumn('{\n  "a": 1,\n}', 12)).toBe('line 3, column 1');
  });
});
