import type { LivenessOutcome } from '../liveness/types.js';
import type { StaleEntry, StaleKind, StaleReport } from '../stale.js';
import { codeCell, escapeMarkdown } from './markdown.js';

/**
 * The `stale` report in each output format: text for a terminal, JSON and CSV for programs,
 * Markdown for an issue or a CI job summary, JUnit XML for CI test reports. Pure functions of the
 * report.
 */

export const STALE_FORMATS = ['text', 'json', 'csv', 'markdown', 'junit'] as const;
export type StaleFormat = (typeof STALE_FORMATS)[number];

export function formatStale(report: StaleReport, format: StaleFormat): string {
  switch (format) {
    case 'text':
      return staleText(report);
    case 'json':
      return `${JSON.stringify(staleJson(report), null, 2)}\n`;
    case 'csv':
      return staleCsv(report);
    case 'markdown':
      return staleMarkdown(report);
    case 'junit':
      return staleJunit(report);
  }
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
  return rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}

/**
 * One CSV cell. Text from model output or a web server lands here (a host written
 * `=webservice(…)`), and a spreadsheet runs a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula: such a cell is prefixed with `'`, which spreadsheets show as text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
 * and moved (a finding to act on that fails nothing).
 */
function staleJunit(report: StaleReport): string {
  const failures = report.counts.broken + report.counts.invented;
  const skipped = report.counts.inconclusive + report.counts.moved;
  const cases = report.links.map((entry) => {
    const { kind } = entry;
    const open = `    <testcase name="${xml(entry.url)}" classname="stale.${kind}"`;
    if (kind === 'live') return `${open}/>`;
    const body =
      kind === 'inconclusive' || kind === 'moved'
        ? `<skipped message="${xml(whyOf(entry))}"/>`
        : `<failure type="${kind}" message="${xml(whyOf(entry))}">${xml(`found in: ${entry.foundIn.join('; ')}`)}</failure>`;
    return `${open}>\n      ${body}\n    </testcase>`;
  });
  const totals = `tests="${report.links.length}" failures="${failures}" skipped="${skipped}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="citation-verifier stale" ${totals}>`,
    `  <testsuite name="stale" ${totals}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function xml(text: string): string {
  // Characters XML 1.0 cannot hold at all are dropped; the rest escaped.
  // eslint-disable-next-line no-control-regex
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
