/**
 * The bot-protection service a 403 came from, by the header that gives it away, or null: such a
 * 403 says the checker was blocked, not that the page is missing.
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
 * Whether an HTML page announces it was not found: its title and top headings when it has any,
 * since body text says "not found" innocently ("if you have not found what you need"). English.
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
