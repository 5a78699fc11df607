import { isAcronymOf, otherForms } from '../normalize/bare-names.js';
import { isCommonWord } from '../normalize/common-words.js';
import { isAmbiguousName, orgKey, tokenize } from '../normalize/name.js';
import { isPlaceName } from '../normalize/places.js';

const NONE: readonly string[] = Object.freeze([]);

/**
 * One listed name or alias as the organization matcher (`orgs.ts`) holds it. Its case rule and
 * its strength are decided the first time a text's words match the name, not when the directory
 * is indexed: of 100,000 names an answer matches a handful, and deciding every one (its words
 * looked up in the common-word list, which loads on first use) was about a third of building the
 * index.
 */
export class ListedName {
  #caseSensitive: boolean | undefined;
  #rawTokens: readonly string[] | undefined;
  #weak: boolean | undefined;

  constructor(
    /** The organization this name belongs to. */
    readonly organization: string,
    /** The name or alias as listed. */
    readonly name: string,
    /**
     * The punctuation between each pair of tokens, spaces removed (`Mass. Legal Help` → `.`, ``).
     * Where the text has sentence punctuation between two words, a name only matches across it
     * if the listed name has the same punctuation there (`Legal Aid (Boston)`).
     */
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
 * Whether a listed name is weak: one that may verify a number but never charges one, never drives
 * a fix, and never matches inside a longer capitalized name (`findOrganizations`). An
 * organization's own listed name, and its forms without legal form or as a true acronym pair
 * (`otherForms`), are strong; a name that is only a place is weak; an alias is weak when another organization is listed under the same
 * words (`sameKey`, the entries of its key), or when it is made only of ordinary words or a role
 * (`State Attorney's Office`, `Pro Bono`, `Legal Aid`: `isCommonWord`). Decided once per name, on
 * the first match (`ListedName.weak` keeps it).
 */
export function isWeakName(entry: ListedName, sameKey: readonly ListedName[]): boolean {
  if (entry.name === entry.organization) return false;
  // A place is never an organization on its own (`isPlaceName`).
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
