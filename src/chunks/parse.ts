import { parseJsonText } from '../input/json.js';
import { describeValue, formatPath, invalidInput } from '../input/issues.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { ID_PATTERN, chunkKey } from './ids.js';
import type { Chunk } from './types.js';
import { isRecord } from '../util/record.js';

/** Keys a chunk object may carry besides `id` and `text`, not used. */
export const CHUNK_OPTIONAL_KEYS: readonly string[] = [
  'title',
  'url',
  'source',
  'score',
  'metadata',
];

/** For messages: where the value came from, its name in paths (default `chunks`), a path's line. */
export interface ParseChunksOptions {
  where?: string;
  root?: string;
  locate?: (path: readonly PropertyKey[]) => string | undefined;
}

/** Chunks from any accepted shape (docs/CHUNKS.md); else `InputError('INVALID_CHUNKS')`. Pure. */
export function parseChunks(value: unknown, options: ParseChunksOptions = {}): Chunk[] {
  const root = options.root ?? 'chunks';
  const where = options.where;
  const fail = (path: readonly PropertyKey[], message: string): never => {
    throw invalidInput('INVALID_CHUNKS', [{ path, message }], {
      root,
      where,
      ...(options.locate ? { locate: options.locate } : {}),
    });
  };
  if (typeof value === 'string') {
    // A JSON array of chunks (`["…"]`, `[{…}]`, `[]`): promptfoo CSV variables are strings.
    const json = value.trim();
    if (/^\[\s*["{\]]/.test(json)) {
      const parsed = parseJsonText(json, where, {
        code: 'INVALID_CHUNKS',
        root,
        hint: 'it looks like a JSON array of chunks: fix the JSON, or write the passages as "[1] …" blocks',
      });
      return parseArray(parsed as unknown[], root, fail);
    }
    return parseBlocks(value, fail);
  }
  if (Array.isArray(value)) return parseArray(value, root, fail);
  return fail(
    [],
    `expected an array of strings, an array of {"id", "text"} objects, or one string of "[1] …" / "Passage 1: …" blocks; got ${describeValue(value)}`,
  );
}

type Fail = (path: readonly PropertyKey[], message: string) => never;

function parseArray(items: unknown[], root: string, fail: Fail): Chunk[] {
  const first = items[0];
  const objects = isRecord(first);
  const chunks: Chunk[] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const path = [index];
    const first = formatPath(root, [0]);
    if (typeof item === 'string') {
      if (objects)
        fail(
          path,
          `is a string but ${first} is an object; give every chunk as {"id", "text"} or every chunk as a string`,
        );
      const id = String(index + 1);
      chunks.push({ id, key: id, text: item });
      return;
    }
    if (!isRecord(item)) {
      return fail(
        path,
        `expected a string or an {"id", "text"} object, got ${describeValue(item)}`,
      );
    }
    if (!objects)
      fail(
        path,
        `is an object but ${first} is a string; give every chunk as a string or every chunk as {"id", "text"}`,
      );
    const unknown = Object.keys(item).filter(
      (key) => key !== 'id' && key !== 'text' && !CHUNK_OPTIONAL_KEYS.includes(key),
    );
    if (!('text' in item)) {
      const alias = unknown.find((key) => TEXT_ALIASES.includes(key));
      fail(
        [index, 'text'],
        alias
          ? `is missing; rename "${alias}" to "text"`
          : `is missing; every chunk object needs "id" and "text"`,
      );
    }
    if (unknown.length > 0) {
      fail(
        [index, unknown[0]!],
        `unknown key; a chunk object has "id" and "text" (optional: ${CHUNK_OPTIONAL_KEYS.join(', ')})`,
      );
    }
    if (typeof item['text'] !== 'string')
      fail([index, 'text'], `expected a string, got ${describeValue(item['text'])}`);
    const id = readId(item['id'], [index, 'id'], fail);
    const key = chunkKey(id);
    const previous = seen.get(key);
    if (previous !== undefined)
      fail(
        [index, 'id'],
        `${JSON.stringify(id)} repeats ${formatPath(root, [previous, 'id'])}; give each chunk its own id`,
      );
    seen.set(key, index);
    chunks.push({ id, key, text: item['text'] as string });
  });
  return chunks;
}

const TEXT_ALIASES = [
  'content',
  'pageContent',
  'page_content',
  'passage',
  'body',
  'chunk',
  'document',
];

function readId(value: unknown, path: readonly PropertyKey[], fail: Fail): string {
  if (value === undefined)
    return fail(path, 'is missing; every chunk object needs "id" and "text"');
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0)
      fail(path, `expected a whole number or a string, got ${value}`);
    return String(value);
  }
  if (typeof value !== 'string')
    return fail(path, `expected a string or a whole number, got ${describeValue(value)}`);
  const id = value.trim();
  if (id.length === 0) fail(path, 'is empty; give each chunk a label such as "3" or "doc-7"');
  if (id.length > CHUNK_DEFAULTS.maxIdLength)
    fail(
      path,
      `is ${id.length} characters long; ids are labels of at most ${CHUNK_DEFAULTS.maxIdLength}`,
    );
  if (!ID_PATTERN.test(id))
    fail(
      path,
      `${JSON.stringify(id)} is not a label; use letters, digits and . _ : / - only (as in "doc-7")`,
    );
  return id;
}

// Bounded runs only.
const BLOCK_HEADER =
  /^[ \t]*(?:\[([^[\]\n]{1,64})\]|(?:passage|source|document|doc|chunk|context)[ \t]{0,4}(?:id[ \t]{0,4})?#?[ \t]{0,4}([\p{L}\p{N}][\p{L}\p{N}_/-]{0,63})[ \t]{0,4}[:.)\]–—-])[ \t]*/iu;

function parseBlocks(text: string, fail: Fail): Chunk[] {
  const headers: Array<{ id: string; start: number; textStart: number; line: number }> = [];
  let offset = 0;
  for (const [index, lineText] of text.split('\n').entries()) {
    const match = BLOCK_HEADER.exec(lineText);
    if (match) {
      const id = (match[1] ?? match[2] ?? '').trim();
      if (ID_PATTERN.test(id))
        headers.push({ id, start: offset, textStart: offset + match[0].length, line: index + 1 });
    }
    offset += lineText.length + 1;
  }
  if (headers.length === 0) {
    if (text.trim().length === 0)
      return fail(
        [],
        'is an empty string; give the retrieved passages, or an empty array for none',
      );
    return fail(
      [],
      'is a string with no passage headers; start each passage on its own line with "[1]" or "Passage 1:", or give an array of strings',
    );
  }
  const seen = new Map<string, number>();
  return headers.map((header, index) => {
    const next = headers[index + 1];
    const key = chunkKey(header.id);
    const previous = seen.get(key);
    if (previous !== undefined)
      fail(
        [],
        `line ${header.line}: passage ${JSON.stringify(header.id)} repeats the one on line ${previous}; number each passage once`,
      );
    seen.set(key, header.line);
    return {
      id: header.id,
      key,
      text: text.slice(header.textStart, next === undefined ? text.length : next.start).trim(),
    };
  });
}
