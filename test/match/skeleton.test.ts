import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { skeleton } from '../../src/match/skeleton.js';

// Every name of CISA's .gov registry as shipped, before its suffix: real host names.
const GOV_NAMES = readFileSync(new URL('../../data/dotgov-domains.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => line.split(',')[0]!.replace(/\.gov$/, ''));

describe('skeleton', () => {
  it('maps confusable characters to their Latin lookalikes', () => {
    expect(skeleton('mаss')).toBe(skeleton('mass'));
    expect(skeleton('1awhe1p')).toBe(skeleton('lawhelp'));
    expect(skeleton('rnass')).toBe(skeleton('mass'));
    expect(skeleton('n0l0')).toBe(skeleton('nolo'));
  });
  it('keeps different letters apart', () => {
    expect(skeleton('mass')).not.toBe(skeleton('moss'));
  });
  it('reads a plain ASCII name as the table does', () => {
    // A Cyrillic а sends the name through the whole table (NFD, confusables, the folds), where it
    // becomes `a`; the plain name takes the shortcut. Both must agree, for every character.
    const names = [...GOV_NAMES, 'abcdefghijklmnopqrstuvwxyz', '0123456789', 'a.b-c', ''];
    const differing = names.filter((name) => skeleton(`${name}а`) !== `${skeleton(name)}a`);
    expect(GOV_NAMES.length).toBeGreaterThan(10_000);
    expect(differing).toEqual([]);
  });
});
