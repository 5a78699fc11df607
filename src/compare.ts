/** Code-unit order, so sorted output does not depend on the machine's locale (as `localeCompare` would). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
