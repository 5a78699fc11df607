import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/match/index.js';
import { buildDirectory, HUD } from '../helpers/directories.js';

describe('bare names: a real directory with corporate suffixes (HUD housing counselors)', () => {
  it('derives the bare names, and refuses the ones two listed organizations would share', async () => {
    const result = await buildDirectory(HUD);
    expect(result.allowlist.orgNames).toEqual(
      expect.arrayContaining([
        'MANNA, INC.',
        'CLEARPOINT FINANCIAL SOLUTIONS, INC.',
        'CLEARPOINT FINANCIAL SOLUTIONS',
      ]),
    );
    const notes = result.notes.filter((note) => note.code === 'BARE_NAME');
    expect(notes.map((note) => note.message)).toContain(
      '"MANNA, INC." is also matched as "MANNA", without its legal form, as answers write it',
    );
    expect(notes.find((note) => note.value === 'MANNA, INC.')).toMatchObject({
      source: 'hud-housing-counselors.csv',
      row: 74,
    });
    const conflicts = result.warnings.filter((warning) => warning.code === 'BARE_NAME_CONFLICT');
    expect(conflicts.map((warning) => warning.value)).toEqual(
      expect.arrayContaining(['CLEARPOINT FINANCIAL SOLUTIONS']),
    );
    expect(
      conflicts.find((warning) => warning.value === 'CLEARPOINT FINANCIAL SOLUTIONS')!.message,
    ).toMatch(
      /would name "CLEARPOINT FINANCIAL SOLUTIONS" and "CLEARPOINT FINANCIAL SOLUTIONS, INC\."; none of them is matched by it/,
    );
    // The verifier derives the same names when it indexes the allowlist.
    const index = buildIndex(result.allowlist);
    expect(index.bareNames.added.map((name) => name.name)).toEqual(
      expect.arrayContaining(['MANNA', 'OPERATION HOPE']),
    );
    expect(index.bareNames.collisions.map((collision) => collision.name)).toEqual(
      expect.arrayContaining(['CLEARPOINT FINANCIAL SOLUTIONS']),
    );
  });
});
