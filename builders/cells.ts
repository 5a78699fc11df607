import { hostOfDomainEntry } from '../src/allowlist/fields.js';
import { cleanOrgName, orgKey } from '../src/normalize/name.js';
import {
  EXTENSION_AFTER,
  foldPhoneText,
  normalizePhone,
  PHONE_DASHES,
  PHONE_SHAPE,
  VANITY_SHAPE,
} from '../src/normalize/phone.js';
import { hostProblem, type HostProblem } from '../src/normalize/public-host.js';
import { normalizeUrl } from '../src/normalize/url.js';

// One spreadsheet cell split into the values it holds; each value is judged by the shared
// normalizers, as in an answer.

/** What a directory writes in a cell it has nothing for: read as empty (a note), not a bad value. */
const PLACEHOLDER = /^(?:n\/?a|none|null|nil|tbd|tba|unknown|not available|-+|[–—]|\?+|\.+)$/i;

export function isPlaceholder(cell: string): boolean {
  return PLACEHOLDER.test(cell.trim());
}

export type PhonePart =
  | { kind: 'number'; raw: string; e164: string; extension?: string }
  | { kind: 'bad'; raw: string; reason: string }
  /** Words beside a number that are not a number (`Press 5`, `main line`): kept as a note. */
  | { kind: 'text'; raw: string };

// The shapes the answer extractor reads, but a cell is not prose: no call-context rules, and any
// line break, `;`, `,`, `/`, `|`, "or", "and" separates values.
const NUMBER = new RegExp(`(?<![\\dA-Za-z])${PHONE_SHAPE}(?!\\d)`, 'g');
const VANITY = new RegExp(`(?<![\\dA-Za-z])${VANITY_SHAPE}(?![A-Za-z0-9])`, 'g');
const RESIDUE_SPLIT = /[\n;|,/]|\bor\b|\band\b/i;
const TRIM_PUNCTUATION = /^[\s.:\-()[\]]+|[\s.:\-()[\]]+$/g;
// Excel's autocorrect turns hyphens into dashes; the normalizer only knows the hyphen.
const DASHES = new RegExp(`[${PHONE_DASHES}]`, 'g');

/**
 * The numbers in a phone cell and what else it says, in the order written: a rejected candidate or
 * leftover with three or more digits (`617-555-010`) is `bad`, leftover words (`Press 5`) `text`.
 */
export function parsePhoneCell(cell: string): PhonePart[] {
  const text = foldPhoneText(cell).replace(DASHES, '-');
  const spans: Array<{ start: number; end: number; part: PhonePart }> = [];
  const taken = (start: number, end: number): boolean =>
    spans.some((span) => start < span.end && end > span.start);
  for (const pattern of [NUMBER, VANITY]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const start = match.index;
      let end = start + match[0].length;
      if (pattern === NUMBER)
        end += EXTENSION_AFTER.exec(text.slice(end, end + 32))?.[0].length ?? 0;
      if (taken(start, end)) continue;
      if (pattern === VANITY && match[0].replace(/[^A-Z]/g, '').length < 3) continue;
      spans.push({ start, end, part: phonePart(text.slice(start, end)) });
    }
  }
  spans.sort((a, b) => a.start - b.start);

  const parts: Array<{ at: number; part: PhonePart }> = spans.map((span) => ({
    at: span.start,
    part: span.part,
  }));
  let cursor = 0;
  const residue = (from: number, to: number): void => {
    // Leftover pieces sit between two spans; their order among themselves is kept by a fraction.
    text
      .slice(from, to)
      .split(RESIDUE_SPLIT)
      .forEach((piece, index) => {
        const raw = piece.replace(TRIM_PUNCTUATION, '');
        if (raw.length === 0) return;
        // A label before a short number (`TTY: 711`) is not part of it.
        // Brackets stay: `(711) -` is an area code with its number missing, not the relay line 711.
        const candidate = piece
          .trim()
          .replace(/^[^\d+(]*/, '')
          .replace(/[\s.:\-]+$/, '');
        const part: PhonePart =
          digitCount(raw) >= 3
            ? phonePart(candidate.length > 0 ? candidate : raw)
            : { kind: 'text', raw };
        parts.push({ at: from + index / 1000, part });
      });
  };
  for (const span of spans) {
    residue(cursor, span.start);
    cursor = span.end;
  }
  residue(cursor, text.length);
  parts.sort((a, b) => a.at - b.at);
  return parts.map((entry) => entry.part);
}

function phonePart(raw: string): PhonePart {
  const trimmed = raw.trim();
  const result = normalizePhone(trimmed);
  if (!result.ok) return { kind: 'bad', raw: trimmed, reason: result.reason };
  return result.extension === undefined
    ? { kind: 'number', raw: trimmed, e164: result.e164 }
    : { kind: 'number', raw: trimmed, e164: result.e164, extension: result.extension };
}

export type UrlPart =
  | { kind: 'url'; raw: string; url: string; host: string }
  | { kind: 'bad'; raw: string; reason: string }
  | { kind: 'text'; raw: string };

const URL_SPLIT = /[\s;|]+|,(?=\s|$|https?:|www\.)/i;
const LOOKS_LIKE_ADDRESS = /[./]|:\/\//;

/**
 * The web addresses in a URL cell (`normalizeUrl`), separated by white space, `;`, `|`, or a comma
 * before a space or another address. One that does not normalize or has no public host is `bad`;
 * words beside an address are `text`; a cell of words only is one `bad`.
 */
