import { controlEscape, printable, replaceUnprintable } from '../util/strings.js';

/**
 * One escaper per output kind, for every command that writes that kind (`report`, `stale`). Text
 * from answers, ids, provider labels and web servers reaches every output; each escaper first shows
 * control and bidirectional-control characters as escapes (`printable`: `\x1B`, `\u202E`), so no
 * viewer (a browser, a spreadsheet, a CI test report, a terminal paging a JSON file) obeys them,
 * then escapes what the format itself needs. Markdown's escapers leave that to the front, which
 * runs `printable` over the whole page (`src/compare/index.ts`, `src/cli/stale.ts`).
 */

/** The entities HTML and XML both read. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text safe in HTML element content and in double- or single-quoted attribute values. A carriage
 * return is a line end here (answers quoted with CRLF), not a character to show.
 */
export function escapeHtml(text: string): string {
  return printable(text.replace(/\r\n?/g, '\n')).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/**
 * Text safe in XML 1.0 element content and double-quoted attributes (JUnit). `printable` leaves
 * tab and newline, which XML holds; U+FFFE and U+FFFF, which XML cannot hold, are dropped.
 */
export function escapeXml(text: string): string {
  return printable(text)
    .replace(/[\ufffe\uffff]/g, '')
    .replace(/[&<>"]/g, (char) => ENTITIES[char]!);
}

/**
 * One CSV cell. Text from model output or a web server lands here (a host written
 * `=webservice(…)`), and a spreadsheet runs a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return as a formula: such a cell is prefixed with `'`, which spreadsheets show as text.
 */
export function csvCell(value: string): string {
  // A carriage return is a line end a quoted cell may hold, as it holds a newline.
  const shown = replaceUnprintable(value, (code) => (code === 0x0d ? '\r' : controlEscape(code)));
  const safe = /^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A value as a JSON document (pretty-printed, newline-terminated) whose every control and bidi
 * character is written as a `\uXXXX` escape: a parser reads the same strings, a person paging the
 * file sees the escape instead of text reordered or a terminal reprogrammed.
 */
export function jsonDocument(value: unknown): string {
  return `${escapedJson(JSON.stringify(value, null, 2))}\n`;
}

/** The same on one line, for a line-per-record stream or an HTTP body. */
export function jsonLine(value: unknown): string {
  return `${escapedJson(JSON.stringify(value))}\n`;
}

function escapedJson(text: string): string {
  // JSON.stringify escapes U+0000–U+001F itself and a JSON text is ASCII outside its strings, so
  // what is left (DEL, C1, bidi controls) is inside a string, where `\uXXXX` means the same.
  return replaceUnprintable(text, (code) => `\\u${code.toString(16).padStart(4, '0')}`);
}

/**
 * Text safe inside a GitHub-flavoured markdown table cell or list item: no line breaks, and the
 * characters that start markup (emphasis, code, links, images, HTML, table pipes) escaped. Text
 * from servers (a `Location` header), models (a link, an answer id) and directories reaches a job
 * summary or a pull request, where live markup would show an image GitHub fetches or a link
 * someone clicks. Parentheses and dots stay as they are so the raw memo still reads well.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*_[\]<>|~])/g, '\\$1');
}

/**
 * A code span that holds any text: fenced with more backticks than the text contains. Links go in
 * code spans so a pull request does not turn an invented or lookalike address into a link someone
 * clicks.
 */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  let longest = 0;
  for (const match of flat.matchAll(/`+/g)) longest = Math.max(longest, match[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A code span inside a table cell: GitHub splits cells at a pipe even in code, unless escaped. */
export function codeCell(text: string): string {
  return codeSpan(text).replace(/\|/g, '\\|');
}
