import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parseChunks } from '../../src/chunks/parse.js';

describe('parseChunks: accepted shapes', () => {
  it.each([
    {
      name: 'array of strings: chunk N is element N, 1-based',
      input: ['first passage', 'second passage'],
      expected: [
        { id: '1', key: '1', text: 'first passage' },
        { id: '2', key: '2', text: 'second passage' },
      ],
    },
    {
      name: 'array of {id, text} with non-numeric and numeric ids, optional keys ignored',
      input: [
        { id: 'doc-7', text: 'seven', url: 'https://example.org', score: 0.9 },
        { id: 3, text: 'three', title: 't', source: 's', metadata: { a: 1 } },
      ],
      expected: [
        { id: 'doc-7', key: 'doc-7', text: 'seven' },
        { id: '3', key: '3', text: 'three' },
      ],
    },
    {
      name: 'id keys fold case and leading zeros',
      input: [
        { id: 'DOC-7', text: 'x' },
        { id: '007', text: 'y' },
      ],
      expected: [
        { id: 'DOC-7', key: 'doc-7', text: 'x' },
        { id: '007', key: '7', text: 'y' },
      ],
    },
    {
      name: 'one string of [N] blocks, preamble ignored, text trimmed, multi-line kept',
      input: 'Context:\n[1] Tenants get 14 days.\nMore of passage one.\n[2] Fees are $1,200.',
      expected: [
        { id: '1', key: '1', text: 'Tenants get 14 days.\nMore of passage one.' },
        { id: '2', key: '2', text: 'Fees are $1,200.' },
      ],
    },
    {
      name: 'one string of "Passage N:" blocks',
      input: 'Passage 1: Tenants get 14 days.\nPassage 2: Fees are $1,200.',
      expected: [
        { id: '1', key: '1', text: 'Tenants get 14 days.' },
        { id: '2', key: '2', text: 'Fees are $1,200.' },
      ],
    },
    {
      name: 'one string of "Source doc-7 -" and "[doc-9]" blocks',
      input: 'Source doc-7 - seven\n[doc-9] nine',
      expected: [
        { id: 'doc-7', key: 'doc-7', text: 'seven' },
        { id: 'doc-9', key: 'doc-9', text: 'nine' },
      ],
    },
    {
      name: 'a string holding a JSON array (a promptfoo CSV variable)',
      input: '["first", "second"]',
      expected: [
        { id: '1', key: '1', text: 'first' },
        { id: '2', key: '2', text: 'second' },
      ],
    },
    { name: 'an empty array is zero chunks', input: [], expected: [] },
  ])('$name', ({ input, expected }) => {
    expect(parseChunks(input)).toEqual(expected);
  });

  it('a line inside a passage that merely mentions a source is not a header', () => {
    const chunks = parseChunks(
      '[1] Source: Wikipedia says tenants get 14 days.\nDocument 5 of the series was lost.',
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toContain('Document 5 of the series');
  });
});

describe('parseChunks: bad input is an InputError that says what, where and what to do', () => {
  it.each([
    {
      name: 'an object',
      input: { chunks: [] },
      message:
        'vars.context: vars.context: expected an array of strings, an array of {"id", "text"} objects, or one string of "[1] …" / "Passage 1: …" blocks; got an object',
    },
    {
      name: 'a number',
      input: 42,
      message:
        'vars.context: vars.context: expected an array of strings, an array of {"id", "text"} objects, or one string of "[1] …" / "Passage 1: …" blocks; got 42',
    },
    {
      name: 'a number inside the array',
      input: ['a', 7],
      message:
        'vars.context: vars.context[1]: expected a string or an {"id", "text"} object, got 7',
    },
    {
      name: 'strings and objects mixed',
      input: ['a', { id: 'x', text: 'b' }],
      message:
        'vars.context: vars.context[1]: is an object but vars.context[0] is a string; give every chunk as a string or every chunk as {"id", "text"}',
    },
    {
      name: 'objects then a string',
      input: [{ id: 'x', text: 'b' }, 'a'],
      message:
        'vars.context: vars.context[1]: is a string but vars.context[0] is an object; give every chunk as {"id", "text"} or every chunk as a string',
    },
    {
      name: 'text under another name',
      input: [{ id: 1, content: 'b' }],
      message: 'vars.context: vars.context[0].text: is missing; rename "content" to "text"',
    },
    {
      name: 'an unknown key',
      input: [{ id: 1, text: 'b', colour: 'red' }],
      message:
        'vars.context: vars.context[0].colour: unknown key; a chunk object has "id" and "text" (optional: title, url, source, score, metadata)',
    },
    {
      name: 'a missing id',
      input: [{ text: 'b' }],
      message:
        'vars.context: vars.context[0].id: is missing; every chunk object needs "id" and "text"',
    },
    {
      name: 'a fractional id',
      input: [{ id: 1.5, text: 'b' }],
      message: 'vars.context: vars.context[0].id: expected a whole number or a string, got 1.5',
    },
    {
      name: 'an id with spaces',
      input: [{ id: 'doc 7', text: 'b' }],
      message:
        'vars.context: vars.context[0].id: "doc 7" is not a label; use letters, digits and . _ : / - only (as in "doc-7")',
    },
    {
      name: 'text not a string',
      input: [{ id: 1, text: 5 }],
      message: 'vars.context: vars.context[0].text: expected a string, got 5',
    },
    {
      name: 'duplicate ids after folding',
      input: [
        { id: 'doc-7', text: 'a' },
        { id: 'DOC-7', text: 'b' },
      ],
      message:
        'vars.context: vars.context[1].id: "DOC-7" repeats vars.context[0].id; give each chunk its own id',
    },
    {
      name: 'a string with no headers',
      input: 'Tenants get 14 days.',
      message:
        'vars.context: vars.context: is a string with no passage headers; start each passage on its own line with "[1]" or "Passage 1:", or give an array of strings',
    },
    {
      name: 'an empty string',
      input: '  ',
      message:
        'vars.context: vars.context: is an empty string; give the retrieved passages, or an empty array for none',
    },
    {
      name: 'a repeated block number',
      input: '[1] a\n[1] b',
      message:
        'vars.context: vars.context: line 2: passage "1" repeats the one on line 1; number each passage once',
    },
    {
      name: 'a broken JSON array string',
      input: '["a", ',
      message: 'vars.context: is not valid JSON at line 1, column 6 (',
    },
  ])('$name', ({ input, message }) => {
    let caught: unknown;
    try {
      parseChunks(input, { where: 'vars.context', root: 'vars.context' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as InputError).code).toBe('INVALID_CHUNKS');
    expect((caught as InputError).message.startsWith(message)).toBe(true);
  });
});

describe('parseChunks: JSON inside a string goes through the one JSON reader', () => {
  const errorOf = (value: string, options: { where?: string; root?: string }): InputError => {
    try {
      parseChunks(value, options);
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return error as InputError;
    }
    throw new Error('expected parseChunks to throw');
  };

  it('a syntax error: where, line and column, what to do', () => {
    const error = errorOf('[\n  {"id": 1, "text": "a"},\n  {"id": 2 "text": "b"}\n]', {
      root: 'vars.context',
    });
    expect(error.code).toBe('INVALID_CHUNKS');
    expect(error.message).toMatch(
      /^vars\.context: is not valid JSON at line 3, column 12 \(.*\); it looks like a JSON array of chunks: fix the JSON, or write the passages as "\[1\] …" blocks$/,
    );
  });

  it('a repeated key: its path from the variable, line and column', () => {
    const error = errorOf('[{"id": 1, "text": "a"},\n {"id": 2, "text": "b", "text": "c"}]', {
      root: 'vars.context',
    });
    expect(error.code).toBe('INVALID_CHUNKS');
    expect(error.message).toBe(
      'vars.context[1].text: appears twice (the second at line 2, column 25); JSON keeps only the last, so merge the two into one entry',
    );
  });

  it('names the file when there is one', () => {
    expect(
      errorOf('[{"id": 1, "id": 2, "text": "a"}]', { where: 'chunks.json', root: '$' }).message,
    ).toBe(
      'chunks.json: $[0].id: appears twice (the second at line 1, column 12); JSON keeps only the last, so merge the two into one entry',
    );
  });
});
