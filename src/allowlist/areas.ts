import { ACCEPTED_FORMS, areaOf, jurisdictionOf } from '../jurisdiction/codes.js';
import { cleanOrgName } from '../normalize/name.js';
import { normalizeUrl } from '../normalize/url.js';
import { dataRecord, type Fail, hostOfDomainEntry } from './fields.js';

/**
 * The allowlist's knowledge of who serves where, all optional so that older files stay valid:
 * `org_areas` (organization → areas), `link_areas` (a URL as in `urls`, or a host as in `domains`
 * → areas) and `jurisdiction` (the default an answer is checked against when no front gives one).
 * An area is a state, DC or territory code or name, or `US`/`national` for the whole country.
 */
export interface AllowlistAreas {
  /** Organization (cleaned as in `org_names`) → area codes. */
  orgAreas?: Record<string, string[]>;
  /** Normalized URL or host → area codes. */
  linkAreas?: Record<string, string[]>;
  /** A jurisdiction code. */
  jurisdiction?: string;
}

export interface AreaFields {
  org_areas?: Record<string, string[]> | undefined;
  link_areas?: Record<string, string[]> | undefined;
  jurisdiction?: string | undefined;
}

/** Validate and normalize the area fields of an allowlist file; each bad entry goes to `fail` and is left out. */
export function parseAreaFields(file: AreaFields, fail: Fail): AllowlistAreas {
  const out: AllowlistAreas = {};
  if (file.jurisdiction !== undefined) {
    const code = jurisdictionOf(file.jurisdiction);
    if (code === null)
      fail(
        ['jurisdiction'],
        `${JSON.stringify(file.jurisdiction)} is not a jurisdiction; write ${ACCEPTED_FORMS}`,
      );
    else out.jurisdiction = code;
  }
  if (file.org_areas !== undefined)
    out.orgAreas = areaRecord(file.org_areas, 'org_areas', fail, (key) => {
      const name = cleanOrgName(key);
      return name.length > 0 ? name : null;
    });
  if (file.link_areas !== undefined)
    out.linkAreas = areaRecord(file.link_areas, 'link_areas', fail, linkKey);
  return out;
}

/** A `link_areas` key: a full URL (normalized as `urls` are) or a host (as `domains` are). */
function linkKey(key: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(key.trim())) {
    const url = normalizeUrl(key);
    return url.ok ? url.url : null;
  }
  return hostOfDomainEntry(key);
}

function areaRecord(
  record: Record<string, string[]>,
  field: string,
  fail: Fail,
  keyOf: (key: string) => string | null,
): Record<string, string[]> {
  const out = dataRecord<string[]>();
  for (const key in record) {
    const normalized = keyOf(key);
    if (normalized === null) {
      fail(
        [field, key],
        field === 'org_areas'
          ? 'the organization name is empty'
          : `${JSON.stringify(key)} is neither a URL nor a host; write it as in "urls" or "domains"`,
      );
      continue;
    }
    const list = (out[normalized] ??= []);
    record[key]!.forEach((written, index) => {
      const area = areaOf(written);
      if (area === null)
        fail(
          [field, key, index],
          `${JSON.stringify(written)} is not an area; write ${ACCEPTED_FORMS}, or US for the whole country`,
        );
      else if (!list.includes(area)) list.push(area);
    });
  }
  return out;
}
