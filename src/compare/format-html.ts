import { LINK_BUCKETS } from '../types.js';
import { BUCKET_COLORS, bucketBarSvg } from './chart.js';
import {
  answerTitle,
  bucketCell,
  headline,
  intervalText,
  listedAnswers,
  lookalikeLabel,
  lookalikeTitle,
  misattributedLabel,
  misattributedTitle,
  noiseLines,
  percent,
  problemParts,
  scopeLine,
  vendorColumns,
  shownBuckets,
} from './format-common.js';
import { highlightPieces } from './highlight.js';
import { escapeHtml } from './html-escape.js';
import type { FlaggedAnswer, Problem, VendorComparison } from './types.js';

/**
 * The Content-Security-Policy of the report: nothing may load (no script, image, font, frame or
 * connection), only the inline stylesheet applies. The report is opened from mail and shared
 * folders; the answers it quotes came from models and name invented hosts, and this makes sure
 * the page can never reach any of them.
 */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #57606a; --rule: #d0d7de; --bad: #d1242f; --bad-bg: #ffebe9; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1040px; padding: 24px 28px 48px; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); background: #ffffff; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--rule); }
p.scope { color: var(--muted); margin: 0 0 16px; overflow-wrap: anywhere; }
.headline { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; }
.headline .figure { border: 1px solid var(--rule); border-radius: 6px; padding: 10px 14px; min-width: 160px; }
.headline .figure .name { color: var(--muted); font-size: 13px; }
.headline .figure .value { font-size: 24px; font-weight: 650; }
.headline .figure .detail { color: var(--muted); font-size: 13px; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 16px; margin: 4px 0 12px; padding: 0; list-style: none; font-size: 13px; }
.legend li { display: flex; align-items: center; gap: 6px; }
.swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; border: 1px solid rgba(0,0,0,.25); }
.charts { display: grid; grid-template-columns: minmax(90px, max-content) 1fr; gap: 8px 14px; align-items: center; }
.charts .vendor { font-weight: 600; overflow-wrap: anywhere; }
.charts svg.bar { display: block; width: 100%; max-width: 640px; height: auto; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--rule); padding: 6px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; font-weight: 600; }
td.num, th.num { text-align: right; }
.nw { white-space: nowrap; }
@media screen { td.num { white-space: nowrap; } }
thead th, thead th.num { white-space: normal; vertical-align: bottom; }
tbody th[scope="row"] { white-space: nowrap; }
.answer { border: 1px solid var(--rule); border-left: 4px solid var(--bad); border-radius: 6px; padding: 12px 16px; margin: 12px 0; break-inside: avoid; page-break-inside: avoid; }
.answer h3 { font-size: 16px; margin: 0 0 4px; }
.answer .question { color: var(--muted); margin: 0 0 8px; }
.answer blockquote { margin: 8px 0; padding: 8px 12px; background: #f6f8fa; border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
mark.problem { background: var(--bad-bg); color: #82071e; border-bottom: 2px solid var(--bad); padding: 0 2px; border-radius: 2px; }
mark.problem .tag { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .02em; margin-left: 4px; color: var(--bad); }
ul.problems { margin: 6px 0; padding-left: 20px; }
ul.problems code, .answer code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
.judge { color: var(--muted); font-size: 13px; margin: 4px 0 0; }
.none { color: var(--muted); }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
@page { margin: 14mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  h2 { break-after: avoid; page-break-after: avoid; }
  table, .charts, .headline { break-inside: avoid; page-break-inside: avoid; }
  table { font-size: 9.5pt; }
  th, td { padding: 4px 6px; }
  .answer blockquote { background: none; border: 1px solid var(--rule); }
}
`;

/**
 * The comparison as one self-contained HTML page: no script, no external stylesheet, font or image,
 * and a CSP (`REPORT_CSP`) that forbids loading anything. It holds the headline figure per vendor,
 * a bar chart per vendor of the share of links in each bucket (inline SVG), the vendor table and
 * the bucket table, then the answers to read (convincing but wrong when a judge ran, else every
 * failed answer) with each offending link or number highlighted in the answer text by its span.
 * Nothing quoted from an answer is a hyperlink: invented addresses must not be one click away.
 * Readable when printed (colours kept, answers not split across pages).
 */
export function comparisonToHtml(comparison: VendorComparison): string {
  const title = 'Vendor comparison: cited links and phone numbers';
  const body: string[] = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="scope">${escapeHtml(scopeLine(comparison))}</p>`,
  ];

  body.push('<section class="headline" aria-label="Invented or broken links per vendor">');
  for (const figures of comparison.vendors) {
    body.push(
      `<div class="figure" data-vendor="${escapeHtml(figures.vendor)}"><div class="name">${escapeHtml(figures.vendor)}: invented or broken links</div>` +
        `<div class="value">${escapeHtml(percent(figures.inventedOrBroken))}</div>` +
        `<div class="detail">${figures.inventedOrBroken.count} of ${figures.links} link${figures.links === 1 ? '' : 's'} cited${figures.inventedOrBroken.rate === null ? '' : `; ${escapeHtml(intervalText(figures.inventedOrBroken))}`}</div></div>`,
    );
  }
  body.push('</section>');
  const noise = noiseLines(comparison);
  if (noise.length > 0)
    body.push(
      '<ul class="noise">',
      ...noise.map((line) => `<li>${escapeHtml(line)}</li>`),
      '</ul>',
    );

  body.push("<h2>Where each vendor's links land</h2>", legend(comparison), '<div class="charts">');
  for (const figures of comparison.vendors)
    body.push(`<div class="vendor">${escapeHtml(figures.vendor)}</div>`, bucketBarSvg(figures));
  body.push('</div>');

  const columns = vendorColumns(comparison);
  body.push('<h2>Per vendor</h2>', '<table class="vendors">', '<thead><tr>');
  for (const column of columns)
    body.push(
      `<th scope="col"${column.numeric ? ' class="num"' : ''}>${escapeHtml(column.header.replace('\n', ' '))}</th>`,
    );
  body.push('</tr></thead>', '<tbody>');
  for (const figures of comparison.vendors) {
    body.push('<tr>');
    for (const [index, column] of columns.entries()) {
      const cell = numberCell(column.value(figures));
      body.push(
        index === 0
          ? `<th scope="row">${escapeHtml(column.value(figures))}</th>`
          : `<td${column.numeric ? ' class="num"' : ''}>${cell}</td>`,
      );
    }
    body.push('</tr>');
  }
  body.push('</tbody></table>');

  body.push(
    '<h2>Share of links in each bucket</h2>',
    '<table class="buckets">',
    '<thead><tr><th scope="col">Vendor</th>',
  );
  for (const bucket of shownBuckets(comparison))
    body.push(`<th scope="col" class="num">${swatch(bucket)} ${bucket}</th>`);
  body.push('</tr></thead><tbody>');
  for (const figures of comparison.vendors) {
    body.push(`<tr><th scope="row">${escapeHtml(figures.vendor)}</th>`);
    for (const bucket of shownBuckets(comparison))
      body.push(`<td class="num">${numberCell(bucketCell(figures.buckets[bucket]))}</td>`);
    body.push('</tr>');
  }
  body.push('</tbody></table>');

  const listed = listedAnswers(comparison);
  body.push(`<h2 id="listed">${escapeHtml(listed.title)}: ${listed.answers.length}</h2>`);
  if (listed.answers.length === 0) body.push(`<p class="none">${escapeHtml(listed.empty)}</p>`);
  for (const answer of listed.answers) body.push(answerHtml(answer));

  body.push(`<h2 id="misattributed">${escapeHtml(misattributedTitle(comparison))}</h2>`);
  if (comparison.misattributedNumbers.length > 0) {
    body.push('<ul class="misattributed">');
    for (const number of comparison.misattributedNumbers)
      body.push(
        `<li><strong>${escapeHtml(misattributedLabel(number))}</strong>: ${escapeHtml(number.reason)}</li>`,
      );
    body.push('</ul>');
  }

  body.push(`<h2 id="lookalikes">${escapeHtml(lookalikeTitle(comparison))}</h2>`);
  if (comparison.lookalikeLinks.length > 0) {
    body.push('<ul class="lookalikes">');
    for (const link of comparison.lookalikeLinks)
      body.push(
        `<li><strong>${escapeHtml(lookalikeLabel(link))}</strong>: ${escapeHtml(link.reason)}</li>`,
      );
    body.push('</ul>');
  }

  if (comparison.errors.length > 0) {
    body.push(
      `<h2>Rows that errored: ${comparison.errors.length}</h2>`,
      '<p class="none">Counted as errors, not as passes or fails.</p>',
      '<ul class="errors">',
    );
    for (const error of comparison.errors)
      body.push(
        `<li><strong>${escapeHtml(`${error.vendor} · ${error.test}`)}</strong>: ${escapeHtml(error.error)}</li>`,
      );
    body.push('</ul>');
  }
  body.push(
    `<footer>Invented or broken links (the headline): ${escapeHtml(headline(comparison))}. Generated by citation-verifier report.</footer>`,
  );

  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(REPORT_CSP)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** A figure like `100% (4/4)` may wrap between its parts on a narrow page, never inside one. */
function numberCell(text: string): string {
  return text
    .split(' ')
    .map((part) => `<span class="nw">${escapeHtml(part)}</span>`)
    .join(' ');
}

function swatch(bucket: (typeof LINK_BUCKETS)[number]): string {
  return `<span class="swatch" style="background:${BUCKET_COLORS[bucket].fill}" aria-hidden="true"></span>`;
}

function legend(comparison: VendorComparison): string {
  return `<ul class="legend" aria-label="Buckets">${shownBuckets(comparison)
    .map((bucket) => `<li>${swatch(bucket)}${bucket}</li>`)
    .join('')}</ul>`;
}

function problemTag(problem: Problem): string {
  return problem.kind === 'link' ? problem.bucket : problem.status;
}

function answerHtml(answer: FlaggedAnswer): string {
  const parts: string[] = [
    `<article class="answer" data-vendor="${escapeHtml(answer.vendor)}" data-test="${escapeHtml(answer.test)}">`,
  ];
  parts.push(
    `<h3>${escapeHtml(answerTitle(answer))} <span class="none">(verifier score ${answer.verifierScore})</span></h3>`,
  );
  if (answer.question !== undefined)
    parts.push(`<p class="question">${escapeHtml(answer.question)}</p>`);
  const quoted = highlightPieces(answer.answer, answer.problems)
    .map((piece) =>
      piece.problem
        ? `<mark class="problem" data-kind="${piece.problem.kind}" title="${escapeHtml(piece.problem.reason)}">${escapeHtml(piece.text)}<span class="tag">${escapeHtml(problemTag(piece.problem))}</span></mark>`
        : escapeHtml(piece.text),
    )
    .join('');
  parts.push(
    `<blockquote>${quoted === '' ? '<span class="none">(empty answer)</span>' : quoted}</blockquote>`,
  );
  parts.push('<ul class="problems">');
  for (const problem of answer.problems) {
    const problemText = problemParts(problem);
    parts.push(
      `<li><strong>${escapeHtml(problemText.what)}</strong> <code>${escapeHtml(problemText.text)}</code>${problemText.note ? ` (${escapeHtml(problemText.note)})` : ''}: ${escapeHtml(problem.reason)}</li>`,
    );
  }
  parts.push('</ul>');
  for (const reason of answer.judgeReasons)
    parts.push(`<p class="judge">Judge: ${escapeHtml(reason)}</p>`);
  parts.push('</article>');
  return parts.join('');
}
