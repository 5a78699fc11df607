import { cleanOrgName, orgKey } from './name.js';
import { isPlaceName } from './places.js';

// Bare names: a name without its legal form or article, and an acronym apart from its full name,
// derived once for a directory by the index and by the builder, which reports them.

// A legal-form suffix at the end (`, Inc.`, ` LLC`, `, P.L.L.C.`), `, The` at the end, `The` at the start.
const LEGAL_SUFFIX = /[\s,]+(?:inc|incorporated|l\.?l\.?c|corp|co|ltd|p\.?c|p\.?l\.?l\.?c)\.?\s*$/i;
const TRAILING_THE = /,\s*the\s*$/i;
const LEADING_THE = /^\s*the\s+/i;

/** A name without its legal form and article (`The Arc`, `… Center, Inc.`); null if none/all. */
export function bareOrgName(name: string): string | null {
  let bare = name;
  for (let previous = ''; previous !== bare; ) {
    previous = bare;
    bare = bare
      .replace(LEGAL_SUFFIX, '')
      .replace(TRAILING_THE, '')
      .replace(LEADING_THE, '')
      .replace(/[\s,&-]+$/, '');
  }
  if (bare === name) return null;
  bare = cleanOrgName(bare);
  return bare === cleanOrgName(name) || orgKey(bare).length === 0 ? null : bare;
}

// An acronym and its full name together: `SARC: Sexual …`, `Sexual … (SARC)`, `SARC (Sexual …)`.
const ACRONYM = String.raw`\p{Lu}[\p{Lu}\d&]{1,9}`;
const ACRONYM_FORMS = [
  new RegExp(String.raw`^(${ACRONYM})\s*[:–—-]\s+(.+)$`, 'u'),
  new RegExp(String.raw`^(${ACRONYM})\s*\((.+)\)$`, 'u'),
  new RegExp(String.raw`^(.+?)\s*\((${ACRONYM})\)$`, 'u'),
];

/** A name's bare form, and a true acronym and its full name apart; undefined when none. */
export function otherForms(name: string): string[] | undefined {
  const stripped = bareOrgName(name);
  const base = stripped ?? name;
  const forms = stripped === null ? [] : [stripped];
  for (const form of ACRONYM_FORMS) {
    const match = form.exec(base);
    if (!match) continue;
    const [acronym, full] = /^\p{Lu}[\p{Lu}\d&]*$/u.test(match[1]!)
      ? [match[1]!, match[2]!]
      : [match[2]!, match[1]!];
    // `SFWMD - MIAMI-DADE`: a parent and its site as 211 exports name them; a place names no one.
    if (!isAcronymOf(acronym, full) || isPlaceName(full)) break;
    for (const part of [cleanOrgName(full), acronym])
      if (orgKey(part).length > 0 && !forms.includes(part)) forms.push(bareOrgName(part) ?? part);
    break;
  }
  return forms.length > 0 ? forms : undefined;
}

// Words an acronym leaves out: `Southeastern Tidewater Opportunity Project of Hampton Roads` is STOP.
const MINOR_WORDS: ReadonlySet<string> = new Set(
  'a an and at by for in of on or the to with'.split(' '),
);

/** Whether `acronym` is the in-order initials of `expansion`'s words (`STOP`, not `SFWMD`). */
export function isAcronymOf(acronym: string, expansion: string): boolean {
  const letters = acronym.replace(/[^\p{L}\d]/gu, '').toLowerCase();
  const words = expansion
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter((word) => word.length > 0 && !MINOR_WORDS.has(word));
  if (letters.length < 2 || words.length < 2 || words[0]![0] !== letters[0]) return false;
  let at = 1;
  for (let k = 1; k < words.length && at < letters.length; k++)
    if (words[k]![0] === letters[at]) at++;
  return at === letters.length;
}

export interface BareNames {
  /** Names to match besides the listed ones: each organization's names without legal form. */
  added: Array<{ organization: string; name: string; from: string }>;
  /** Bare names refused because they would name another organization too; neither gets them. */
  collisions: Array<{ name: string; organizations: string[] }>;
}

/** Bare names of a directory's names, O(names); one two organizations would share is refused. */
export function deriveBareNames(
  entries: Iterable<{ organization: string; name: string }>,
  own: readonly string[] = [],
): BareNames {
  const list = Array.isArray(entries) ? entries : [...entries];
  const bare = new Map<string, Array<{ organization: string; name: string; from: string }>>();
  const claim = (organization: string, name: string): void => {
    const forms = otherForms(name);
    if (forms === undefined) return;
    for (const stripped of forms) {
      const key = orgKey(stripped);
      const claims = bare.get(key) ?? [];
      if (!claims.some((claim) => claim.organization === organization))
        claims.push({ organization, name: stripped, from: name });
      bare.set(key, claims);
    }
  };
  for (let k = 0; k < own.length; k++) claim(own[k]!, own[k]!);
  for (let k = 0; k < list.length; k++) claim(list[k]!.organization, list[k]!.name);
  // Who is listed under each bare key, and only those: a Set per listed name was most of the cost
  // of indexing a 100,000-organization directory, where few names have a legal form to strip.
  const listed = new Map<string, Set<string>>();
  if (bare.size > 0) {
    const note = (organization: string, name: string): void => {
      const key = orgKey(name);
      if (bare.has(key))
        (listed.get(key) ?? listed.set(key, new Set()).get(key)!).add(organization);
    };
    for (let k = 0; k < own.length; k++) note(own[k]!, own[k]!);
    for (let k = 0; k < list.length; k++) note(list[k]!.organization, list[k]!.name);
  }
  return settle(bare, listed);
}

/** Each bare key added for its one claimant, or refused as a collision when it names several. */
function settle(
  bare: Map<string, Array<{ organization: string; name: string; from: string }>>,
  listed: Map<string, Set<string>>,
): BareNames {
  const result: BareNames = { added: [], collisions: [] };
  for (const [key, claims] of bare) {
    const owners = new Set([
      ...(listed.get(key) ?? []),
      ...claims.map((claim) => claim.organization),
    ]);
    if (owners.size > 1)
      result.collisions.push({ name: claims[0]!.name, organizations: [...owners].sort() });
    else if (!listed.has(key)) result.added.push(claims[0]!);
  }
  return result;
}
