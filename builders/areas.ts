import type { Allowlist } from '../src/allowlist/read.js';
import { dataRecord } from '../src/allowlist/fields.js';
import { houseMessage } from '../src/input/issues.js';
import { ACCEPTED_FORMS, areaOf } from '../src/jurisdiction/codes.js';
import type { AreaState, BuildState } from './types.js';
import { cellOf, isBlank, type RowContext } from './values.js';

// The service-area column: each row's areas onto its organization and every link it lists. One
// given without an area by some row keeps none: the verifier calls a link wrong only on proof.

/** The area column's cell split as other multi-value cells are (`;`, `,`, `|`, `/`, new lines). */
export function parseAreaCell(cell: string): string[] {
  return cell
    .split(/[\n;,|/]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** The row's areas (none: null) onto its organization and `links`, which the row vouches for. */
export function readAreas(
  state: BuildState,
  context: RowContext,
  key: string,
  links: readonly string[],
): void {
  const column = context.cols.area;
  if (column === undefined) return;
  const areas = (state.areas ??= { orgs: new Map(), links: new Map() });
  let found: Set<string> | null = null;
  if (!isBlank(state, context, column)) {
    for (const part of parseAreaCell(cellOf(context, column))) {
      const area = areaOf(part);
      if (area !== null) (found ??= new Set()).add(area);
      else
        state.warnings.push({
          ...context.at,
          code: 'BAD_AREA',
          column: column.name,
          value: part,
          message: houseMessage(
            `${JSON.stringify(part)} is not an area; value skipped`,
            `write ${ACCEPTED_FORMS}, or US for the whole country; several separated by ;`,
          ),
        });
    }
  }
  merge(areas.orgs, key, found);
  for (const link of links) merge(areas.links, link, found);
}

function merge(map: Map<string, Set<string> | null>, key: string, found: Set<string> | null): void {
  const known = map.get(key);
  if (known === undefined) map.set(key, found === null ? null : new Set(found));
  else if (known === null) return;
  else if (found === null) map.set(key, null);
  else for (const area of found) known.add(area);
}

/** The base allowlist's areas (`--merge`) first, so a rebuilt directory keeps them. */
export function seedAreas(
  state: BuildState,
  base: Allowlist,
  orgKeyOf: (name: string) => string,
): void {
  if (base.orgAreas === undefined && base.linkAreas === undefined) return;
  const areas: AreaState = (state.areas ??= { orgs: new Map(), links: new Map() });
  for (const [name, list] of Object.entries(base.orgAreas ?? {}))
    merge(areas.orgs, orgKeyOf(name), new Set(list));
  for (const [link, list] of Object.entries(base.linkAreas ?? {}))
    merge(areas.links, link, new Set(list));
}

/** The allowlist's `orgAreas` and `linkAreas` from the state: only what every row agreed is known. */
export function areasOfState(
  state: BuildState,
  nameOf: (key: string) => string | undefined,
): Pick<Allowlist, 'orgAreas' | 'linkAreas'> {
  if (state.areas === undefined) return {};
  const orgAreas = dataRecord<string[]>();
  for (const [key, set] of state.areas.orgs) {
    const name = nameOf(key);
    if (set !== null && name !== undefined) orgAreas[name] = [...set];
  }
  const linkAreas = dataRecord<string[]>();
  for (const [link, set] of state.areas.links) if (set !== null) linkAreas[link] = [...set];
  return { orgAreas, linkAreas };
}
