import { buildIndex, type AllowlistIndex } from '../../src/match/index.js';
import { type AllowlistFile } from '../../src/allowlist/read.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';

/** A small directory with the shapes that matter: shared numbers, aliases, ordinary-word names. */
export const DIRECTORY: AllowlistFile = {
  urls: ['https://www.mass.gov/orgs/housing-court', 'https://masslegalhelp.org/housing'],
  domains: ['masslegalhelp.org', 'gbls.org', 'lawhelp.org'],
  org_names: [
    'Greater Boston Legal Services',
    'Legal Aid Society of Boston',
    'Legal Aid',
    'Boston Municipal Court',
    'Eastern Housing Court',
  ],
  org_phones: {
    'Greater Boston Legal Services': ['(617) 371-1234'],
    'Legal Aid Society of Boston': ['617-555-0100', '1-800-555-0199'],
    'Boston Municipal Court': ['(617) 788-8600'],
    'Eastern Housing Court': ['617 788 8485', '(617) 788-8600'],
  },
  org_aliases: { 'Greater Boston Legal Services': ['GBLS'] },
};

let cached: AllowlistIndex | undefined;
export function directoryIndex(): AllowlistIndex {
  cached ??= buildIndex(parseAllowlist(DIRECTORY, 'properties-allowlist.json'));
  return cached;
}
