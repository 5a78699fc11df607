import type { Allowlist } from '../src/allowlist/read.js';
import { BUILDER_SHOWN } from '../src/defaults.js';
import { compareStrings } from '../src/util/strings.js';
import { formatTablePlace } from '../src/input/table.js';
import { describeDelimiter, describeItem } from './messages.js';
import type {
  BuildNote,
  BuildResult,
  BuildState,
  BuildSummary,
  BuildWarning,
  CsvEncoding,
  SharedHost,
  Table,
} from './types.js';

/** How to see the rest, where the summary stops listing. */
const MORE_HINT =
  '--messages FILE writes every warning and note to FILE, --messages - lists them here';

/** The summary's figures; `base` is the allowlist merged into, as it was before the build. */
export function summarizeBuild(
  allowlist: Allowlist,
  state: BuildState,
  tables: readonly Table[],
  merged: { base: Allowlist | undefined; baseSource: string; sharedHostMinOrgs: number },
): BuildSummary {
  const { hostOrgs, orgs, warnings, notes } = state;
  const { base } = merged;
  const sharedHosts: SharedHost[] = [...hostOrgs]
    .filter(([, owners]) => owners.size >= merged.sharedHostMinOrgs)
    .map(([host, owners]) => ({ host, organizations: owners.size }))
    .sort((a, b) => b.organizations - a.organizations || compareStrings(a.host, b.host));

  const numberOwners = new Map<string, number>();
  for (const numbers of Object.values(allowlist.orgPhones))
    for (const number of numbers) numberOwners.set(number, (numberOwners.get(number) ?? 0) + 1);
  const summary: BuildSummary = {
    files: tables.map(({ source, rows, blankRows, encoding, delimiter, notes }) => {
      return { source, rows: rows.length, blankRows, encoding, delimiter, notes };
    }),
    rowsRead: state.rowsRead,
    rowsUsed: state.rowsUsed,
    rowsSkipped: state.rowsSkipped,
    rowsRealigned: state.rowsRealigned,
    organizations: allowlist.orgNames.length,
    organizationsWithoutNumber: [...orgs.values()].filter((org) => org.phones.length === 0).length,
    urls: allowlist.urls.length,
    domains: allowlist.domains.length,
    numbers: numberOwners.size,
    sharedNumbers: [...numberOwners.values()].filter((count) => count > 1).length,
    aliases: Object.values(allowlist.orgAliases).reduce((sum, list) => sum + list.length, 0),
    warnings: warnings.length,
    notes: notes.length,
    deriveDomains: state.deriveDomains,
    sharedHosts,
  };
  if (base) {
    summary.base = {
      source: merged.baseSource,
      organizations: base.orgNames.length,
      urls: base.urls.length,
      domains: base.domains.length,
      numbers: new Set(Object.values(base.orgPhones).flat()).size,
    };
  }
  return summary;
}

const ENCODING_NAMES: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 with BOM',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The build summary for standard error: each file read, the allowlist's figures, the shared-portal
 * advice, the rows dropped whole, then the other warnings and the notes, each code's repeats
 * folded into a count unless `all` (`--messages -`). Ends with a newline.
 */
