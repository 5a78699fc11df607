import { formatPhone } from './phone.js';

/** `e164` laid out as the answer wrote `example`, extension dropped; else `formatPhone`. */
export function writePhoneLike(example: string, e164: string): string {
  const national = /^\+1(\d{10})$/.exec(e164)?.[1];
  if (national === undefined || /[A-Za-z]/.test(mainPart(example))) return formatPhone(e164);
  const main = mainPart(example);
  const count = (main.match(/\d/g) ?? []).length;
  const first = /\d/.exec(main)?.[0];
  const digits = count === 10 ? national : count === 11 && first === '1' ? `1${national}` : null;
  if (digits === null) return formatPhone(e164);
  let next = 0;
  let out = '';
  for (const char of main) {
    if (/\d/.test(char)) out += digits[next++];
    else out += char;
  }
  return out;
}

/** The example up to its last digit of the main number: the extension and what follows go. */
function mainPart(example: string): string {
  const ext = /[ \t]*,?[ \t]*(?:extension|ext\.?|x)[.:]?[ \t]*\d+\s*$/i.exec(example);
  const core = ext ? example.slice(0, ext.index) : example;
  // Trailing text after the last digit (a closing bracket belongs to the layout only before it).
  const last = core.search(/\d(?!.*\d)/s);
  return last === -1 ? core : core.slice(0, last + 1);
}
