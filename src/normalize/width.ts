/**
 * The one full-width normalizer: the full-width forms of ASCII (U+FF01–U+FF5E: `１`, `％`, `：`, `Ａ`)
 * as their ASCII characters and the ideographic space (U+3000) as a space, as East Asian input
 * methods and typesetting write them. Each character maps to one character, so a span found in
 * the result is a span in the text as given.
 *
 * Which forms a reader folds is its own rule, named here beside the others so that the mapping is
 * written once: quotations compare every form as ASCII; a figure folds only the marks a number is
 * written with (a full-width comma in CJK text separates clauses, `1，2` is two numbers, not
 * 1,200's `1,2`); a citation marker's id folds digits; a phone number its digits and punctuation.
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
