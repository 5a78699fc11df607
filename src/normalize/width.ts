/**
 * The one full-width normalizer (U+FF01–U+FF5E, U+3000), one character for one, and which forms each
 * reader folds: a figure only a number's marks (`1，2` is two numbers in CJK), a marker its digits.
 */
export const WIDTH_FORMS = {
  all: /[\u3000\uff01-\uff5e]/g,
  /** Digits, `％`, `．`, `＄`. */
  figure: /[\uff10-\uff19\uff05\uff0e\uff04]/g,
  digit: /[\uff10-\uff19]/g,
  /** Digits, `＋－（）．／` and the ideographic space. */
  phone: /[\u3000\uff08\uff09\uff0b\uff0d\uff0e\uff0f\uff10-\uff19]/g,
} as const satisfies Record<string, RegExp>;

/** `text` with the full-width characters of `forms` (a global class of `WIDTH_FORMS`) as ASCII. */
export function halfWidth(text: string, forms: RegExp = WIDTH_FORMS.all): string {
  // `replace` starts a global expression from 0, so the shared ones carry no state between calls.
  return text.replace(forms, toAscii);
}

function toAscii(char: string): string {
  return char === '\u3000' ? ' ' : String.fromCharCode(char.charCodeAt(0) - 0xfee0);
}
