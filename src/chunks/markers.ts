import { halfWidth, WIDTH_FORMS } from '../normalize/width.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { ALL_DIGITS, ID_PATTERN, chunkKey, idShape } from './ids.js';
import { MASK, markCode } from './mask.js';
import type { Chunk, CitationForm, CitationMarker } from './types.js';

/** The chunks' keys, and the `idShape` of every non-numeric one, which a bracket must match. */
export interface MarkerContext {
  keys: ReadonlySet<string>;
  shapes: ReadonlySet<string>;
}

export function markerContext(chunks: readonly Chunk[]): MarkerContext {
  const keys = new Set(chunks.map((chunk) => chunk.key));
  const shapes = new Set(
    chunks.filter((chunk) => !ALL_DIGITS.test(chunk.key)).map((chunk) => idShape(chunk.key)),
  );
  return { keys, shapes };
}

/** Citation markers in order (docs/CHUNKS.md "Citation forms"), marked in `mask` (code first). */
export function findCitations(
  text: string,
  mask: Uint8Array,
  context: MarkerContext,
): CitationMarker[] {
  const markers: CitationMarker[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char !== '[' && char !== '【' && char !== '(' && char !== '［') continue;
    if ((mask[index]! & MASK.code) !== 0) continue;
    const marker =
      char === '['
        ? bracketAt(text, index, context)
        : char === '【'
          ? closedAt(text, index, context, LENTICULAR, 'lenticular')
          : char === '［'
            ? closedAt(text, index, context, FULL_WIDTH, 'bracket')
            : closedAt(text, index, context, PARENTHETICAL, 'parenthetical');
    if (!marker) continue;
    markers.push(marker);
    mask.fill(MASK.marker, marker.start, marker.end);
    index = marker.end - 1;
  }
  return markers;
}

/** Citation markers of a text, code excluded: `findCitations` with its own mask. */
export function extractCitations(text: string, chunks: readonly Chunk[] = []): CitationMarker[] {
  const mask = new Uint8Array(text.length);
  markCode(text, mask);
  return findCitations(text, mask, markerContext(chunks));
}

// Bounded: a marker's inside is at most 80 characters of one line.
const BRACKET = /\[(\^?)([^[\]\n]{1,80})\]/y;
const LENTICULAR = /【([^【】\n]{1,40})】/y;
const FULL_WIDTH = /［([^［］\n]{1,40})］/y;
const PARENTHETICAL =
  /\((?:sources?|passages?|chunks?|docs?|documents?|refs?|references?|citations?|contexts?)(?:[ \t]*[:#][ \t]*|[ \t]+)([^()\n]{1,80})\)/iy;
const LINE_PREFIX = /^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+)?$/;
const LIST_BULLET_BEFORE = /(?:^|\n)[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+$/;
const URL_AFTER = /^[ \t]+(?:https?:\/\/|www\.)/i;

function bracketAt(
  text: string,
  index: number,
  context: MarkerContext,
): CitationMarker | undefined {
  if (text[index - 1] === '\\' || text[index - 1] === '!') return undefined;
  BRACKET.lastIndex = index;
  const match = BRACKET.exec(text);
  if (!match) return undefined;
  const end = index + match[0].length;
  // `[text](url)` is a link; the link checker reads it.
  if (text[end] === '(') return undefined;
  const lineStart = nearLineStart(text, index);
  if (lineStart !== undefined && LINE_PREFIX.test(text.slice(lineStart, index))) {
    // `[1]: https://…` and `[1] https://…` open reference lists: they define, not cite.
    if (text[end] === ':' || URL_AFTER.test(text.slice(end, end + 12))) return undefined;
  }
  // `[1†L1-L3]`: a tool's citation names the source before the dagger and lines after it.
  const inner = match[2]!.split('†')[0]!;
  if (CHECKBOX.test(inner) && LIST_BULLET_BEFORE.test(text.slice(Math.max(0, index - 12), index)))
    return undefined;
  const ids = parseIds(inner, context);
  if (!ids) return undefined;
  return marker(text, index, end, match[1] === '^' ? 'footnote' : 'bracket', ids);
}
const CHECKBOX = /^[ xX]$/;

/** The start of the line when it is at most a bullet's width back. */
function nearLineStart(text: string, index: number): number | undefined {
  for (let back = index - 1; back >= Math.max(0, index - 12) - 1; back -= 1)
    if (back < 0 || text[back] === '\n') return back + 1;
  return undefined;
}

/** A marker closed by its own bracket, matched by `pattern`: `【3†source】`, `［1］`, `(Source 3)`. */
function closedAt(
  text: string,
  index: number,
  context: MarkerContext,
  pattern: RegExp,
  form: CitationForm,
): CitationMarker | undefined {
  pattern.lastIndex = index;
  const match = pattern.exec(text);
  if (!match) return undefined;
  // The dagger of a tool's source is read inside brackets only.
  const inner = form === 'parenthetical' ? match[1]! : match[1]!.split('†')[0]!;
  const ids = parseIds(inner, context);
  return ids ? marker(text, index, index + match[0].length, form, ids) : undefined;
}

function marker(
  text: string,
  start: number,
  end: number,
  form: CitationForm,
  ids: string[],
): CitationMarker {
  return { kind: 'citation', raw: text.slice(start, end), form, ids, start, end };
}

const SEPARATOR = /[ \t]*(?:[,;&、，；]|\band\b)[ \t]*/i;
const PREFIX =
  /^(?:sources?|passages?|chunks?|docs?|documents?|refs?|references?|citations?|contexts?)(?:[ \t]+id)?(?:[ \t]*[:#][ \t]*|[ \t]+)/i;
const NUMBER = /^\d{1,6}$/;
const RANGE = /^(\d{1,6})[ \t]*[-–—][ \t]*(\d{1,6})$/;

/** The chunk keys a marker's inside names, or undefined unless every part is an id (`[sic]`). */
export function parseIds(inner: string, context: MarkerContext): string[] | undefined {
  const parts = halfWidth(inner, WIDTH_FORMS.digit).trim().replace(PREFIX, '').split(SEPARATOR);
  const ids: string[] = [];
  for (const rawPart of parts) {
    const part = rawPart.trim().replace(PREFIX, '');
    if (part.length === 0) continue;
    if (NUMBER.test(part)) {
      ids.push(chunkKey(part));
      continue;
    }
    const range = RANGE.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (to < from || to - from + 1 > CHUNK_DEFAULTS.maxRangeIds) return undefined;
      for (let id = from; id <= to; id += 1) ids.push(String(id));
      continue;
    }
    if (part.length > CHUNK_DEFAULTS.maxIdLength || !ID_PATTERN.test(part)) return undefined;
    const key = chunkKey(part);
    if (!context.keys.has(key) && !context.shapes.has(idShape(key))) return undefined;
    ids.push(key);
  }
  if (ids.length === 0) return undefined;
  return [...new Set(ids)];
}
