import { SERVICE_LINES } from '../defaults.js';
import {
  EXTENSION_AFTER,
  EXTENSION_JOINED,
  foldPhoneText,
  normalizePhone,
  PHONE_DASHES,
  PHONE_SHAPE,
  VANITY_SHAPE,
} from '../normalize/phone.js';
import type { PhoneFinding, Span } from './types.js';

/** North American numbers, links blanked, by bounded patterns; service lines only after "call". */
export function extractPhones(text: string, blanked: readonly Span[] = []): PhoneFinding[] {
  // Full-width digits folded one character for one, so spans in `masked` are spans in `text`.
  const masked = foldPhoneText(blank(text, blanked));
  const found: PhoneFinding[] = [];
  collect(masked, text, NUMBER, false, found);
  collect(masked, text, VANITY, true, found);
  collectServiceLines(masked, text, found);
  return dropOverlaps(found);
}

// The shapes are shared with the builder's cell splitter (normalize/phone.ts).
const NUMBER = new RegExp(PHONE_SHAPE, 'g');
const VANITY = new RegExp(VANITY_SHAPE, 'g');
const LABELLED =
  /(?:\b(?:case|docket|ref|reference|id|account|acct|invoice|order|tracking|ticket|claim|file|policy|license|licence|ssn|ein|routing|serial|isbn)\b\.?\s{0,3}(?:no\.?|number|num\.?|#)?\s{0,3}[#:]?\s{0,3}|§\s{0,3}|\bsec(?:tion|\.)?\s{0,3}|\bno\.\s{0,3}|#\s{0,2})$/i;
// Any standalone three digits; `SERVICE_LINES` (defaults.ts) says which are service lines.
const SERVICE = /(?<![\d\-.])(\d{3})(?![\d\-])/g;
const CALL_CONTEXT =
  /\b(?:call|calling|dial|dialing|dialling|text|texting|phone|contact|reach)\b[^.!?\n\d]{0,24}$/i;

function collect(
  masked: string,
  original: string,
  pattern: RegExp,
  vanity: boolean,
  out: PhoneFinding[],
): void {
  pattern.lastIndex = 0;
  // Where the last number found ends: `651-234-2345/332-445-1234` is two numbers.
  let lastEnd = -1;
  for (let match = pattern.exec(masked); match !== null; match = pattern.exec(masked)) {
    const start = match.index;
    let end = start + match[0].length;
    if (vanity) {
      const letters = match[0].replace(/[^A-Z]/g, '').length;
      if (letters < 3) continue;
    }
    if (!(start === lastEnd + 1 && masked[lastEnd] === '/') && !boundaryBefore(masked, start))
      continue;
    if (!boundaryAfter(masked, end, vanity)) continue;
    if (LABELLED.test(masked.slice(Math.max(0, start - 24), start))) continue;
    const after = masked.slice(end, end + 32);
    if (EXTENSION_JOINED.test(after)) continue;
    const extension = EXTENSION_AFTER.exec(after);
    if (extension) end += extension[0].length;
    const raw = original.slice(start, end);
    const result = normalizePhone(masked.slice(start, end));
    if (!result.ok || result.serviceLine) continue;
    const finding: PhoneFinding = {
      kind: 'phone',
      raw,
      normalized: result.e164,
      vanity: result.vanity,
      serviceLine: false,
      start,
      end,
    };
    if (result.extension !== undefined) finding.extension = result.extension;
    out.push(finding);
    lastEnd = end;
  }
}

function collectServiceLines(masked: string, original: string, out: PhoneFinding[]): void {
  SERVICE.lastIndex = 0;
  let previousEnd = -1;
  for (let match = SERVICE.exec(masked); match !== null; match = SERVICE.exec(masked)) {
    const digits = match[1]!;
    if (!SERVICE_LINES.has(digits)) continue;
    const start = match.index;
    const end = start + match[0].length;
    if (!boundaryBefore(masked, start) || /[A-Za-z0-9]/.test(masked[end] ?? '')) continue;
    // `call 211 or 988`: a service line listed right after another one shares its phone context.
    const listed =
      previousEnd !== -1 &&
      start - previousEnd <= 12 &&
      SERVICE_LIST_GAP.test(masked.slice(previousEnd, start));
    if (!listed && !CALL_CONTEXT.test(masked.slice(Math.max(0, start - 40), start))) continue;
    // `call … section 988`, `call about case #211`: a labelled figure, even after "call".
    if (LABELLED.test(masked.slice(Math.max(0, start - 24), start))) continue;
    out.push({
      kind: 'phone',
      raw: original.slice(start, end),
      normalized: digits,
      vanity: false,
      serviceLine: true,
      start,
      end,
    });
    previousEnd = end;
  }
}

const SERVICE_LIST_GAP = /^[\s,/]{0,4}(?:or|and)?[\s,/]{0,4}$/i;

// Money and percentages: `$415-666-7777`, `415-666-7777%` are amounts, not numbers (as in libphonenumber).
const NEVER_BESIDE = /[0-9$§_/#%£¥€¢]/;
// Latin letters and combining marks only: a number may sit right beside Chinese text (`请拨打415-666-7777`).
const LETTER = /[\p{Script=Latin}\p{M}]/u;
const DASH = new RegExp(`[\\-${PHONE_DASHES}]`);

/** No letter, digit or currency before a number (`+`/`(` may follow a letter), nor dashes. */
function boundaryBefore(text: string, start: number): boolean {
  if (start === 0) return true;
  const prev = text[start - 1]!;
  if (NEVER_BESIDE.test(prev)) return false;
  if (LETTER.test(prev) && text[start] !== '+' && text[start] !== '(') return false;
  // `12.1-617…`, `3,617…` or `4561--617…`: joined to a longer figure.
  if (prev === '.' || prev === ',') return !/\d/.test(text[start - 2] ?? '');
  if (DASH.test(prev)) {
    let k = start - 1;
    while (k > 0 && DASH.test(text[k - 1]!)) k--;
    return !/\d/.test(text[k - 1] ?? '');
  }
  return true;
}

function boundaryAfter(text: string, end: number, vanity: boolean): boolean {
  const next = text[end];
  if (next === undefined) return true;
  if (/[0-9$%£¥€¢]/.test(next)) return false;
  // `x` may start an extension; a vanity number ends at its last keypad letter.
  if (LETTER.test(next) && (vanity || next !== 'x')) return false;
  // A dash straight after the number joins it to what follows (`4561--455…`, `0123-4567`).
  if (DASH.test(next) && !/\s/.test(text[end + 1] ?? ' ')) return false;
  if ((next === '.' || next === ',') && /\d/.test(text[end + 1] ?? '')) return false;
  return true;
}

function blank(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start < at) continue;
    parts.push(text.slice(at, span.start), ' '.repeat(span.end - span.start));
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Where two patterns found overlapping numbers, keep the longer (a vanity number over its digits). */
function dropOverlaps(found: PhoneFinding[]): PhoneFinding[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: PhoneFinding[] = [];
  for (const finding of found) {
    const last = kept[kept.length - 1];
    if (last && finding.start < last.end) {
      if (finding.end - finding.start > last.end - last.start) kept[kept.length - 1] = finding;
      continue;
    }
    kept.push(finding);
  }
  return kept;
}
