import { bundledDataPath } from '../util/bundled-data.js';
import { FILE_LIMITS } from '../defaults.js';
import { InputError } from '../errors.js';
import { readInputFileSync } from '../util/safe-file.js';

/** The registered `.gov` domains (CISA publishes each), as of a snapshot the reason dates. */
export interface GovRegistry {
  /** `YYYY-MM-DD` of the snapshot. */
  readonly date: string;
  /** Registered domains, lower case (`mass.gov`). */
  readonly domains: ReadonlySet<string>;
  /** Domain → the state or `US` its registry type proves (none: Tribal, Interstate, no state). */
  readonly areas: ReadonlyMap<string, string>;
}

/** The area a registry row's type and state prove, or null; also for `refresh-dotgov.ts`. */
export function areaOfRegistryType(type: string, state: string): string | null {
  const kind = type
    .replace(/\s*-\s*Election$/i, '')
    .trim()
    .toLowerCase();
  if (kind === 'federal' || kind.startsWith('federal -')) return 'US';
  if (!/^[A-Z]{2}$/.test(state)) return null;
  return STATE_KINDS.has(kind) ? state : null;
}

const STATE_KINDS = new Set([
  'state or territory',
  'county',
  'city',
  'special district',
  'school district',
]);

/**
 * The shipped file (`# snapshot: …`, `domain[,AREA]`) or CISA's `current-full.csv`, split on commas:
 * the type (second) precedes any quoted comma. `fallbackDate` dates a file that does not say.
 */
export function parseGovRegistry(text: string, fallbackDate: string): GovRegistry {
  const domains = new Set<string>();
  const areas = new Map<string, string>();
  let date = fallbackDate;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed.length === 0) continue;
    if (trimmed.startsWith('#')) {
      const snapshot = /^#\s*snapshot:\s*(\d{4}-\d{2}-\d{2})/.exec(trimmed);
      if (snapshot) date = snapshot[1]!;
      continue;
    }
    const cells = trimmed.split(',');
    const first = cells[0]!.replace(/^"|"$/g, '').trim().toLowerCase();
    if (!first.endsWith('.gov')) continue;
    domains.add(first);
    const area =
      cells.length === 2
        ? /^(?:[A-Z]{2})$/.exec(cells[1]!.trim())?.[0]
        : cells.length > 2
          ? areaOfRegistryType(unquote(cells[1]!), unquote(cells[cells.length - 1]!))
          : null;
    if (area) areas.set(first, area);
  }
  return { date, domains, areas };
}

function unquote(cell: string): string {
  return cell.replace(/^"|"$/g, '').trim();
}

const BUNDLED = 'dotgov-domains.txt';
const cache = new Map<string, GovRegistry>();
let bundledPath: string | undefined;

/** The registry in `path` or the shipped one, read once; `InputError` if unreadable or empty. */
export function loadGovRegistry(path?: string): GovRegistry {
  // Found once: a stat and a URL parse per link were a third of an answer of 10,000 links.
  const file = path ?? (bundledPath ??= bundledDataPath(BUNDLED));
  const cached = cache.get(file);
  if (cached) return cached;
  const { bytes, info } = readInputFileSync(file, {
    what: 'the .gov registry',
    maxBytes: FILE_LIMITS.registry,
    systemError: (error) =>
      new InputError(
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_UNREADABLE',
        `cannot read the .gov registry: ${(error as Error).message}; give the path of CISA's current-full.csv or a file of one domain a line`,
        { where: file, cause: error },
      ),
  });
  const registry = parseGovRegistry(bytes.toString('utf8'), info.mtime.toISOString().slice(0, 10));
  if (registry.domains.size === 0) {
    throw new InputError(
      'INVALID_CONFIG',
      `the .gov registry lists no .gov domain; give CISA's current-full.csv or a file of one domain a line`,
      { where: file },
    );
  }
  cache.set(file, registry);
  return registry;
}
