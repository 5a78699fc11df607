import { editDistance } from '../src/util/strings.js';
import type { InputError } from '../src/errors.js';
import { invalidTable, type TablePlace } from '../src/input/table.js';
import type { ColumnNames } from './types.js';

/** Where each named column sits in one file's header (0-based), and its spelling there. */
export interface ResolvedColumns {
  org: ResolvedColumn;
  urls: ResolvedColumn[];
  phones: ResolvedColumn[];
  aliases: ResolvedColumn[];
  domains: ResolvedColumn[];
  /** The service-area column, when `--area-column` names one. */
  area?: ResolvedColumn;
}

export interface ResolvedColumn {
  index: number;
  /** As the header spells it, for messages. */
  name: string;
}

/** The comparison form of a column name: case folded, surrounding and repeated spaces ignored. */
export function columnKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Find every requested column in a header. Throws `InputError('MISSING_COLUMN')` for a name not
 * there, with the closest name and the header's names, and `InputError('INVALID_CSV')` when the
 * header repeats a requested name (which to read would be a guess).
 */
export function resolveColumns(
  header: readonly string[],
  names: ColumnNames,
  source: string,
  headerAt: { row: number; line: number } = { row: 1, line: 1 },
): ResolvedColumns {
  const place: TablePlace = { source, ...headerAt };
  const find = (requested: string, flag: string): ResolvedColumn => {
    const key = columnKey(requested);
    const matches = header.flatMap((name, index) => (columnKey(name) === key ? [index] : []));
    if (matches.length === 1) return { index: matches[0]!, name: header[matches[0]!]! };
    if (matches.length > 1) {
      throw invalidTable(
        'INVALID_CSV',
        { ...place, column: header[matches[0]!]! },
        `the header has ${matches.length} columns named '${requested}' (columns ${matches.map((index) => index + 1).join(', ')})`,
        `rename all but one so ${flag} names a single column`,
      );
    }
    throw missingColumn(requested, flag, header, place);
  };
  const many = (list: readonly string[], flag: string): ResolvedColumn[] => {
    // `--phone-column Phone --phone-column phone` is one column read once.
    const found = new Map<number, ResolvedColumn>();
    for (const requested of list) {
      const column = find(requested, flag);
      if (!found.has(column.index)) found.set(column.index, column);
    }
    return [...found.values()];
  };
  return {
    org: find(names.org, '--org-column'),
    urls: many(names.urls, '--url-column'),
    phones: many(names.phones, '--phone-column'),
    aliases: many(names.aliases, '--alias-column'),
    domains: many(names.domains, '--domain-column'),
    ...(names.area !== undefined ? { area: find(names.area, '--area-column') } : {}),
  };
}

function missingColumn(
  requested: string,
  flag: string,
  header: readonly string[],
  place: TablePlace,
): InputError {
  const names = header.filter((name) => name.length > 0);
  const what = `no column '${requested}' (${flag})`;
  if (names.length === 0)
    return invalidTable(
      'MISSING_COLUMN',
      place,
      what,
      'the header row is empty: put the column names in the first row',
    );
  const closest = closestColumn(requested, names);
  const guess = closest === null ? '' : `did you mean '${closest}'? `;
  return invalidTable(
    'MISSING_COLUMN',
    place,
    what,
    `${guess}give ${flag} one of the header's columns: ${names.map((name) => `'${name}'`).join(', ')}`,
  );
}

/**
 * The header name most like `requested`, or null. Sharing a word scores 0.6 + 0.4 × Jaccard over
 * words (`Court` → `Court Name`, not `County`); containing the other (3+ characters) 0.6 + 0.4 ×
 * the length ratio; else 1 − edit distance / longer length, from 0.6. Ties: the earlier column.
 */
export function closestColumn(requested: string, names: readonly string[]): string | null {
  const wanted = columnKey(requested);
  const wantedWords = new Set(words(wanted));
  let best: string | null = null;
  let bestScore = 0;
  for (const name of names) {
    const key = columnKey(name);
    const nameWords = new Set(words(key));
    const shared = [...wantedWords].filter((word) => nameWords.has(word)).length;
    let score: number;
    const [shorter, longer] = wanted.length <= key.length ? [wanted, key] : [key, wanted];
    if (shared > 0) {
      score = 0.6 + (0.4 * shared) / new Set([...wantedWords, ...nameWords]).size;
    } else if (shorter.length >= 3 && longer.includes(shorter)) {
      score = 0.6 + (0.4 * shorter.length) / longer.length;
    } else {
      const longest = Math.max(wanted.length, key.length);
      score = longest === 0 ? 0 : 1 - editDistance(wanted, key, longest) / longest;
      if (score < 0.6) score = 0;
    }
    if (score > bestScore) {
      best = name;
      bestScore = score;
    }
  }
  return best;
}

function words(key: string): string[] {
  return key.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}
