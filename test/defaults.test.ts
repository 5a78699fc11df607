import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as defaults from '../src/defaults.js';

/**
 * Each default is defined once, in the file of its topic under src/defaults/; src/defaults.ts only
 * gathers them, so every room keeps importing one path. A topic file the gatherer forgets, or a
 * number defined in the gatherer itself, would make two places to look.
 */

const folder = fileURLToPath(new URL('../src/defaults/', import.meta.url));
const gatherer = readFileSync(new URL('../src/defaults.ts', import.meta.url), 'utf8');
const topics = readdirSync(folder).filter((name) => name.endsWith('.ts'));

/** The names a topic file exports (`export const NAME`). */
function exportedNames(text: string): string[] {
  return [...text.matchAll(/^export const (\w+)/gm)].map((match) => match[1]!);
}

describe('src/defaults', () => {
  it('gathers every topic file and defines nothing itself', () => {
    const reExported = [...gatherer.matchAll(/^export \* from '\.\/defaults\/([\w-]+)\.js';$/gm)];
    expect(reExported.map((match) => `${match[1]}.ts`).sort()).toEqual([...topics].sort());
    const withoutComments = gatherer.replace(/\/\*\*[\s\S]*?\*\//g, '');
    const statements = withoutComments.split('\n').filter((line) => line.trim() !== '');
    expect(statements).toHaveLength(reExported.length);
  });

  it('defines each default in exactly one topic file, and every one is reachable from the gatherer', () => {
    const names = topics.flatMap((topic) => exportedNames(readFileSync(folder + topic, 'utf8')));
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(defaults).sort()).toEqual([...names].sort());
  });
});
