/**
 * A number typed as text (a flag) as that number, else the text, so the setting's one schema judges
 * it. Plain decimals only: `Number('')` is 0 and `Number('1e3')` 1000, not what a person meant.
 */
export function numberFromText(text: string): number | string {
  const trimmed = text.trim();
  return /^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : text;
}
