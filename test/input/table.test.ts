import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { houseMessage } from '../../src/input/issues.js';
import { formatTablePlace, invalidTable } from '../../src/input/table.js';

describe('formatTablePlace: where in a CSV, one way for every message', () => {
  it.each([
    [{ source: 'dir.csv' }, 'dir.csv'],
    [{ source: 'dir.csv', row: 0, line: 0 }, 'dir.csv'],
    [{ source: 'dir.csv', column: 'Phone' }, "dir.csv, column 'Phone'"],
    [{ source: 'dir.csv', row: 12 }, 'dir.csv row 12'],
    [{ source: 'dir.csv', row: 12, line: 12, column: 'Phone' }, "dir.csv row 12, column 'Phone'"],
    [
      { source: 'dir.csv', row: 5, line: 6, column: 'Phone' },
      "dir.csv row 5 (line 6), column 'Phone'",
    ],
    [{ source: 'standard input', row: 1, line: 2 }, 'standard input row 1 (line 2)'],
  ])('%j → %s', (place, text) => {
    expect(formatTablePlace(place)).toBe(text);
  });
});

describe('invalidTable: an InputError in the house form', () => {
  it('names the place, then what is wrong and what to do', () => {
    const cause = new Error('EISDIR');
    const error = invalidTable(
      'FILE_UNREADABLE',
      { source: 'exports' },
      'is a folder, not a CSV file',
      'name the CSV file inside it',
      cause,
    );
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({
      code: 'FILE_UNREADABLE',
      where: 'exports',
      message: 'exports: is a folder, not a CSV file; name the CSV file inside it',
      cause,
    });
    expect(invalidTable('INVALID_CSV', { source: 'dir.csv', row: 3 }, 'what', 'todo').message).toBe(
      houseMessage('dir.csv row 3: what', 'todo'),
    );
  });
});
