import { BUILDER_SHOWN } from '../src/defaults.js';
import { describeDelimiter, describeItem } from './build.js';
import type { BuildResult, CsvEncoding } from './types.js';

/** How many warnings and notes the summary prints before "… and N more". */
export const SUMMARY_SHOWN = BUILDER_SHOWN;

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
 * The build summary for standard error: per file what was read and how it was decoded, the
 * figures of the allowlist, the shared-portal advice, then the first warnings and notes. Pure;
 * ends with a newline.
 */
export function formatSummary(result: BuildResult, command = 'build-allowlist'): string {
  const { summary, warnings, notes } = result;
  const lines: string[] = [];
  for (const file of summary.files) {
    const blank = file.blankRows > 0 ? `, ${plural(file.blankRows, 'blank row')} ignored` : '';
    lines.push(`${command}: read ${plural(file.rows, 'row')} from ${file.source} (${ENCODING_NAMES[file.encoding]}, ${describeDelimiter(file.delimiter)} delimited${blank})`);
    for (const note of file.notes) lines.push(`  ${file.source}: ${note}`);
  }
  if (summary.base) {
    const base = summary.base;
    lines.push(`  merged into ${base.source}: it had ${plural(base.organizations, 'organization')}, ${plural(base.urls, 'URL')}, ${plural(base.domains, 'domain')}, ${plural(base.numbers, 'number')}`);
  }
  lines.push(`  rows: ${summary.rowsRead} read, ${summary.rowsUsed} used, ${summary.rowsSkipped} skipped`);
  const withoutNumber = summary.organizationsWithoutNumber > 0 ? ` (${summary.organizationsWithoutNumber} without a number)` : '';
  const shared = summary.sharedNumbers > 0 ? ` (${summary.sharedNumbers} listed under several organizations)` : '';
  lines.push(
    `  allowlist: ${plural(summary.organizations, 'organization')}${withoutNumber}, ${plural(summary.urls, 'URL')}, ${plural(summary.domains, 'domain')}${summary.deriveDomains ? '' : ' (not derived from URLs)'}, ${plural(summary.numbers, 'number')}${shared}, ${plural(summary.aliases, 'alias', 'aliases')}`,
  );
  lines.push(`  ${plural(summary.warnings, 'warning')}, ${plural(summary.notes, 'note')}`);
  if (summary.deriveDomains) {
    for (const host of summary.sharedHosts) {
      lines.push(
        `shared portal: ${host.host} carries the pages of ${host.organizations} organizations; deriving it as a domain vouches for every page on it, invented ones included. Pass --no-derive-domains to keep exact URLs only.`,
      );
    }
  }
  const list = (title: string, items: ReadonlyArray<Parameters<typeof describeItem>[0]>, shown: number): void => {
    if (items.length === 0) return;
    lines.push(`${title}:`);
    for (const item of items.slice(0, shown)) lines.push(`  ${describeItem(item)}`);
    if (items.length > shown) lines.push(`  … and ${items.length - shown} more`);
  };
  list(warnings.length > SUMMARY_SHOWN.warnings ? `first ${SUMMARY_SHOWN.warnings} warnings` : 'warnings', warnings, SUMMARY_SHOWN.warnings);
  list(notes.length > SUMMARY_SHOWN.notes ? `first ${SUMMARY_SHOWN.notes} notes` : 'notes', notes, SUMMARY_SHOWN.notes);
  return `${lines.join('\n')}\n`;
}
