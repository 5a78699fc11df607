import { readFile } from 'node:fs/promises';
import { InputError } from '../errors.js';
import { firstDuplicateKey, lineAndColumn, parseJsonText } from '../input.js';
import { jsonPath, parseAllowlist, type Allowlist } from './schema.js';

/**
 * Read, parse and validate an allowlist file. Each failure has its own message: the file is
 * missing, is not JSON (with line and column), or does not match the schema (with the JSON path).
 */
export async function loadAllowlist(path: string): Promise<Allowlist> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new InputError('FILE_NOT_FOUND', 'allowlist file not found; pass the path of a JSON allowlist (build one with `citation-verifier build-allowlist`)', { where: path });
    }
    throw new InputError('FILE_UNREADABLE', `allowlist file cannot be read (${code ?? 'error'})`, { where: path });
  }
  const json = text.replace(/^\uFEFF/, '');
  const data = parseJsonText(json, path);
  const duplicate = firstDuplicateKey(json);
  if (duplicate) {
    throw new InputError(
      'INVALID_ALLOWLIST',
      `${jsonPath(...duplicate.path)}: appears twice (the second at ${lineAndColumn(json, duplicate.offset)}); JSON keeps only the last, so merge the two into one entry`,
      { where: path },
    );
  }
  return parseAllowlist(data, path);
}
