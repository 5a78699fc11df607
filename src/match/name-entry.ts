import { isAmbiguousName, tokenize } from '../normalize/name.js';

/** One listed name or alias as the organization matcher (`orgs.ts`) holds it. */
export interface NameEntry {
  /** The organization this name belongs to. */
  readonly organization: string;
  /** The name or alias as listed. */
  readonly name: string;
  /** Ordinary-word names and short acronyms must be written exactly (see `isAmbiguousName`). */
  readonly caseSensitive: boolean;
  /** The listed name's tokens as written, compared when `caseSensitive`. */
  readonly rawTokens: readonly string[];
  /**
   * The punctuation between each pair of tokens, spaces removed (`Mass. Legal Help` → `.`, ``).
   * Where the text has sentence punctuation between two words, a name only matches across it if
   * the listed name has the same punctuation there (`Legal Aid (Boston)`).
   */
  readonly marks: readonly string[];
  /** Punctuation the listed name ends with (`Legal Aid (Boston)` → `)`), kept in the finding. */
  readonly trailing: string;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * A `NameEntry` whose case rule is decided the first time a text's words match the name, not when
 * the directory is indexed: of 100,000 names an answer matches a handful, and deciding every one
 * (its words looked up in the common-word list, which loads on first use) was about a third of
 * building the index. `simple`: the name is ASCII words and single spaces (see `orgs.ts`), so its
 * tokens are its words.
 */
export class ListedName implements NameEntry {
  readonly organization: string;
  readonly name: string;
  readonly marks: readonly string[];
  readonly trailing: string;
  readonly #simple: boolean;
  #caseSensitive: boolean | undefined;
  #rawTokens: readonly string[] | undefined;

  constructor(
    organization: string,
    name: string,
    simple: boolean,
    marks: readonly string[] = NONE,
    trailing = '',
  ) {
    this.organization = organization;
    this.name = name;
    this.#simple = simple;
    this.marks = marks;
    this.trailing = trailing;
  }

  get caseSensitive(): boolean {
    if (this.#caseSensitive === undefined) {
      const norms = this.#simple
        ? this.name.toLowerCase().split(' ')
        : tokenize(this.name).map((token) => token.norm);
      this.#caseSensitive = isAmbiguousName(this.name, norms);
    }
    return this.#caseSensitive;
  }

  /** Only compared for case-sensitive names; the others share one empty list. */
  get rawTokens(): readonly string[] {
    this.#rawTokens ??= !this.caseSensitive
      ? NONE
      : this.#simple
        ? this.name.split(' ')
        : tokenize(this.name).map((token) => token.raw);
    return this.#rawTokens;
  }
}
