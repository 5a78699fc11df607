import { namesOf, type Allowlist } from '../src/allowlist/read.js';
import { houseMessage } from '../src/input/issues.js';
import { isCommonWord } from '../src/normalize/common-words.js';
import { deriveBareNames } from '../src/normalize/bare-names.js';
import { orgKey, tokenize } from '../src/normalize/name.js';
import type { AliasClaim, BuildNote, BuildWarning, OrgEntry } from './types.js';

// The names an organization goes by besides its own, settled once every row is read: its aliases,
// and its name without the legal form.

/**
 * Add each alias to its organization unless it is no name, its own name, another organization's
 * name or another's alias (`claims`, by alias key): each refusal a warning or note. After every
 * row is read, since an alias may name an organization a later row lists.
 */
export function settleAliases(
  pending: ReadonlyArray<{ alias: string; claim: AliasClaim }>,
  orgs: ReadonlyMap<string, OrgEntry>,
  claims: Map<string, AliasClaim>,
  warnings: BuildWarning[],
  notes: BuildNote[],
): void {
  for (const { alias, claim } of pending) {
    const aliasKey = orgKey(alias);
    const org = orgs.get(claim.orgKey)!;
    const { source, row, line, column } = claim;
    const at = { source, row, line, column, value: alias };
    if (aliasKey.length === 0) {
      warnings.push({
        ...at,
        code: 'ALIAS_CONFLICT',
        message: houseMessage(
          `${JSON.stringify(alias)} is not a name; alias skipped`,
          'write another name the organization goes by, or leave the cell empty',
        ),
      });
      continue;
    }
    if (aliasKey === claim.orgKey) {
      notes.push({
        ...at,
        code: 'ALIAS_IS_NAME',
        message: `${JSON.stringify(alias)} is the organization's own name; not added as an alias`,
      });
      continue;
    }
    const named = orgs.get(aliasKey);
    if (named) {
      warnings.push({
        ...at,
        code: 'ALIAS_CONFLICT',
        message: houseMessage(
          `${JSON.stringify(alias)} is the name of another organization; not added as an alias of ${JSON.stringify(org.name)}, since the verifier could not tell the two apart`,
          'remove it from this row',
        ),
      });
      continue;
    }
    const holder = claims.get(aliasKey);
    if (holder && holder.orgKey !== claim.orgKey) {
      const where =
        holder.row === 0
          ? holder.source
          : `${holder.source === claim.source ? '' : `${holder.source} `}row ${holder.row}`;
      warnings.push({
        ...at,
        code: 'ALIAS_CONFLICT',
        message: houseMessage(
          `${JSON.stringify(alias)} is already an alias of ${JSON.stringify(orgs.get(holder.orgKey)!.name)} (${where}); not added to ${JSON.stringify(org.name)}, since a name shared by two organizations attributes nothing`,
          'keep it on the one organization it names',
        ),
      });
      continue;
    }
    if (!holder) claims.set(aliasKey, claim);
    if (org.aliases.some((existing) => orgKey(existing) === aliasKey)) continue;
    org.aliases.push(alias);
    if (tokenize(alias).every((token) => isCommonWord(token.norm)))
      warnings.push({
        ...at,
        code: 'COMMON_WORD_ALIAS',
        message: houseMessage(
          `${JSON.stringify(alias)} is an ordinary English word; kept as an alias of ${JSON.stringify(org.name)}, and the verifier takes it for the organization only where it is written as a name (${JSON.stringify(alias)} exactly, not inside a heading or sentence in capitals)`,
          'keep it if answers write the organization so, or drop it from this row to match the full name only',
        ),
      });
  }
}

/**
 * The names the verifier also matches without their legal form (`deriveBareNames`): a note each,
 * and a warning for a bare name two organizations would share (then neither gets it).
 */
export function reportBareNames(
  allowlist: Allowlist,
  orgs: ReadonlyMap<string, OrgEntry>,
  baseSource: string,
  notes: BuildNote[],
  warnings: BuildWarning[],
): void {
  const at = (organization: string): { source: string; row: number; line: number } => {
    const first = orgs.get(orgKey(organization))?.first;
    return first
      ? { source: first.source, row: first.row, line: first.line }
      : { source: baseSource, row: 0, line: 0 };
  };
  const bare = deriveBareNames(namesOf(allowlist));
  for (const added of bare.added) {
    notes.push({
      ...at(added.organization),
      code: 'BARE_NAME',
      value: added.from,
      message: `${JSON.stringify(added.from)} is also matched as ${JSON.stringify(added.name)}, without its legal form, as answers write it`,
    });
  }
  for (const collision of bare.collisions) {
    const [first] = collision.organizations;
    warnings.push({
      ...at(first!),
      code: 'BARE_NAME_CONFLICT',
      value: collision.name,
      message: houseMessage(
        `${JSON.stringify(collision.name)} (a name without its legal form) would name ${collision.organizations.map((name) => JSON.stringify(name)).join(' and ')}; none of them is matched by it, so answers must use the full name`,
        'add it as an alias of the one it means, if one is meant',
      ),
    });
  }
}
