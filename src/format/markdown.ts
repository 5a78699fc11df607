/**
 * The one markdown escaper, for every markdown output (`report --format markdown`, `stale --format
 * markdown`): text from servers (a `Location` header), models (a link, an answer id) and
 * directories reaches a job summary or a pull request, where live markup would show an image
 * GitHub fetches or a link someone clicks.
 */

/**
 * Text safe inside a GitHub-flavoured markdown table cell or list item: no line breaks, and the
 * characters that start markup (emphasis, code, links, images, HTML, table pipes) escaped.
 * Parentheses and dots stay as they are so the raw memo still reads well.
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
