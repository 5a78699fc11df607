import { createRequire } from 'node:module';

// Unicode's confusables.txt (unhomoglyph's data), read on the first host that is not ASCII.
let confusables: Readonly<Record<string, string>> | undefined;
function confusable(char: string): string | undefined {
  confusables ??= createRequire(import.meta.url)('unhomoglyph/data.json') as Readonly<
    Record<string, string>
  >;
  return confusables[char];
}

/** The UTS #39 confusable skeleton of a host name, with host-only folds (`l`/`1`, `rn`/`m`). */
export function skeleton(name: string): string {
  let mapped = '';
  for (const char of name.normalize('NFD').toLowerCase()) {
    // Of ASCII the table maps only `0`, `1` and `m`, which the folds read alike: skip it for those.
    const own = (PLAIN_CHAR.test(char) ? undefined : confusable(char)) ?? char;
    if (char.charCodeAt(0) <= 0x7f || isAsciiLetters(own)) {
      mapped += own;
      continue;
    }
    // The table is case-sensitive: Cyrillic `т` maps to a small capital, `Т` to `T`; take the ASCII.
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
