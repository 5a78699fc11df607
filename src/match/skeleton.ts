import { createRequire } from 'node:module';

// Unicode's confusables.txt (unhomoglyph's data), read on the first host that is not ASCII.
let confusables: Readonly<Record<string, string>> | undefined;
function confusable(char: string): string | undefined {
  confusables ??= createRequire(import.meta.url)('unhomoglyph/data.json') as Readonly<
    Record<string, string>
  >;
  return confusables[char];
}

/**
 * The UTS #39 confusable skeleton of a host name: equal skeletons read the same. Beyond UTS #39,
 * for hosts: a letter without a mapping takes its capital's (IDNA lower-cases `Ԍ` to `ԍ`), marks
 * are dropped, and the lower-case ASCII confusions Unicode's mixed-case table lacks are folded
 * (`i`/`l`/`1`, `0`/`o`, `rn`/`m`, `vv`/`w`, `cl`/`d`).
 */
export function skeleton(name: string): string {
  let mapped = '';
  for (const char of name.normalize('NFD').toLowerCase()) {
    // Of a host's own characters the table maps only `0`, `1` and `m`, which the folds below
    // read the same: the table (loaded on first use) is read only for the others.
    const own = (PLAIN_CHAR.test(char) ? undefined : confusable(char)) ?? char;
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

const PLAIN_CHAR = /^[a-z0-9.-]$/;

function isAsciiLetters(text: string): boolean {
  return /^[a-z0-9]+$/i.test(text.normalize('NFD').replace(/\p{M}/gu, ''));
}
