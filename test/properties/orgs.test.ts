import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOrgMatcher, findOrganizations } from '../../src/match/orgs.js';
import { runs, timeout } from './support.js';

const WORDS = [
  'Legal',
  'Aid',
  'Society',
  'of',
  'Boston',
  'Greater',
  'Housing',
  'Court',
  'Services',
  'Center',
  'People’s',
  "Women's",
  'Zürich',
  'São',
  'Paulo',
  'Tenant',
  'Union',
  'County',
  'North',
  'Shore',
  'Community',
  'Action',
  'Inc',
  'LLC',
  'GBLS',
  'MLRI',
  '211',
  'Help',
  'Line',
];
/** Separators that may stand between the words of a listed name. */
const SEPARATORS = [' ', ' ', ' ', ' & ', ' - ', ' – ', ', ', '/', ' / '];

const nameArb = fc
  .tuple(
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }),
    fc.array(fc.constantFrom(...SEPARATORS), { minLength: 6, maxLength: 6 }),
  )
  .map(([words, separators]) =>
    words.map((word, i) => (i === 0 ? word : separators[i]! + word)).join(''),
  );

const contextArb = fc.constantFrom(
  (name: string) => `Please contact ${name} today.`,
  (name: string) => `**${name}** — (617) 555-0100`,
  (name: string) => `- ${name}\n- another item`,
  (name: string) => `${name}: call them.`,
  (name: string) => `(${name})`,
);

describe('organization names', () => {
  it(
    'a name of plain words is kept as `tokenize` reads it (its shortcut)',
    () => {
      const plainArb = fc
        .array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: 6 })
        .map((words) => words.join(' '));
      fc.assert(
        fc.property(plainArb, (name) => {
          // Two spaces between words: the same tokens, read by `tokenize`.
          const spaced = name.replaceAll(' ', '  ');
          const shortcut = buildOrgMatcher([{ organization: 'X', name }]);
          const tokenized = buildOrgMatcher([{ organization: 'X', name: spaced }]);
          expect([...shortcut.firstToken]).toEqual([...tokenized.firstToken]);
          expect([...shortcut.names.keys()]).toEqual([...tokenized.names.keys()]);
          const [entry] = [...shortcut.names.values()][0]!;
          const [other] = [...tokenized.names.values()][0]!;
          expect([entry!.marks, entry!.trailing]).toEqual([other!.marks, other!.trailing]);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'a listed name written exactly as listed is found, whole',
    () => {
      fc.assert(
        fc.property(nameArb, contextArb, (name, context) => {
          const matcher = buildOrgMatcher([{ organization: name, name }]);
          const text = context(name);
          const found = findOrganizations(text, matcher);
          expect(
            found.map((org) => org.raw),
            text,
          ).toEqual([name]);
        }),
        runs(500),
      );
    },
    timeout(10_000),
  );

  it(
    'is never found inside a longer word',
    () => {
      fc.assert(
        fc.property(nameArb, fc.constantFrom('x', 'para', 'Über', '9'), (name, glue) => {
          const matcher = buildOrgMatcher([{ organization: name, name }]);
          const text = `see ${glue}${name.replace(/\s+/g, ' ')}${glue} now`;
          for (const org of findOrganizations(text, matcher)) {
            const before = text[org.start - 1] ?? ' ';
            const after = text[org.end] ?? ' ';
            expect(/[\p{L}\p{N}]/u.test(before) || /[\p{L}\p{N}]/u.test(after), text).toBe(false);
          }
        }),
        runs(300),
      );
    },
    timeout(10_000),
  );

  // Known bug, reported (issue 7 report): `joinable` in src/match/orgs.ts treats `.` after a word
  // of four letters or more, and `(`, `)`, `:`, `;`, `!`, `?`, `[`, `]`, `|` anywhere, as the end of
  // a name, so a listed name that contains one is never found, even written exactly as listed.
  // When this starts failing, the bug is fixed: add those separators to SEPARATORS above.
  // Known bug, reported (issue 7 report): the tokenizer (TOKEN in src/normalize/name.ts) joins an
  // apostrophe and what follows into the word (`Court's` → `courts`), which keeps `People’s` one
  // word but means a name followed by a possessive is never found. When this starts failing, the
  // bug is fixed: add the possessive context to contextArb above.
  it("a name followed by 's is found", () => {
    const name = 'Eastern Housing Court';
    const matcher = buildOrgMatcher([{ organization: name, name }]);
    expect(
      findOrganizations(`Call the ${name}'s clerk at (617) 788-8485.`, matcher).map(
        (org) => org.raw,
      ),
    ).toEqual([name]);
  });

  it('names with `.`, `(`, `:` or `;` inside are found when written as listed', () => {
    for (const name of [
      'Mass. Legal Help',
      'Legal Aid (Boston)',
      'Boston Municipal Court: Central Division',
      'Dept. of Housing and Community Development',
    ]) {
      const matcher = buildOrgMatcher([{ organization: name, name }]);
      expect(
        findOrganizations(`Please contact ${name} today.`, matcher).map((org) => org.raw),
        name,
      ).toEqual([name]);
    }
  });
});
