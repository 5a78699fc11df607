import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import {
  jsonErrorOffset,
  lineAndColumn,
  parseJsonLines,
  parseJsonText,
} from '../../src/input/json.js';

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

  it.each([
    // Issue 28: a number was read at most 400 characters at a time, so the error was placed inside it.
    ['trailing comma after a 500-digit number', `[${'1'.repeat(500)},]`, 502],
    ['a letter after a 10,000-digit number', `[${'9'.repeat(10_000)}x]`, 10_001],
    ['a long fraction then a missing comma', `{"a": 0.${'5'.repeat(1_000)} "b": 1}`, 1_009],
    ['a long number is valid on its own', `[-${'1'.repeat(5_000)}e${'2'.repeat(450)}]`, null],
  ])('%s', (_name, text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('does not overflow on deep nesting', () => {
    expect(jsonErrorOffset('['.repeat(100_000) + ']'.repeat(99_999))).toBe(199_999);
  });

  it('gives 1-based line and column', () => {
    expect(lineAndColumn('{\n  "a": 1,\n}', 12)).toBe('line 3, column 1');
  });
});

describe('parseJsonText and parseJsonLines: one message style for JSON input', () => {
  it('a JSON file: where, what (line and column), what to do', () => {
    expect(() =>
      parseJsonText('{\n  "a": 1,\n}', 'f.json', { hint: 'remove the trailing comma' }),
    ).toThrow(/^f\.json: is not valid JSON at line 3, column 1 \(.*\); remove the trailing comma$/);
  });

  it('a JSON Lines file: file:line and the column on that line, with its own code', () => {
    const lines = parseJsonLines('\uFEFF{"a":1}\r\n\n[1,]\n', 'a.jsonl', {
      code: 'INVALID_RESULTS',
      hint: 'one object a line',
    });
    expect(lines.next().value).toEqual({ value: { a: 1 }, line: 1, where: 'a.jsonl:1' });
    let error: unknown;
    try {
      lines.next();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe('INVALID_RESULTS');
    expect((error as InputError).message).toMatch(
      /^a\.jsonl:3: is not valid JSON at column 4 \(.*\); one object a line$/,
    );
  });

  it('reads lazily: a caller checking each value stops at the first bad line', () => {
    const seen: number[] = [];
    expect(() => {
      for (const { line, value } of parseJsonLines('1\n"two"\nnot json', 'n.jsonl')) {
        seen.push(line);
        if (typeof value === 'string') throw new Error(`line ${line} is a string`);
      }
    }).toThrow('line 2 is a string');
    expect(seen).toEqual([1, 2]);
  });
});
