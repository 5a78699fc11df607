/**
 * A number written as text (a flag, an environment variable) as the number it says, so the one
 * schema of the setting judges it with the same words as a number in a config; anything else stays
 * text, which that schema then rejects saying what it got. Plain decimals only: `Number('')` is 0
 * and `Number('1e3')` is 1000, neither what a person typing a flag meant.
 */
export function numberFromText(text: string): number | string {
  const trimmed = text.trim();
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : text;
}
