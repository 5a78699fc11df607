import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixture-text.js';
import { allowlistFile, generateOrgs } from '../../bench/lib/generate.js';
import { bareOrgName, bareOrgNameByPatterns } from '../../src/normalize/bare-names.js';

// `bareOrgName` tells a name with nothing to strip from its ends by char codes; it must give
// exactly its patterns' output: on every short string of the fixtures and a generated
// directory's names, each bent the ways that leave the fast path, and on random ones.

const text = fixtureText();
const generated = allowlistFile(generateOrgs(5_000));

describe('the bare-name fast path gives its patterns’ output', () => {
  // Every short string of the fixtures (names, cells, keys) and the generated directory's names.
  const names = [
    ...new Set([
      ...(text.match(/"[^"\\\n]{1,120}"/g) ?? []).map((quoted) => quoted.slice(1, -1)),
      ...generated.org_names,
      ...Object.values(generated.org_aliases ?? {}).flat(),
    ]),
  ];
  const NAME_BENDS: Array<(name: string) => string> = [
    (name) => name,
    (name) => `${name}, Inc.`,
    (name) => `${name} LLC`,
    (name) => `${name} l.l.c`,
    (name) => `${name}, P.C.`,
    (name) => `${name} Corp`,
    (name) => `${name} co`,
    (name) => `${name} Ltd`,
    (name) => `${name} Incorporated`,
    (name) => `${name}, The`,
    (name) => `${name},the`,
    (name) => `The ${name}`,
    (name) => `the\t${name}`,
    (name) => `Th${name}`,
    (name) => `T${name}`,
    (name) => ` ${name}`,
    (name) => `${name} `,
    (name) => `${name} -`,
    (name) => `${name}&`,
    (name) => name.replace(' ', '  '),
    (name) => name.replace(' ', '\u00a0'),
    (name) => name.toUpperCase(),
  ];

  it('on every name of the fixtures and a generated directory, as written and bent', () => {
    expect(names.length).toBeGreaterThan(8_000);
    const differ: string[] = [];
    for (const name of names)
      for (const bend of NAME_BENDS) {
        const input = bend(name);
        if (bareOrgName(input) !== bareOrgNameByPatterns(input)) differ.push(`bare ${input}`);
      }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('with every code unit at the start, inside and at the end of a name', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const input of [c, `${c}a b`, `a${c}b`, `a ${c}b`, `a${c}`, `a b${c}`, `a${c}${c}b`]) {
        if (bareOrgName(input) !== bareOrgNameByPatterns(input)) differ.push(`bare ${code}`);
      }
      for (const input of [
        `Law ${c}nc`,
        `Law${c}Inc`,
        `Law ${c}td`,
        `Law ${c}he`,
        `x${c}c`,
        `The${c}Law`,
        `th${c} Law`,
        `${c}he Law`,
      ]) {
        if (bareOrgName(input) !== bareOrgNameByPatterns(input)) differ.push(`bare ${code}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  it('on random names made of the pieces they decide on', () => {
    const piece = fc.constantFrom(
      'Legal',
      'Aid',
      'The',
      'the',
      'inc',
      'Inc.',
      'LLC',
      'l.l.c',
      'P.C',
      'pc',
      'corp',
      'Co',
      'ltd',
      'incorporated',
      'Clinic',
      'e',
      'd',
      'o',
      'p',
      'c',
      ' ',
      '  ',
      ',',
      '.',
      '&',
      '-',
      '\t',
      '\n',
      '\u00a0',
      '\u2003',
      'É',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const input = pieces.join('');
        expect(bareOrgName(input)).toBe(bareOrgNameByPatterns(input));
      }),
      { numRuns: 10_000 },
    );
  });
});
