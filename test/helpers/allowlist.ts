import { buildIndex, type AllowlistIndex } from '../../src/match/index.js';
import { type AllowlistFile } from '../../src/allowlist/read.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';

/**
 * Build an allowlist index from a partial allowlist file, through the same validation and
 * normalization as a real file (`parseAllowlist`), so tests write numbers and URLs in any format
 * the loader accepts. Missing fields default to empty.
 */
export function makeIndex(partial: Partial<AllowlistFile> = {}): AllowlistIndex {
  const file: AllowlistFile = {
    urls: partial.urls ?? [],
    domains: partial.domains ?? [],
    org_names: partial.org_names ?? [],
    org_phones: partial.org_phones ?? {},
    ...(partial.org_aliases !== undefined ? { org_aliases: partial.org_aliases } : {}),
    ...(partial.org_urls !== undefined ? { org_urls: partial.org_urls } : {}),
  };
  return buildIndex(parseAllowlist(file, 'test-allowlist.json'));
}
