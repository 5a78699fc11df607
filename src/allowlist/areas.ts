import { ACCEPTED_FORMS, areaOf, jurisdictionOf } from '../jurisdiction/codes.js';
import { cleanOrgName } from '../normalize/name.js';
import { normalizeUrl } from '../normalize/url.js';
import { type Fail, hostOfDomainEntry, type Read, readLists } from './fields.js';

/**
 * Who serves where, optional so older files stay valid. An area is a state, DC or territory, or
 * `US` for the whole country; `jurisdiction` is the default an answer is checked against.
 */
export interface AllowlistAreas {
  orgAreas?: Record<string, string[]>;
  /** Normalized URL or host → area codes. */
  linkAreas?: Record<string, string[]>;
  jurisdiction?: string;
}

export interface AreaFields {
  org_areas?: Record<string, string[]> | undefined;
  link_areas?: Record<string, string[]> | undefined;
  jurisdiction?: string | undefined;
}

/** Validate and normalize the area fields; each bad entry goes to `fail` and is left out. */
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
    out.orgAreas = readLists('org_areas', file.org_areas, fail, readArea, {
      of: (key) => cleanOrgName(key) || null,
    });
  if (file.link_areas !== undefined)
    out.linkAreas = readLists('link_areas', file.link_areas, fail, readArea, {
      of: linkKey,
      problem: (key) =>
        `${JSON.stringify(key)} is neither a URL nor a host; write it as in "urls" or "domains"`,
    });
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

function readArea(written: string): Read {
  return (
    areaOf(written) ?? {
      problem: `${JSON.stringify(written)} is not an area; write ${ACCEPTED_FORMS}, or US for the whole country`,
    }
  );
}
