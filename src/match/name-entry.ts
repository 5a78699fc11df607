import { isAcronymOf, otherForms } from '../normalize/bare-names.js';
import { isCommonWord } from '../normalize/common-words.js';
import { isAmbiguousName, orgKey, tokenize } from '../normalize/name.js';
import { isPlaceName } from '../normalize/places.js';

const NONE: readonly string[] = Object.freeze([]);

/** A listed name or alias; case rule and strength decided on first match (a third of indexing). */
export class ListedName {
  #caseSensitive: boolean | undefined;
  #rawTokens: readonly string[] | undefined;
  #weak: boolean | undefined;

  constructor(
    readonly organization: string,
    readonly name: string,
    /** Punctuation between tokens, spaces removed (`Mass. Legal Help` → `.`): matched as listed. */
    readonly marks: readonly string[],
    /** Punctuation the listed name ends with (`Legal Aid (Boston)` → `)`), kept in the finding. */
    readonly trailing: string,
  ) {}

  /** Ordinary-word names and short acronyms must be written exactly (see `isAmbiguousName`). */
  get caseSensitive(): boolean {
    if (this.#caseSensitive === undefined) {
      const norms = tokenize(this.name).map((token) => token.norm);
      this.#caseSensitive = isAmbiguousName(this.name, norms);
    }
    return this.#caseSensitive;
  }

  /** The listed name's tokens as written, compared when `caseSensitive`; the others share one empty list. */
  get rawTokens(): readonly string[] {
    this.#rawTokens ??= this.caseSensitive ? tokenize(this.name).map((token) => token.raw) : NONE;
    return this.#rawTokens;
  }

  /** Whether the name is weak (`isWeakName`; `sameKey`, the entries of its key), decided on its first match. */
  weak(sameKey: readonly ListedName[]): boolean {
    this.#weak ??= isWeakName(this, sameKey);
    return this.#weak;
  }
}

/**
 * Whether a listed name is weak (it verifies, never charges or fixes): a place, an alias another
 * organization shares (`sameKey`), ordinary words or a role; never its own name or `otherForms`.
 */
export function isWeakName(entry: ListedName, sameKey: readonly ListedName[]): boolean {
  if (entry.name === entry.organization) return false;
  if (isPlaceName(entry.name)) return true;
  if (sameKey.some((other) => other.organization !== entry.organization)) return true;
  const key = orgKey(entry.name);
  if (otherForms(entry.organization)?.some((form) => orgKey(form) === key)) return false;
  // An acronym of the organization's own name is specific, whatever word it spells (`STOP`).
  if (/^[\p{Lu}\d&.]+$/u.test(entry.name) && isAcronymOf(entry.name, entry.organization))
    return false;
  const words = tokenize(entry.name);
  return words.length > 0 && words.every((word) => isCommonWord(word.norm));
}
