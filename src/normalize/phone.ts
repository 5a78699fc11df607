import { SERVICE_LINES } from '../defaults.js';
import { halfWidth, WIDTH_FORMS } from './width.js';

/**
 * The one phone normalizer (NANP), by hand: libphonenumber-js drops fictional 555 and some toll-free
 * numbers, reads `1-800-LAW-HELP` as `+11800` and is ~15× slower. An extension is kept apart: an
 * answer adding one to the listed number still gives the right number.
 */
export type PhoneNormalization =
  | { ok: true; e164: string; extension?: string; vanity: boolean; serviceLine: boolean }
  | { ok: false; reason: string };

const KEYPAD: Record<string, string> = {};
for (const [digit, letters] of [
  ['2', 'ABC'],
  ['3', 'DEF'],
  ['4', 'GHI'],
  ['5', 'JKL'],
  ['6', 'MNO'],
  ['7', 'PQRS'],
  ['8', 'TUV'],
  ['9', 'WXYZ'],
] as const) {
  for (const letter of letters) KEYPAD[letter] = digit;
}

/** Letters on a telephone keypad, for vanity numbers. */
export function keypadDigit(letter: string): string | undefined {
  return KEYPAD[letter.toUpperCase()];
}

// `x` or `ext` glued to a letter is part of a vanity spelling (`1-200-ADG-WWX0`), not an extension.
// Seven digits at most, as libphonenumber allows (`(800) 901-3355 ext: 7246433`).
const EXTENSION = /\s*[,;]?\s*(?:(?<![A-Za-z])(?:extension|ext\.?|x)[.:]?|#)\s*(\d{1,7})\s*$/i;
// Dashes besides the hyphen (Unicode hyphens, figure, en, em dashes, minus): one class for all.
export const PHONE_DASHES = '\\u2010-\\u2015\\u2212';
const PLAIN_NUMBER = /^(?:\+?1[ .-]?)?\(?(\d{3})\)?[ .-]?(\d{3})[ .-]?(\d{4})$/;
const ALLOWED = new RegExp(`^[\\s\\d()+\\-./A-Za-z${PHONE_DASHES}]*$`);

export function normalizePhone(input: string): PhoneNormalization {
  // Most numbers are written plainly (`(617) 555-0123`, `+1 617.555.0123`): one match reads them as
  // the steps below would, before folding and trimming, which change none. Measured: loading a
  // 100,000-organization allowlist spent a fifth of its time here.
  const plain = PLAIN_NUMBER.exec(input);
  if (plain) {
    const digits = plain[1]! + plain[2]! + plain[3]!;
    const notNanp = whyNotNanp(digits);
    return notNanp === null
      ? { ok: true, e164: `+1${digits}`, vanity: false, serviceLine: false }
      : { ok: false, reason: notNanp };
  }
  let text = foldPhoneText(input).trim();
  if (text.length === 0) return { ok: false, reason: 'empty' };
  let extension: string | undefined;
  const ext = EXTENSION.exec(text);
  if (ext && /\d/.test(text.slice(0, ext.index))) {
    extension = ext[1];
    text = text.slice(0, ext.index);
  }
  if (!ALLOWED.test(text))
    return { ok: false, reason: 'contains characters a phone number does not have' };
  let digits = '';
  // For each keypad digit, whether it was written as a letter.
  const fromLetter: boolean[] = [];
  for (const char of text) {
    const digit = char >= '0' && char <= '9' ? char : KEYPAD[char.toUpperCase()];
    if (digit === undefined) continue;
    digits += digit;
    fromLetter.push(digit !== char);
  }
  const hasLetters = fromLetter.includes(true);
  if (!hasLetters && SERVICE_LINES.has(digits) && !text.includes('+')) {
    // A service line is written as its three digits; `(711) -` is an area code whose number is missing.
    if (!/^\d{3}$/.test(text.trim()))
      return {
        ok: false,
        reason: `has 3 digits written as an area code (${text.trim()}); a service line is written as its three digits, a number has 10`,
      };
    return withExtension({ ok: true, e164: digits, vanity: false, serviceLine: true }, extension);
  }
  if (text.trimStart().startsWith('+') && !digits.startsWith('1'))
    return { ok: false, reason: 'not a North American number (country code is not +1)' };
  // Phones ignore letters past the last digit a vanity number needs (`1-800-LAWYERS-NOW`), but the
  // letters must spell part of the number: `617-555-0123 main` is a number followed by a word.
  const kept = hasLetters ? (digits.startsWith('1') ? 11 : 10) : digits.length;
  const letters = fromLetter.slice(0, kept).filter(Boolean).length;
  if (hasLetters && letters < 3)
    return {
      ok: false,
      reason: letters === 0 ? 'letters after the number' : 'letters mixed into a number',
    };
  const vanity = letters > 0;
  // A vanity number spells its line, not its area code: `7 NEWS CONSUMER LINE` is a name.
  const trunk = digits.startsWith('1') ? 1 : 0;
  if (vanity && fromLetter.slice(trunk, trunk + 3).some(Boolean))
    return { ok: false, reason: 'letters in the area code; a vanity number writes it in digits' };
  if (vanity) digits = digits.slice(0, kept);
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10)
    return {
      ok: false,
      reason: `has ${digits.length} digits; a North American number has 10 (or 11 starting with 1)`,
    };
  const notNanp = whyNotNanp(digits);
  if (notNanp !== null) return { ok: false, reason: notNanp };
  return withExtension({ ok: true, e164: `+1${digits}`, vanity, serviceLine: false }, extension);
}