export function parseUrlCell(cell: string): UrlPart[] {
  const pieces = cell
    .split(URL_SPLIT)
    .map((piece) => piece.replace(/^[<("']+|[>)"'.,;:]+$/g, ''))
    .filter((piece) => piece.length > 0);
  const parts: UrlPart[] = [];
  for (const raw of pieces) {
    if (!LOOKS_LIKE_ADDRESS.test(raw)) {
      parts.push({ kind: 'text', raw });
      continue;
    }
    const result = normalizeUrl(raw);
    const problem = result.ok ? builderHostProblem(result.host) : null;
    if (!result.ok) parts.push({ kind: 'bad', raw, reason: result.reason });
    // `help@example.org` parses as a user name at a host; the site is not what the cell meant.
    else if (result.userinfo !== undefined)
      parts.push({
        kind: 'bad',
        raw,
        reason: `not a web address (an email address? it has '${result.userinfo}@' before the host)`,
      });
    else if (problem !== null)
      parts.push({ kind: 'bad', raw, reason: `not a public web address: ${problem.reason}` });
    else parts.push({ kind: 'url', raw, url: result.url, host: result.host });
  }
  if (parts.length > 0 && parts.every((part) => part.kind === 'text'))
    return [{ kind: 'bad', raw: cell.trim(), reason: 'not a web address (no host name in it)' }];
  return parts;
}

/** `hostProblem`, but placeholder names pass: sample directories list `example.org` on purpose. */
function builderHostProblem(host: string): HostProblem | null {
  const problem = hostProblem(host);
  return problem?.kind === 'placeholder' ? null : problem;
}

export type DomainPart =
  | { kind: 'domain'; raw: string; host: string }
  | { kind: 'bad'; raw: string; reason: string };

/** Hosts in a domain cell (`mass.gov`, `https://www.mass.gov/`), separated by spaces, `,`, `;`, `|`. */
export function parseDomainCell(cell: string): DomainPart[] {
  return cell
    .split(/[\s,;|]+/)
    .filter((piece) => piece.length > 0)
    .map((raw): DomainPart => {
      const host = hostOfDomainEntry(raw);
      if (host === null)
        return {
          kind: 'bad',
          raw,
          reason: 'not a host name; write it like "mass.gov" (a page belongs in the URL column)',
        };
      const problem = builderHostProblem(host);
      if (problem !== null)
        return { kind: 'bad', raw, reason: `not a public host: ${problem.reason}` };
      return { kind: 'domain', raw, host };
    });
}

/** Names in an alias cell, split at new lines, `;`, `|`: not commas, which names hold. */
export function parseAliasCell(cell: string): string[] {
  return cell
    .split(/[\n;|]/)
    .map(cleanOrgName)
    .filter((alias) => alias.length > 0);
}

export type ColumnKind = 'org' | 'url' | 'phone' | 'alias' | 'domain';

/** The keys of the values a cell of a `kind` column puts in the allowlist, in the order written. */
export const CELL_VALUES: Readonly<Record<ColumnKind, (cell: string) => string[]>> = {
  org: (cell) => [orgKey(cleanOrgName(cell))],
  alias: (cell) => parseAliasCell(cell).map(orgKey),
  url: (cell) => parseUrlCell(cell).flatMap((part) => (part.kind === 'url' ? [part.url] : [])),
  phone: (cell) =>
    parsePhoneCell(cell).flatMap((part) => (part.kind === 'number' ? [part.e164] : [])),
  domain: (cell) =>
    parseDomainCell(cell).flatMap((part) => (part.kind === 'domain' ? [part.host] : [])),
};

// What kind of value a cell holds, judged by the parsers that read its values, so a shifted row
// can be told from a row with one bad value.

/**
 * The cell is a phone number and nothing else (seven digits or more, or a service code alone:
 * `211`, not `Mass 211` or `TTY: 711`). A small letter is no keypad letter here: a vanity number
 * is written in capitals (`1-800-LAW-HELP`), and `603 Legal Aid` is a name.
 */
export function isPhoneText(cell: string): boolean {
  const parts = parsePhoneCell(cell);
  if (
    parts.length === 0 ||
    !parts.every(
      (part) =>
        !keypadWords(part.raw) &&
        (part.kind === 'number' || (part.kind === 'bad' && digitCount(part.raw) >= 7)),
    )
  )
    return false;
  // The parser drops a label before a short number (`TTY: 711`); a word left out is not a number.
  return letterCount(cell) === parts.reduce((sum, part) => sum + letterCount(part.raw), 0);
}

/** The cell holds a whole phone number (no small letters) somewhere among its words. */
export function holdsPhoneNumber(cell: string): boolean {
  return parsePhoneCell(cell).some(
    (part) => part.kind === 'number' && part.e164.startsWith('+') && !keypadWords(part.raw),
  );
}

/** The cell is web addresses and nothing else (`boston.example.org`, `https://a.example.org/x b.example.org`). */
export function isAddressText(cell: string): boolean {
  const parts = parseUrlCell(cell);
  return parts.length > 0 && parts.every((part) => part.kind === 'url');
}

/**
 * The cell holds an address written as one: a scheme, `www.`, a path, or lower case only. A brand
 * written as a name (`MassLegalHelp.org`) is not one: organizations are called that.
 */
export function holdsWrittenAddress(cell: string): boolean {
  return parseUrlCell(cell).some(
    (part) =>
      part.kind === 'url' &&
      (/^[a-z][a-z\d+.-]*:\/\/|^www\.|\//i.test(part.raw) || part.raw === part.raw.toLowerCase()),
  );
}

function digitCount(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** Small letters outside an extension (`x12`): words, not keypad letters. */
function keypadWords(raw: string): boolean {
  return /\p{Ll}/u.test(raw.replace(/\s*,?\s*(?:extension|ext\.?|x)[.:]?\s*\d{1,7}$/i, ''));
}

function letterCount(text: string): number {
  return text.replace(/\P{L}/gu, '').length;
}
