/**
 * Links read offline: what normalizing a URL drops, which hosts are placeholders or reserved, what
 * only looks like a host, and how near a domain must be to count as a lookalike.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/**
 * Query parameters that only track where a click came from. Chat assistants append
 * `utm_source=chatgpt.com` to links they cite; two links differing only here are the same resource.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'mc_cid',
  'mc_eid',
  'igshid',
  'yclid',
  '_ga',
  '_gl',
  'ref_src',
]);
/** Any parameter starting with one of these is tracking too (`utm_source`, `utm_medium`, …). */
export const TRACKING_PARAM_PREFIXES: readonly string[] = ['utm_', 'pk_', 'mtm_'];

/**
 * Hosts that stand in for a real address in documentation and templates. A link to one of them in
 * an answer was never a resource a person can use.
 */
export const PLACEHOLDER_HOSTS: ReadonlySet<string> = new Set([
  'example.com',
  'example.org',
  'example.net',
  'example.edu',
  'domain.com',
  'yourdomain.com',
  'yourwebsite.com',
  'yourwebsite.org',
  'yoursite.com',
  'website.com',
  'mywebsite.com',
  'mysite.com',
  'sitename.com',
  'placeholder.com',
  'test.com',
  'foo.com',
  'bar.com',
]);
/**
 * Registrable-domain labels that are template text (`your-legal-aid.org`, `insertlink.com`): a
 * template word AND what it stands in for. The word alone is a real name (`my.games`, `my.com`,
 * `sample.com`), so it proves nothing.
 */
export const PLACEHOLDER_LABEL_PATTERN =
  /^(?:your|my|insert|placeholder|sample|dummy|fake)[-_]?(?:domain|site|website|link|url|org|organization|company|legal[-_]?aid|law[-_]?firm|page)$/;

/**
 * File extensions that look like top-level domains in prose (`form.pdf`, `README.md`,
 * `app.zip`): a scheme-less "link" ending in one of these is a file name, not a host.
 */
export const FILE_EXTENSIONS_NOT_HOSTS: ReadonlySet<string> = new Set([
  'md',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'csv',
  'txt',
  'zip',
  'gz',
  'tar',
  'rar',
  'exe',
  'dmg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'mov',
  'mp4',
  'mp3',
  'wav',
  'json',
  'yaml',
  'yml',
  'xml',
  'html',
  'htm',
  'js',
  'ts',
  'py',
  'rb',
  'sh',
  'java',
  'go',
  'rs',
  'php',
  'pl',
  'sql',
  'ini',
  'log',
  'bak',
  'tmp',
  'ppt',
  'pptx',
  'odt',
  'rtf',
  'epub',
  'now',
  'zone',
]);

/** Lookalike domains: how many edits away from a directory domain still counts as a lookalike. */
export const LOOKALIKE = {
  /** Names (the registrable domain without its suffix) shorter than this are never compared by edits. */
  minLengthForOneEdit: 5,
  /** Two edits are only a lookalike for names at least this long. */
  minLengthForTwoEdits: 9,
  /** The same name under another suffix (`mass.org` for `mass.gov`) counts from this length. */
  minLengthForSameName: 4,
} as const;

/**
 * Special-use names (RFC 6761, RFC 8375) and private-network suffixes that never name a public
 * resource: a link under one of them is `invented` offline (unless private networks are allowed).
 */
export const RESERVED_SUFFIXES: readonly string[] = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'test',
  'invalid',
  'example',
  'onion',
  'home.arpa',
  'localdomain',
];