/** Why ten digits are no NANP number (0/1 starts; N11, N9X, 37X, 96X area codes), or null. */
function whyNotNanp(tenDigits: string): string | null {
  const area = tenDigits.slice(0, 3);
  const exchange = tenDigits.slice(3, 6);
  if (area[0]! < '2' || exchange[0]! < '2') return 'area code or exchange cannot start with 0 or 1';
  if (area[1] === '1' && area[2] === '1')
    return `area code ${area} is a service code, not an area code`;
  if (area[1] === '9' || area.startsWith('37') || area.startsWith('96'))
    return `area code ${area} does not exist (the numbering plan reserves it)`;
  return null;
}

/** Full-width digits and phone punctuation as ASCII, one character for one, so spans carry over. */
export function foldPhoneText(text: string): string {
  return halfWidth(text, WIDTH_FORMS.phone);
}

/**
 * A written NANP number for extractor and builder, on `foldPhoneText` output; bounded, so each
 * attempt is constant time: `+1`/`++1`, one separator between groups, or `(1800) 7493.524`.
 */
const SEP = `[ \\t.\\-\\u00a0${PHONE_DASHES}]`;
export const PHONE_SHAPE = `(?:\\+{0,2}1${SEP}?)?(?:\\(1?\\d{3}\\)${SEP}?(?:\\d{3}${SEP}?\\d{4}|\\d{4}[ .\\-]\\d{3})|\\d{3}(?:${SEP}|/)?\\d{3}${SEP}?\\d{4})`;
/** Vanity numbers in capitals (`1-800-LAW-HELP`): the same prefix and area code, then 7–11 keypad characters in at most three groups. */
export const VANITY_SHAPE = `(?:\\+?1${SEP}?)?(?:\\(\\d{3}\\)${SEP}?|\\d{3}${SEP})[A-Z0-9]{2,8}(?:[.\\-][A-Z0-9]{2,8}){0,2}`;
/** An extension after a number: `ext. 12`, `, ext 7246433`, `x 123`, `extension: 4`; up to seven digits. */
export const EXTENSION_AFTER =
  /^[ \t]{0,2},?[ \t]{0,2}(?:extension|ext\.?|x)[.:]?[ \t]{0,2}(\d{1,7})(?![\dA-Za-z])/i;
/** An extension run into a word or a longer figure (`x 7246433forme`): the number is part of something else. */
export const EXTENSION_JOINED =
  /^[ \t]{0,2},?[ \t]{0,2}(?:extension|ext\.?|x)[.:]?[ \t]{0,2}(?:\d{1,7}(?!\d)\p{L}|\d{8})/iu;

function withExtension(
  result: { ok: true; e164: string; vanity: boolean; serviceLine: boolean },
  extension: string | undefined,
): PhoneNormalization {
  return extension === undefined ? result : { ...result, extension };
}

/** `+16175550123` → `(617) 555-0123`, for reasons a person reads. */
export function formatPhone(e164: string): string {
  if (/^\+1\d{10}$/.test(e164)) return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
  return e164;
}
