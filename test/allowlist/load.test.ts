import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadAllowlist } from '../../src/allowlist/load.js';
import { parseJsonText } from '../../src/input/json.js';
import { clearAllowlistCache, loadAllowlistIndex } from '../../src/match/index.js';
import { InputError } from '../../src/errors.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/allowlists/', import.meta.url));
const fixture = (name: string): string => join(FIXTURES, name);

async function loadError(path: string): Promise<InputError> {
  const error: unknown = await loadAllowlist(path).then(
    () => new Error('expected loadAllowlist to reject'),
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('loadAllowlist: invalid files, each with its own message', () => {
  it('a missing file', async () => {
    const path = fixture('does-not-exist.json');
    const error = await loadError(path);
    expect(error.code).toBe('FILE_NOT_FOUND');
    expect(error.message).toBe(
      `${path}: allowlist file not found; pass the path of a JSON allowlist (build one with \`citation-verifier build-allowlist\`)`,
    );
  });

  it('invalid JSON, with line and column', async () => {
    // `"urls": []` on line 2 is not followed by a comma: the error is at `"domains"`, line 3, column 3.
    const path = fixture('invalid-json.json');
    const error = await loadError(path);
    expect(error.code).toBe('INVALID_JSON');
    expect(error.message.startsWith(`${path}: is not valid JSON at line 3, column 3 (`)).toBe(true);
    expect(error.message.endsWith('); fix the syntax')).toBe(true);
  });

  // V8 reports "Unexpected token" errors without a position; load.ts finds it itself.
  it('invalid JSON (a trailing comma), with line and column', async () => {
    const error = await loadError(fixture('trailing-comma.json'));
    expect(error.message).toMatch(/is not valid JSON at line 4, column 3/);
  });

  it.each([
    ['wrong-type.json', '$.urls (line 2): expected a list, got the string "https://mass.gov"'],
    [
      'unknown-key.json',
      '$.org_phone (line 5): unknown key; did you mean "org_phones"? allowed keys: "urls", "domains", "org_names", "org_phones" (optional: "org_aliases", "urls_as_written", "org_areas", "link_areas", "jurisdiction", "$schema", "org_urls", "phone_kinds")',
    ],
    ['missing-field.json', '$.org_phones: is missing; add an object ({} if you have none)'],
    ['not-an-object.json', '$: expected an object, got a list'],
    [
      'bad-phone.json',
      '$.org_phones["Legal Aid of X"][2] (line 6): "555-12" is not a phone number: has 5 digits; a North American number has 10 (or 11 starting with 1); write it like "(617) 555-0123", or remove it',
    ],
    [
      'bad-url.json',
      '$.urls[1] (line 2): "mailto:help@mass.gov" is not a web address (scheme "mailto:"); write a full address like "https://www.mass.gov/courts", or remove it',
    ],
    [
      'bad-domain.json',
      '$.domains[1] (line 3): "https://mass.gov/courts" is not a host name; write it like "mass.gov" (pages go in "urls")',
    ],
    // JSON.parse would keep the last entry: the right number (617) 555-0100 would be lost and called misattributed.
    [
      'duplicate-org.json',
      '$.org_phones["Legal Aid of X"]: appears twice (the second at line 8, column 5); JSON keeps only the last, so merge the two into one entry',
    ],
    [
      'duplicate-field.json',
      '$.domains: appears twice (the second at line 1, column 75); JSON keeps only the last, so merge the two into one entry',
    ],
  ])('%s', async (name, message) => {
    const path = fixture(name);
    const error = await loadError(path);
    expect(error.code).toBe('INVALID_ALLOWLIST');
    expect(error.where).toBe(path);
    expect(error.message).toBe(`${path}: ${message}`);
  });
});

describe('loadAllowlist: a valid file', () => {
  it('normalizes numbers, URLs, domains and names on load', async () => {
    const allowlist = await loadAllowlist(fixture('valid.json'));
    expect(allowlist).toEqual({
      urls: ['https://masslegalhelp.org/housing/eviction'],
      domains: ['mass.gov', 'lawhelp.org'],
      orgNames: ['Greater Boston Legal Services', 'Legal Aid of X'],
      orgPhones: {
        'Greater Boston Legal Services': ['+16173711234'],
        'Legal Aid of X': ['+18005294357', '+15087523718'],
      },
      orgAliases: { 'Greater Boston Legal Services': ['GBLS'] },
      // Normalized for matching; the address as written kept for liveness to fetch.
      urlsAsWritten: new Map([
        [
          'https://masslegalhelp.org/housing/eviction',
          'https://www.masslegalhelp.org/housing/eviction/',
        ],
      ]),
    });
  });

  it('ignores a byte-order mark', async () => {
    expect((await loadAllowlist(fixture('with-bom.json'))).domains).toEqual(['mass.gov']);
  });
});

describe('parseJsonText', () => {
  it('gives line and column when the parser reports a position', () => {
    // Position 6 is the end of the text: line 1, column 7.
    expect(() => parseJsonText('{"a":1', 'f.json')).toThrow(
      /^f\.json: is not valid JSON at line 1, column 7 \(.*\); fix the syntax$/,
    );
  });
});

describe('loadAllowlistIndex: built once per process', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'citation-verifier-load-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    clearAllowlistCache();
  });

  const allowlistText = (domain: string): string =>
    JSON.stringify({ urls: [], domains: [domain], org_names: [], org_phones: {} });

  it('1,000 concurrent calls share one promise and one index', async () => {
    const path = join(dir, 'concurrent.json');
    await writeFile(path, allowlistText('mass.gov'));
    const promises = Array.from({ length: 1000 }, () => loadAllowlistIndex(path));
    // The promise is memoized, not the result: callers arriving while it loads get the same one.
    expect(new Set(promises).size).toBe(1);
    const indexes = await Promise.all(promises);
    expect(new Set(indexes).size).toBe(1);
    expect([...indexes[0]!.domains]).toEqual(['mass.gov']);
  });

  it('reads the file once: a later change is not seen until the cache is cleared', async () => {
    const path = join(dir, 'changes.json');
    await writeFile(path, allowlistText('mass.gov'));
    const first = await loadAllowlistIndex(path);
    await writeFile(path, allowlistText('lawhelp.org'));
    const again = await loadAllowlistIndex(path);
    expect(again).toBe(first);
    expect([...again.domains]).toEqual(['mass.gov']);
    clearAllowlistCache();
    const fresh = await loadAllowlistIndex(path);
    expect(fresh).not.toBe(first);
    expect([...fresh.domains]).toEqual(['lawhelp.org']);
  });

  it('a relative and an absolute path to one file share the index', async () => {
    const path = join(dir, 'paths.json');
    await writeFile(path, allowlistText('mass.gov'));
    const absolute = await loadAllowlistIndex(resolve(path));
    const relativePath = relative(process.cwd(), path);
    expect(await loadAllowlistIndex(relativePath)).toBe(absolute);
  });

  it('a failed load is not cached: the fixed file is picked up by the next call', async () => {
    const path = join(dir, 'appears-later.json');
    const failures = await Promise.allSettled(
      Array.from({ length: 10 }, () => loadAllowlistIndex(path)),
    );
    expect(failures.every((result) => result.status === 'rejected')).toBe(true);
    const [failure] = failures;
    expect(failure?.status === 'rejected' && (failure.reason as InputError).code).toBe(
      'FILE_NOT_FOUND',
    );
    await writeFile(path, allowlistText('mass.gov'));
    const index = await loadAllowlistIndex(path);
    expect([...index.domains]).toEqual(['mass.gov']);
  });

  it('an invalid file is not cached either', async () => {
    const path = join(dir, 'fixed-later.json');
    await writeFile(path, '{ not json');
    await expect(loadAllowlistIndex(path)).rejects.toMatchObject({ code: 'INVALID_JSON' });
    await writeFile(path, allowlistText('mass.gov'));
    await expect(loadAllowlistIndex(path)).resolves.toMatchObject({
      domains: new Set(['mass.gov']),
    });
  });
});
