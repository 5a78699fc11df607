import type { StaleEntry, StaleKind, StaleReport } from '../stale.js';
import { codeCell, csvCell, escapeMarkdown, escapeXml, jsonDocument } from './escape.js';

/** The `stale` report in each output format, named by this table's keys (`--format`). */
const STALE = {
  text: staleText,
  json: (report) => jsonDocument(staleJson(report)),
  csv: staleCsv,
  markdown: staleMarkdown,
  junit: staleJunit,
} satisfies Record<string, (report: StaleReport) => string>;

export type StaleFormat = keyof typeof STALE;
export const STALE_FORMATS = Object.keys(STALE) as StaleFormat[];

export function formatStale(report: StaleReport, format: StaleFormat): string {
  return STALE[format](report);
}

type Facts = { status?: number; error?: string; finalUrl?: string };

function statusOrError({ status, error }: Facts): string {
  return status !== undefined ? String(status) : (error ?? '');
}

function summary(report: StaleReport): string {
  const { counts, checked } = report;
  const head = report.interrupted
    ? `Interrupted: checked ${checked} link${checked === 1 ? '' : 's'} before stopping`
    : `Checked ${checked} link${checked === 1 ? '' : 's'}`;
  const moved = counts.moved > 0 ? `, ${counts.moved} moved` : '';
  return `${head}: ${counts.live} live, ${counts.broken} broken, ${counts.invented} invented, ${counts.inconclusive} inconclusive${moved}.`;
}

/** Why a link is listed: the outcome's reason, or for a moved link where it went and what to do. */
function whyOf(entry: StaleEntry): string {
  if (entry.kind !== 'moved') return entry.outcome.reason;
  return `moved: the directory link now redirects to ${entry.movedTo ?? '?'}; give that address in the directory (${entry.outcome.reason})`;
}

/** The links a human format lists; those the network being down left unchecked are one line. */
function listing(
  report: StaleReport,
  escape: (text: string) => string,
): { network?: string; listed: StaleEntry[] } {
  const notChecked = (entry: StaleEntry): boolean =>
    entry.outcome.kind === 'inconclusive' && entry.outcome.error === 'network-unavailable';
  const listed = report.stale.filter((entry) => !notChecked(entry));
  if (report.networkUnavailable === undefined) return { listed };
  const skipped = report.stale.length - listed.length;
  return {
    network: `Network unavailable (${escape(report.networkUnavailable)}): ${skipped} link${skipped === 1 ? '' : 's'} not checked.`,
    listed,
  };
}

function staleText(report: StaleReport): string {
  const lines = [summary(report)];
  const { network, listed } = listing(report, (text) => text);
  if (network !== undefined) lines.push(network);
  if (listed.length === 0)
    return `${lines.join('\n')}\n${report.stale.length === 0 ? 'Nothing stale.\n' : ''}`;
  const blocks = listed.map((entry) => {
    const block = [`${entry.kind.toUpperCase()}  ${entry.url}`];
    const { finalUrl }: Facts = entry.outcome;
    const facts = [
      statusOrError(entry.outcome) && `status/error: ${statusOrError(entry.outcome)}`,
      finalUrl && finalUrl !== entry.url ? `final URL: ${finalUrl}` : '',
    ].filter(Boolean);
    if (facts.length > 0) block.push(`  ${facts.join('   ')}`);
    block.push(`  found in: ${entry.foundIn.join('; ')}`);
    block.push(`  why: ${whyOf(entry)}`);
    return block.join('\n');
  });
  return `${lines.join('\n')}\n\n${blocks.join('\n\n')}\n`;
}

function staleJson(report: StaleReport): unknown {
  return {
    checked: report.checked,
    counts: report.counts,
    ...(report.interrupted ? { interrupted: true } : {}),
    ...(report.networkUnavailable !== undefined
      ? { networkUnavailable: report.networkUnavailable }
      : {}),
    stale: report.stale.map((entry) => {
      const { status, error, finalUrl }: Facts = entry.outcome;
      return {
        url: entry.url,
        ...(entry.normalized !== entry.url ? { normalized: entry.normalized } : {}),
        outcome: entry.kind,
        ...(entry.movedTo !== undefined ? { movedTo: entry.movedTo } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(error !== undefined ? { error } : {}),
        ...(finalUrl ? { finalUrl } : {}),
        reason: whyOf(entry),
        foundIn: entry.foundIn,
      };
    }),
  };
}

function staleCsv(report: StaleReport): string {
  const rows = [['url', 'outcome', 'status', 'error', 'final_url', 'found_in', 'reason']];
  for (const entry of report.stale) {
    const { status, error, finalUrl }: Facts = entry.outcome;
    rows.push([
      entry.url,
      entry.kind,
      status !== undefined ? String(status) : '',
      error ?? '',
      finalUrl ?? '',
      entry.foundIn.join('; '),
      whyOf(entry),
    ]);
  }
  // A run stopped early says so, so a program never takes the file for the whole directory.
  if (report.interrupted) rows.push(['', 'interrupted', '', '', '', '', summary(report)]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

const KIND_LABEL: Record<StaleKind, string> = {
  broken: '❌ broken',
  invented: '❌ invented',
  inconclusive: '⚠️ inconclusive',
  moved: '➡️ moved',
  live: '✅ live',
};

function staleMarkdown(report: StaleReport): string {
  const lines = ['## Stale directory links', '', summary(report)];
  const { network, listed } = listing(report, escapeMarkdown);
  if (network !== undefined) lines.push('', network);
  if (listed.length === 0) {
    if (report.stale.length === 0) lines.push('', 'Nothing stale.');
    return `${lines.join('\n')}\n`;
  }
  lines.push('', '| Outcome | Link | Status | Found in | Why |', '| --- | --- | --- | --- | --- |');
  for (const entry of listed) {
    lines.push(
      `| ${KIND_LABEL[entry.kind]} | ${codeCell(entry.url)} | ${escapeMarkdown(statusOrError(entry.outcome))} | ${escapeMarkdown(entry.foundIn.join('; '))} | ${escapeMarkdown(whyOf(entry))} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** JUnit XML: a case per link; a run stopped early is an error, so CI never reads it as green. */
function staleJunit(report: StaleReport): string {
  const failures = report.counts.broken + report.counts.invented;
  const skipped = report.counts.inconclusive + report.counts.moved;
  const cases = report.links.map((entry) => {
    const { kind } = entry;
    const open = `    <testcase name="${escapeXml(entry.url)}" classname="stale.${kind}"`;
    if (kind === 'live') return `${open}/>`;
    const body =
      kind === 'inconclusive' || kind === 'moved'
        ? `<skipped message="${escapeXml(whyOf(entry))}"/>`
        : `<failure type="${kind}" message="${escapeXml(whyOf(entry))}">${escapeXml(`found in: ${entry.foundIn.join('; ')}`)}</failure>`;
    return `${open}>\n      ${body}\n    </testcase>`;
  });
  if (report.interrupted)
    cases.push(
      `    <testcase name="interrupted" classname="stale.interrupted">\n      <error type="interrupted" message="${escapeXml(summary(report))}"/>\n    </testcase>`,
    );
  const errors = report.interrupted ? ' errors="1"' : '';
  const totals = `tests="${cases.length}" failures="${failures}"${errors} skipped="${skipped}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="citation-verifier stale" ${totals}>`,
    `  <testsuite name="stale" ${totals}>`,
    ...(report.interrupted
      ? [
          '    <properties>',
          '      <property name="interrupted" value="true"/>',
          '    </properties>',
        ]
      : []),
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
