import type { LivenessOutcome } from '../liveness/types.js';
import type { StaleEntry, StaleKind, StaleReport } from '../stale.js';
import { csvCell, escapeXml, jsonDocument } from './escape.js';
import { codeCell, escapeMarkdown } from './markdown.js';
import { formatTable } from './renderers.js';

/**
 * The `stale` report in each output format: text for a terminal, JSON and CSV for programs,
 * Markdown for an issue or a CI job summary, JUnit XML for CI test reports. Pure functions of the
 * report.
 */

const STALE = formatTable<'text' | 'json' | 'csv' | 'markdown' | 'junit', StaleReport>({
  text: staleText,
  json: (report) => jsonDocument(staleJson(report)),
  csv: staleCsv,
  markdown: staleMarkdown,
  junit: staleJunit,
});

export const STALE_FORMATS = STALE.names;
export type StaleFormat = (typeof STALE_FORMATS)[number];

export function formatStale(report: StaleReport, format: StaleFormat): string {
  return STALE.render(report, format);
}

function statusOrError(outcome: LivenessOutcome): string {
  if ('status' in outcome && outcome.status !== undefined) return String(outcome.status);
  if ('error' in outcome && outcome.error !== undefined) return outcome.error;
  return '';
}

function finalUrlOf(outcome: LivenessOutcome): string {
  return 'finalUrl' in outcome && outcome.finalUrl !== undefined ? outcome.finalUrl : '';
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

/** Links not checked because the network was down: said once, not once per link. */
function notChecked(report: StaleReport): StaleEntry[] {
  return report.stale.filter(
    (entry) =>
      entry.outcome.kind === 'inconclusive' && entry.outcome.error === 'network-unavailable',
  );
}

function staleText(report: StaleReport): string {
  const lines = [summary(report)];
  const skipped = notChecked(report);
  if (report.networkUnavailable !== undefined)
    lines.push(
      `Network unavailable (${report.networkUnavailable}): ${skipped.length} link${skipped.length === 1 ? '' : 's'} not checked.`,
    );
  const listed = report.stale.filter((entry) => !skipped.includes(entry));
  if (listed.length === 0)
    return `${lines.join('\n')}\n${report.stale.length === 0 ? 'Nothing stale.\n' : ''}`;
  const blocks = listed.map((entry) => {
    const { outcome } = entry;
    const block = [`${entry.kind.toUpperCase()}  ${entry.url}`];
    const finalUrl = finalUrlOf(outcome);
    const facts = [
      statusOrError(outcome) && `status/error: ${statusOrError(outcome)}`,
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
      const { outcome } = entry;
      return {
        url: entry.url,
        ...(entry.normalized !== entry.url ? { normalized: entry.normalized } : {}),
        outcome: entry.kind,
        ...(entry.movedTo !== undefined ? { movedTo: entry.movedTo } : {}),
        ...('status' in outcome && outcome.status !== undefined ? { status: outcome.status } : {}),
        ...('error' in outcome && outcome.error !== undefined ? { error: outcome.error } : {}),
        ...(finalUrlOf(outcome) ? { finalUrl: finalUrlOf(outcome) } : {}),
        reason: whyOf(entry),
        foundIn: entry.foundIn,
      };
    }),
  };
}

function staleCsv(report: StaleReport): string {
  const rows = [['url', 'outcome', 'status', 'error', 'final_url', 'found_in', 'reason']];
  for (const entry of report.stale) {
    const { outcome } = entry;
    rows.push([
      entry.url,
      entry.kind,
      'status' in outcome && outcome.status !== undefined ? String(outcome.status) : '',
      'error' in outcome && outcome.error !== undefined ? outcome.error : '',
      finalUrlOf(outcome),
      entry.foundIn.join('; '),
      whyOf(entry),
    ]);
  }
  // A run stopped early says so in its last row, so a file read by a program is never taken for
  // the whole directory: outcome `interrupted`, the summary as its reason.
  if (report.interrupted) rows.push(['', 'interrupted', '', '', '', '', summary(report)]);
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

// The one CSV cell escaper, shared with every CSV output (tests import it from here).
export { csvCell } from './escape.js';

const KIND_LABEL: Record<StaleKind, string> = {
  broken: '❌ broken',
  invented: '❌ invented',
  inconclusive: '⚠️ inconclusive',
  moved: '➡️ moved',
  live: '✅ live',
};

function staleMarkdown(report: StaleReport): string {
  const lines = ['## Stale directory links', '', summary(report)];
  const skipped = notChecked(report);
  if (report.networkUnavailable !== undefined)
    lines.push(
      '',
      `Network unavailable (${mdCell(report.networkUnavailable)}): ${skipped.length} link${skipped.length === 1 ? '' : 's'} not checked.`,
    );
  const listed = report.stale.filter((entry) => !skipped.includes(entry));
  if (listed.length === 0) {
    if (report.stale.length === 0) lines.push('', 'Nothing stale.');
    return `${lines.join('\n')}\n`;
  }
  lines.push('', '| Outcome | Link | Status | Found in | Why |', '| --- | --- | --- | --- | --- |');
  for (const entry of listed) {
    lines.push(
      `| ${KIND_LABEL[entry.kind]} | ${codeCell(entry.url)} | ${mdCell(statusOrError(entry.outcome))} | ${mdCell(entry.foundIn.join('; '))} | ${mdCell(whyOf(entry))} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Table cell text: the one markdown escaper (`escapeMarkdown`), shared with `report`. */
function mdCell(text: string): string {
  return escapeMarkdown(text);
}

/**
 * JUnit XML: one test case per link; a failure for broken or invented, skipped for inconclusive
 * and moved (a finding to act on that fails nothing). A run stopped early adds an `interrupted`
 * property and an error test case, so CI neither reads it as complete nor as green.
 */
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
