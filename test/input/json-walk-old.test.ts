import { describe, expect, it } from 'vitest';
import { firstDuplicateKey, offsetOfPath } from '../../src/input/json-walk.js';
import { firstDuplicateKey as oldDuplicate, offsetOfPath as oldOffset } from './json-walk-old.js';
import { fixtureCases, generatedCases, probePaths, referenceDuplicate, referenceOffset } from './json-walk-cases.js';

// One-off: the one walker against the two it replaced, and the reference against both, on every
// fixture document and 3,000 generated ones. Prints the figures.
describe('the one walker answers as the two old walkers did', () => {
  it('on every case', () => {
    const cases = [...fixtureCases(), ...generatedCases(3000)];
    let documents = 0;
    let duplicates = 0;
    let paths = 0;
    let found = 0;
    const depths = new Map<number, number>();
    const differ: string[] = [];
    for (const { name, text } of cases) {
      documents++;
      const old = oldDuplicate(text);
      if (old) {
        duplicates++;
        depths.set(old.path.length, (depths.get(old.path.length) ?? 0) + 1);
      }
      if (JSON.stringify(firstDuplicateKey(text)) !== JSON.stringify(old)) differ.push(`${name}: duplicate`);
      if (JSON.stringify(referenceDuplicate(text)) !== JSON.stringify(old)) differ.push(`${name}: reference duplicate`);
      for (const path of probePaths(text)) {
        paths++;
        const before = oldOffset(text, path);
        if (before !== null) found++;
        if (offsetOfPath(text, path) !== before) differ.push(`${name}: ${JSON.stringify(path)}`);
        if (referenceOffset(text, path) !== before) differ.push(`${name}: reference ${JSON.stringify(path)}`);
      }
    }
    console.log(JSON.stringify({ documents, fixtures: cases.length - 3000, duplicates, duplicateDepths: Object.fromEntries([...depths].sort((a, b) => a[0] - b[0])), paths, pathsWithOffset: found, differ: differ.length, firstDiffer: differ.slice(0, 10) }));
    expect(differ).toEqual([]);
  }, 120_000);
});
