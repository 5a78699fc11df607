import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { describeIssues, formatPath, invalidInput, parseInput } from '../../src/input/issues.js';
import { numberFromText } from '../../src/input/number.js';
import { lineOfPath, parseJsonText } from '../../src/input/json.js';
import { AllowlistFileSchema } from '../../src/allowlist/schema.js';

/** The message `parseInput` throws for `value`, or a failure when it accepts it. */
function messageOf(
  schema: z.ZodType,
  value: unknown,
  format: Parameters<typeof parseInput>[3] = {},
): string {
  try {
    parseInput(schema, value, 'INVALID_CONFIG', format);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message;
  }
  throw new Error('expected parseInput to throw');
}

const Settings = z.strictObject({
  name: z.string(),
  limits: z
    .strictObject({
      timeoutMs: z.number().int().positive().optional(),
      hosts: z.array(z.string()).optional(),
    })
    .optional(),
  mode: z.union([z.boolean(), z.strictObject({ level: z.number().int() })]).optional(),
  kind: z.enum(['a', 'b']).optional(),
});

describe('formatPath: one path style', () => {
  it.each([
    ['$', [], '$'],
    ['$', ['urls', 0], '$.urls[0]'],
    ['$', ['org_phones', 'Legal Aid of X', 2], '$.org_phones["Legal Aid of X"][2]'],
    ['$', ['org_aliases', 'A "quoted" name'], '$.org_aliases["A \\"quoted\\" name"]'],
    ['config', ['liveness', 'timeoutMs'], 'config.liveness.timeoutMs'],
    ['vars.context', [3, 'id'], 'vars.context[3].id'],
    ['$', ['1st', '$ok'], '$["1st"].$ok'],
  ])('%s %j → %s', (root, path, written) => {
    expect(formatPath(root, path)).toBe(written);
  });
});

