import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as defaults from '../src/defaults.js';

/**
 * Each default is defined once, in src/defaults.ts: every room imports that one path, and a number
 * restated elsewhere would make two places to look.
 */

const text = readFileSync(new URL('../src/defaults.ts', import.meta.url), 'utf8');

describe('src/defaults', () => {
  it('defines each default once, and every one is exported', () => {
    const names = [...text.matchAll(/^export const (\w+)/gm)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(defaults).sort()).toEqual([...names].sort());
  });
});
