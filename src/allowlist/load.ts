import { FILE_LIMITS } from '../defaults.js';
import { readInputFile } from '../util/safe-file.js';
import { lineOfPath, parseJsonText } from '../input/json.js';
import {
  type Allowlist,
  type AllowlistTables,
  isAllowlistShape,
  type ReadOptions,
  readAllowlistFields,
} from './read.js';

/**
 * Read, parse and validate an allowlist file: missing, not JSON, a repeated key or not the schema,
 * each its own `InputError`. `source` is how messages name the file (default: the path).
 */
export async function loadAllowlist(path: string, source: string = path): Promise<Allowlist> {
  return (await readAllowlistFile(path, source)).allowlist;
}

/** `loadAllowlist`, with the tables it built on the way (for `buildIndex`). */
export async function readAllowlistFile(
  path: string,
  source: string = path,
): Promise<{ allowlist: Allowlist; tables: AllowlistTables }> {
  const text = (
    await readInputFile(path, {
      what: 'allowlist file',
      where: source,
      maxBytes: FILE_LIMITS.allowlist,
      ifMissing:
        'pass the path of a JSON allowlist (build one with `citation-verifier build-allowlist`)',
      ifUnreadable: 'check that the path names a file you can read',
    })
  ).toString('utf8');
  // A repeated key is an error: the entry JSON.parse drops would call a right number misattributed.
  const data = parseJsonText(text, source, { duplicateCode: 'INVALID_ALLOWLIST' });
  return readAllowlistData(data, source, { locate: lineOfPath(text) });
}

/**
 * `readAllowlist` of parsed JSON (a file's, or an object given inline). The schema, and zod with
 * it, loads only to say what is wrong with data not of the file's shape.
 */
export async function readAllowlistData(
  data: unknown,
  source: string | undefined,
  options: ReadOptions = {},
): Promise<{ allowlist: Allowlist; tables: AllowlistTables }> {
  if (isAllowlistShape(data)) return readAllowlistFields(data, source, options);
  return (await import('./schema.js')).readAllowlist(data, source, options);
}