export function formatSummary(
  result: BuildResult,
  command = 'build-allowlist',
  options: { all?: boolean } = {},
): string {
  const { summary, warnings, notes } = result;
  const lines: string[] = [];
  for (const file of summary.files) {
    const blank = file.blankRows > 0 ? `, ${plural(file.blankRows, 'blank row')} ignored` : '';
    lines.push(
      `${command}: read ${plural(file.rows, 'row')} from ${file.source} (${ENCODING_NAMES[file.encoding]}, ${describeDelimiter(file.delimiter)} delimited${blank})`,
    );
    for (const note of file.notes) lines.push(`  ${file.source}: ${note}`);
  }
  if (summary.base) {
    const base = summary.base;
    lines.push(
      `  merged into ${base.source}: it had ${plural(base.organizations, 'organization')}, ${plural(base.urls, 'URL')}, ${plural(base.domains, 'domain')}, ${plural(base.numbers, 'number')}`,
    );
  }
  const realigned = summary.rowsRealigned > 0 ? ` (${summary.rowsRealigned} realigned)` : '';
  lines.push(
    `  rows: ${summary.rowsRead} read, ${summary.rowsUsed} used${realigned}, ${summary.rowsSkipped} skipped`,
  );
  const withoutNumber =
    summary.organizationsWithoutNumber > 0
      ? ` (${summary.organizationsWithoutNumber} without a number)`
      : '';
  const shared =
    summary.sharedNumbers > 0
      ? ` (${summary.sharedNumbers} listed under several organizations)`
      : '';
  lines.push(
    `  allowlist: ${plural(summary.organizations, 'organization')}${withoutNumber}, ${plural(summary.urls, 'URL')}, ${plural(summary.domains, 'domain')}${summary.deriveDomains ? '' : ' (not derived from URLs)'}, ${plural(summary.numbers, 'number')}${shared}, ${plural(summary.aliases, 'alias', 'aliases')}`,
  );
  lines.push(`  ${plural(summary.warnings, 'warning')}, ${plural(summary.notes, 'note')}`);
  if (summary.deriveDomains) lines.push(...sharedPortalLines(summary.sharedHosts, options.all));
  const dropped = warnings.filter((warning) => DROPPED.has(warning.code));
  const others = warnings.filter((warning) => !DROPPED.has(warning.code));
  const fold = !options.all;
  const shown = options.all ? Number.POSITIVE_INFINITY : BUILDER_SHOWN.warnings;
  list(lines, 'dropped rows', dropped, shown, describeDropped, false);
  list(lines, 'warnings', others, shown, describeItem, fold);
  list(lines, 'notes', notes, fold ? BUILDER_SHOWN.notes : shown, describeItem, fold);
  return `${lines.join('\n')}\n`;
}

/** Warnings of a row left out whole: listed first, each with its row, its name and why. */
const DROPPED: ReadonlySet<string> = new Set(['MISALIGNED_ROW', 'NO_ORG_NAME']);

function describeDropped(item: BuildWarning): string {
  const name = item.name === undefined ? '' : ` ${JSON.stringify(item.name)}`;
  return `${formatTablePlace(item)}${name}: ${item.message}`;
}

/**
 * Lines under `title`, at most `shown`; with `fold`, one code's items after the first are counted
 * on one line, so what differs is seen. The rest is counted.
 */
function list<T extends BuildWarning | BuildNote>(
  lines: string[],
  title: string,
  items: readonly T[],
  shown: number,
  describe: (item: T) => string,
  fold: boolean,
): void {
  if (items.length === 0) return;
  const groups = new Map<string | T, T[]>();
  for (const item of items) {
    const key = fold ? item.code : item;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const out: string[] = [];
  let told = 0;
  for (const group of groups.values()) {
    if (out.length >= shown) break;
    out.push(`  ${describe(group[0]!)}`);
    told += group.length;
    if (group.length > 1)
      out.push(`  … and ${group.length - 1} more like it (${group[0]!.code}; ${MORE_HINT})`);
  }
  lines.push(`${title}:`, ...out);
  if (items.length > told) lines.push(`  … and ${items.length - told} more (${MORE_HINT})`);
}

/** The shared-portal advice: a line a host when one (or `all`), else one line for all. */
function sharedPortalLines(hosts: readonly SharedHost[], all = false): string[] {
  const advice = 'Pass --no-derive-domains to keep exact URLs only.';
  if (hosts.length === 1 || all)
    return hosts.map(
      (host) =>
        `shared portal: ${host.host} carries the pages of ${host.organizations} organizations; deriving it as a domain vouches for every page on it, invented ones included. ${advice}`,
    );
  if (hosts.length === 0) return [];
  const first = hosts
    .slice(0, 3)
    .map((host) => `${host.host} (${host.organizations})`)
    .join(', ');
  return [
    `shared portal: ${hosts.length} hosts carry the pages of several organizations each (${first}${hosts.length > 3 ? ', …' : ''}); deriving them as domains vouches for every page on them, invented ones included. ${advice}`,
  ];
}