describe('describeIssues: what, where (one path style), what to do', () => {
  it('a nested path, named from the root', () => {
    expect(
      messageOf(Settings, { name: 'x', limits: { timeoutMs: 'soon' } }, { root: 'config' }),
    ).toBe('config.limits.timeoutMs: expected a number, got the string "soon"');
  });

  it('an array index', () => {
    expect(messageOf(Settings, { name: 'x', limits: { hosts: ['a.org', 7] } })).toBe(
      '$.limits.hosts[1]: expected a string, got 7',
    );
  });

  it('an unknown key lists the allowed keys, read from the schema, optional ones apart', () => {
    expect(messageOf(Settings, { name: 'x', colour: 'red' })).toBe(
      '$.colour: unknown key; remove it, or use one of the allowed keys: "name" (optional: "limits", "mode", "kind")',
    );
    // Inside a union's object option too.
    expect(messageOf(Settings, { name: 'x', mode: { levle: 2 } })).toMatch(
      /^\$\.mode\.levle: unknown key; did you mean "level"\? allowed keys: "level"/,
    );
  });

  it("the allowlist's unknown-key message names every key of its schema, optional ones included", () => {
    const message = messageOf(AllowlistFileSchema, {
      urls: [],
      domains: [],
      org_names: [],
      org_phones: {},
      notes: [],
    });
    for (const key of Object.keys(AllowlistFileSchema.shape))
      expect(message).toContain(JSON.stringify(key));
    expect(message).toContain(
      '(optional: "org_aliases", "urls_as_written", "org_areas", "link_areas", "jurisdiction", "$schema", "org_urls", "phone_kinds")',
    );
  });

  it('a misspelled key: the guess, and the key it meant is not also reported missing', () => {
    expect(messageOf(Settings, { nmae: 'x' })).toBe(
      '$.nmae: unknown key; did you mean "name"? allowed keys: "name" (optional: "limits", "mode", "kind")',
    );
  });

  it('a wrong type, and a missing value with what to add', () => {
    expect(messageOf(Settings, { name: 5 })).toBe('$.name: expected a string, got 5');
    expect(messageOf(Settings, {})).toBe('$.name: is missing; add a string');
    expect(messageOf(Settings, [])).toBe('$: expected an object, got a list');
  });

  it('a union the value fits none of: the types it could have had', () => {
    expect(messageOf(Settings, { name: 'x', mode: 'yes' })).toBe(
      '$.mode: expected a boolean or an object, got the string "yes"',
    );
  });

  it('a union whose object option took the value: the problem inside it', () => {
    expect(messageOf(Settings, { name: 'x', mode: { level: 1.5 } })).toBe(
      '$.mode.level: expected a whole number, got 1.5',
    );
  });

  it('an enum and a person-worded rule', () => {
    expect(messageOf(Settings, { name: 'x', kind: 'c' })).toBe(
      '$.kind: expected one of "a", "b", got the string "c"',
    );
    expect(
      messageOf(
        Settings,
        { name: 'x', limits: { timeoutMs: 0 } },
        {
          root: 'config',
          expected: { 'limits.timeoutMs': 'a whole number of milliseconds above 0' },
        },
      ),
    ).toBe('config.limits.timeoutMs: must be a whole number of milliseconds above 0, got 0');
  });

  it('a front names a value as its user wrote it, with the same words', () => {
    const expected = { 'limits.timeoutMs': 'a whole number of milliseconds above 0' };
    const config = messageOf(
      Settings,
      { name: 'x', limits: { timeoutMs: -1 } },
      { root: 'config', expected },
    );
    const flag = messageOf(
      Settings,
      { name: 'x', limits: { timeoutMs: -1 } },
      { root: 'config', expected, labels: { 'limits.timeoutMs': '--timeout' } },
    );
    expect(config).toBe(
      'config.limits.timeoutMs: must be a whole number of milliseconds above 0, got -1',
    );
    expect(flag).toBe('--timeout: must be a whole number of milliseconds above 0, got -1');
  });

  it('several issues at once: a count, one a line, at most `max`, then "and N more", then what to do', () => {
    const Wide = z.strictObject(
      Object.fromEntries(Array.from({ length: 8 }, (_, index) => [`k${index}`, z.string()])),
    );
    const message = messageOf(Wide, {}, { max: 3, hint: 'see the manual' });
    expect(message).toBe(
      [
        '8 problems:',
        '  $.k0: is missing; add a string',
        '  $.k1: is missing; add a string',
        '  $.k2: is missing; add a string',
        '  and 5 more',
        'see the manual',
      ].join('\n'),
    );
  });

  it('one issue: one line, what to do after it', () => {
    expect(messageOf(Settings, { name: 1 }, { hint: 'see the manual' })).toBe(
      '$.name: expected a string, got 1; see the manual',
    );
  });

  it('hand-made issues take the same path style and shape', () => {
    const error = invalidInput(
      'INVALID_ALLOWLIST',
      [{ path: ['urls', 2], message: '"x" is not a web address; write a full address' }],
      { where: 'a.json' },
    );
    expect(error.message).toBe('a.json: $.urls[2]: "x" is not a web address; write a full address');
    expect(error.code).toBe('INVALID_ALLOWLIST');
    expect(error.where).toBe('a.json');
    expect(
      describeIssues(
        [
          { path: [], message: 'is empty' },
          { path: [0], message: 'is odd' },
        ],
        { root: 'chunks' },
      ),
    ).toBe('2 problems:\n  chunks: is empty\n  chunks[0]: is odd');
  });
});

describe('the line of each problem, when the value was read from a file', () => {
  it('gives the line of the value, or of the object a key is missing from', () => {
    const text =
      '{\n  "name": "x",\n  "limits": {\n    "timeoutMs": -1,\n    "hosts": ["a.org",\n      7]\n  },\n  "mode": {}\n}\n';
    const message = messageOf(Settings, parseJsonText(text, 'settings.json'), {
      locate: lineOfPath(text),
      where: 'settings.json',
    });
    expect(message).toBe(
      [
        'settings.json: 3 problems:',
        '  $.limits.timeoutMs (line 4): must be above 0, got -1',
        '  $.limits.hosts[1] (line 6): expected a string, got 7',
        '  $.mode.level (line 8): is missing; add a number',
      ].join('\n'),
    );
  });

  it('gives none for a file on one line', () => {
    const text = '{"name": 5}';
    expect(messageOf(Settings, JSON.parse(text), { locate: lineOfPath(text) })).toBe(
      '$.name: expected a string, got 5',
    );
  });
});

describe('numberFromText', () => {
  it.each([
    ['5', 5],
    [' 0.25 ', 0.25],
    ['.5', 0.5],
    ['-3', -3],
    ['', ''],
    ['1e3', '1e3'],
    ['soon', 'soon'],
    ['0x10', '0x10'],
  ])('%j → %j', (text, value) => {
    expect(numberFromText(text)).toBe(value);
  });
});
