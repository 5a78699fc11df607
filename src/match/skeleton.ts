import { createRequire } from 'node:module';

/**
 * Unicode's confusables.txt as character → prototype (unhomoglyph's data file), read on the first
 * host that is not plain ASCII: most runs see none.
 */
let confusables: Readonly<Record<string, string>> | undefined;
function confusable(char: string): string | undefined {
  confusables ??= createRequire(import.meta.url)('unhomoglyph/data.json') as Readonly<
    Record<string, string>
  >;
  return confusables[char];
}

/**
 * The UTS #39 confusable skeleton of a host name, with the data of Unicode's confusables.txt (from
 * the `unhomoglyph` package), for comparing two names: equal skeletons read the same.
 *
 * Beyond UTS #39, for hosts: a letter without a mapping of its own takes its upper-case form's
 * (IDNA lower-cases a written `Ԍ` to `ԍ`, so the capital's likeness counts); accents and other
 * marks are dropped (`másslegálhëlp`); and the ASCII confusions a host shows in lower case are
 * folded, which Unicode's table, made for mixed case, does not: `i`, `l` and `1` (a capital I is an
 * `i` in a host), `0` and `o`, `rn` and `m`, `vv` and `w`, `cl` and `d`.
 */
export function skeleton(name: string): string {
  return PLAIN.test(name) ? plainSkeleton(name) : fullSkeleton(name);
}

function fullSkeleton(name: string): string {
  let mapped = '';
  for (const char of name.normalize('NFD').toLowerCase()) {
    const own = confusable(char) ?? char;
    if (char.charCodeAt(0) <= 0x7f || isAsciiLetters(own)) {
      mapped += own;
      continue;
    }
    // Unicode's table is case-sensitive and hosts are not: Cyrillic `т` maps to a small capital
    // T, its capital `Т` to `T`. Take whichever reads as an ASCII letter.
    const upper = char.toUpperCase();
    const viaUpper = upper !== char ? (confusable(upper) ?? upper) : undefined;
    mapped += viaUpper !== undefined && isAsciiLetters(viaUpper) ? viaUpper.toLowerCase() : own;
  }
  return mapped
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[il1|]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/m/g, 'rn')
    .replace(/d/g, 'cl')
    .replace(/w/g, 'vv');
}

/** Lower-case ASCII letters, digits, dots and hyphens: most host names. */
const PLAIN = /^[a-z0-9.-]*$/;

/**
 * `skeleton` of a `PLAIN` name, one character at a time: of these characters Unicode's table maps
 * only `0`, `1` and `m`, and the ASCII folds above each replace one character by letters no later
 * fold reads, so the chain of replacements is this table. A test compares it with the full path.
 */
function plainSkeleton(name: string): string {
  let out = '';
  for (let k = 0; k < name.length; k++) {
    const code = name.charCodeAt(k);
    if (code === 105 /* i */ || code === 49 /* 1 */) out += 'l';
    else if (code === 48 /* 0 */) out += 'o';
    else if (code === 109 /* m */) out += 'rn';
    else if (code === 100 /* d */) out += 'cl';
    else if (code === 119 /* w */) out += 'vv';
    else out += name[k];
  }
  return out;
}

function isAsciiLetters(text: string): boolean {
  return /^[a-z0-9]+$/i.test(text.normalize('NFD').replace(/\p{M}/gu, ''));
}
