import { controlEscape, printable, replaceUnprintable } from '../util/strings.js';

/**
 * One escaper per output kind, each first showing control and bidi characters as escapes
 * (`printable`; for markdown the front does it), so no viewer obeys text from answers.
 */

/** The entities HTML and XML both read. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in HTML content and quoted attributes; a carriage return is a line end here. */
export function escapeHtml(text: string): string {
  return printable(text.replace(/\r\n?/g, '\n')).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Text safe in XML 1.0 content and double-quoted attributes; U+FFFE and U+FFFF dropped. */
export function escapeXml(text: string): string {
  return printable(text)
    .replace(/[\ufffe\uffff]/g, '')
    .replace(/[&<>"]/g, (char) => ENTITIES[char]!);
}

/** One CSV cell; one a spreadsheet would run as a formula (`=webservice(…)`) is prefixed `'`. */
export function csvCell(value: string): string {
  // A carriage return is a line end a quoted cell may hold, as it holds a newline.
  const shown = replaceUnprintable(value, (code) => (code === 0x0d ? '\r' : controlEscape(code)));
  const safe = /^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A value as a pretty JSON document, every control and bidi character a `\uXXXX` escape. */
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

/** Text safe in a GitHub markdown table cell or list item: one line, markup escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/([\\`*_[\]<>|~])/g, '\\$1');
}

/** A code span holding any text, so an invented address is never a link someone clicks. */
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
