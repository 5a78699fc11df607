import { cleanOrgName } from '../normalize/name.js';
import { normalizeUrl } from '../normalize/url.js';
import type { Fail } from './fields.js';
import { dataRecord } from './schema.js';

/**
 * `org_urls`: each organization's pages, normalized, each one a listed URL, so a correction never
 * offers a page the directory does not vouch for.
 */
export function parseOrgUrls(
  file: { org_urls?: Record<string, string[]> | undefined },
  urls: ReadonlySet<string>,
  addOrg: (name: string) => void,
  fail: Fail,
): { orgUrls?: Record<string, string[]> } {
  const given = file.org_urls;
  if (given === undefined) return {};
  // No prototype: an organization named `constructor` is an ordinary key.
  const orgUrls = dataRecord<string[]>();
  for (const rawName in given) {
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['org_urls', rawName], 'the organization name is empty');
    addOrg(name);
    const list = (orgUrls[name] ??= []);
    given[rawName]!.forEach((raw, index) => {
      const result = normalizeUrl(raw);
      if (!result.ok || !urls.has(result.url))
        fail(
          ['org_urls', rawName, index],
          `${JSON.stringify(raw)} is not one of the "urls"; add it to "urls" or remove it here`,
        );
      else if (!list.includes(result.url)) list.push(result.url);
    });
  }
  return { orgUrls };
}
