/** The report page's one stylesheet, inline (the CSP forbids loading any other). */
export const STYLE = `
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
