/**
 * What a response shows beyond its status: the bot protection a 403 came from, and a page that
 * says it was not found. Pure, like the verdict table that reads them (`classify.ts`).
 */

/**
 * The bot-protection service a 403 came from, named by the header that gives it away, or null.
 * Such a 403 says the checker was blocked, not that the page is missing.
 */
export function botProtection(headers: Readonly<Record<string, string>>): string | null {
  const server = (headers.server ?? '').toLowerCase();
  if (headers['cf-mitigated'] !== undefined) return `cf-mitigated: ${headers['cf-mitigated']}`;
  if (server === 'cloudflare') return 'server: cloudflare';
  if (headers['x-amzn-waf-action'] !== undefined)
    return `x-amzn-waf-action: ${headers['x-amzn-waf-action']}`;
  if (headers['x-datadome'] !== undefined) return 'x-datadome';
  if (headers['x-sucuri-block'] !== undefined || headers['x-sucuri-id'] !== undefined)
    return 'x-sucuri';
  if (server.includes('akamaighost')) return `server: ${headers.server}`;
  if (server.includes('ddos-guard')) return `server: ${headers.server}`;
  if (headers['x-iinfo'] !== undefined || /incapsula|imperva/i.test(headers['x-cdn'] ?? ''))
    return 'Imperva (x-iinfo / x-cdn)';
  return null;
}

const NOT_FOUND_PATTERNS: readonly RegExp[] = [
  /\b404\b/,
  /\bnot\s+found\b/i,
  /\b(?:does\s+not|doesn['’]t|no\s+longer)\s+exists?\b/i,
  /\b(?:could\s+not|couldn['’]t|cannot|can['’]t|unable\s+to)\s+(?:be\s+)?f(?:ind|ound)\b/i,
  /\bno\s+longer\s+available\b/i,
];

/**
 * Whether an HTML page (or its first few KB) announces that it was not found. Only the title and
 * the top-level headings are read when there are any: body text mentions "not found" in too many
 * innocent ways ("if you have not found what you need"). English only.
 */
export function pageSaysNotFound(body: string): boolean {
  const headings = [...body.matchAll(/<(title|h1|h2)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)].map((match) =>
    stripTags(match[2] ?? ''),
  );
  const texts = headings.length > 0 ? headings : [stripTags(body).slice(0, 2000)];
  return texts.some((text) => NOT_FOUND_PATTERNS.some((pattern) => pattern.test(text)));
}

function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#39;|&apos;|&rsquo;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
