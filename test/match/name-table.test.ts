import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowlistFile, generateOrgs } from '../../bench/lib/generate.js';
import { deriveBareNames } from '../../src/normalize/bare-names.js';
import { orgKey } from '../../src/normalize/name.js';
import type { NameEntry } from '../../src/match/name-entry.js';
import { buildOrgMatcher } from '../../src/match/orgs.js';

// The matcher's hand-written tables (`name-table.ts`) key a simple name by its own char codes
// folded with `| 0x20`, and a name that needed `tokenize` by its folded tokens. They must hold
// exactly what a Map keyed by `orgKey` would: the same keys in the same order, the same names
// under each in organization order, the same misses, and the same longest name per first token;
// on every name of the fixtures and a generated directory, bent to leave the simple path, with
// names shared between organizations and listed twice.

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

function fixtureNames(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(?:json|csv)$/.test(entry))
        for (const quoted of readFileSync(path, 'utf8').match(/"[^"\\\n]{1,80}"/g) ?? [])
          found.push(quoted.slice(1, -1));
    }
  };
  walk(FIXTURES);
  return found;
}

const generated = allowlistFile(generateOrgs(3_000));
const written = [
  ...new Set([
    ...fixtureNames(),
    ...generated.org_names,
    ...Object.values(generated.org_aliases ?? {}).flat(),
  ]),
];
const BENDS: Array<(name: string) => string> = [
  (name) => name,
  (name) => name.toUpperCase(),
  (name) => name.toLowerCase(),
  (name) => name.replace(' ', '-'),
  (name) => name.replace(' ', ' & '),
  (name) => `${name}.`,
  (name) => name.replace('a', 'á'),
  (name) => `${name}, Inc.`,
];
// Each bent name for one of 50 organizations, and every 7th listed again: keys shared by a simple
// and a tokenized name (`Legal Aid`, `Legal-Aid`), by several organizations, and repeated pairs.
const entries = written.flatMap((name, k) =>
  BENDS.map((bend, b) => ({ organization: `Org ${(k * 7 + b) % 50}`, name: bend(name) })),
);
for (let k = 0; k < entries.length; k += 7) entries.push({ ...entries[k]! });

/** What the tables must hold, by a Map keyed by `orgKey`. */
function reference(list: ReadonlyArray<{ organization: string; name: string }>) {
  const names = new Map<string, Array<{ organization: string; name: string }>>();
  const firstToken = new Map<string, number>();
  for (const { organization, name } of list) {
    const key = orgKey(name);
    if (key.length === 0) continue;
    const under = names.get(key) ?? names.set(key, []).get(key)!;
    if (!under.some((e) => e.organization === organization && e.name === name))
      under.push({ organization, name });
    const words = key.split(' ');
    firstToken.set(words[0]!, Math.max(firstToken.get(words[0]!) ?? 0, words.length));
  }
  for (const under of names.values())
    under.sort((a, b) =>
      a.organization < b.organization ? -1 : a.organization > b.organization ? 1 : 0,
    );
  return { names, firstToken };
}

const plain = (list: readonly NameEntry[] | undefined) =>
  list?.map(({ organization, name }) => ({ organization, name }));

describe('the organization matcher’s tables hold what a Map by orgKey would', () => {
  const matcher = buildOrgMatcher(entries);
  const expected = reference(entries);

  it('every key in order, with its names in organization order', () => {
    expect(entries.length).toBeGreaterThan(30_000);
    const got = [...matcher.names.entries()].map(([key, list]) => [key, plain(list)]);
    expect(got).toEqual([...expected.names]);
    expect(matcher.names.size).toBe(expected.names.size);
  });

  it('every key looked up, and keys one change away that are not listed', () => {
    const differ: string[] = [];
    for (const key of expected.names.keys())
      for (const probe of [key, key.toUpperCase(), `${key} x`, key.slice(1), key.slice(0, -1)]) {
        const got = JSON.stringify(plain(matcher.names.get(probe)));
        if (got !== JSON.stringify(expected.names.get(probe))) differ.push(probe);
      }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('the longest name of each first token, in order', () => {
    expect([...matcher.firstToken]).toEqual([...expected.firstToken]);
  });
});

describe('the organizations’ own names, handed as they are, count as entries naming themselves', () => {
  // What the index does: `orgNames` as `own`, the aliases (and bare names) as entries.
  const own = [
    ...written.slice(0, 2_000).map((name) => `The ${name}, LLC`),
    ...generated.org_names,
  ];
  const asEntries = [...own.map((name) => ({ organization: name, name })), ...entries];

  it('in the matcher', () => {
    const handed = buildOrgMatcher(entries, own);
    const whole = buildOrgMatcher(asEntries);
    const view = (m: typeof whole) => [...m.names.entries()].map(([k, list]) => [k, plain(list)]);
    expect(view(handed)).toEqual(view(whole));
    expect([...handed.firstToken]).toEqual([...whole.firstToken]);
  });

  it('in the bare names', () => {
    const whole = deriveBareNames(asEntries);
    expect(whole.added.length).toBeGreaterThan(50);
    expect(whole.collisions.length).toBeGreaterThan(10);
    expect(deriveBareNames(entries, own)).toEqual(whole);
  });
});
