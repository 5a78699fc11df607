/** Every default of the product, defined once, one section a topic; nothing restates a number. */

// score: what each bucket is worth, the phone penalty, the pass threshold, the rounding.

/** Score of a link in each bucket (`scoreReport` combines them). */
export const BUCKET_SCORES = {
  directory: 1,
  live: 0.7,
  unverified: 0.5,
  inconclusive: 0.5,
  broken: 0,
  invented: 0,
  wrong_jurisdiction: 0,
} as const;

/** Taken off the score once for each distinct phone number given for the wrong organization. */
export const MISATTRIBUTED_PHONE_PENALTY = 0.3;

/** An answer passes when its score is strictly above this (and no link is broken or invented). */
export const DEFAULT_THRESHOLD = 0.4;

/** Scores are rounded so reports do not show floating-point noise. */
export const SCORE_DECIMALS = 4;

// links: what URL normalizing drops, placeholder and reserved hosts, lookalike distances.

/** Query parameters that only track a click (`utm_source=chatgpt.com`): normalizing drops them. */
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
/** Any parameter starting with one of these is tracking too. */
export const TRACKING_PARAM_PREFIXES: readonly string[] = ['utm_', 'pk_', 'mtm_'];

/** Hosts that stand in for a real address in documentation and templates. */
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
 * Registrable-domain labels that are template text (`your-legal-aid.org`): a template word AND what
 * it stands in for; the word alone is a real name (`my.com`, `sample.com`).
 */
export const PLACEHOLDER_LABEL_PATTERN =
  /^(?:your|my|insert|placeholder|sample|dummy|fake)[-_]?(?:domain|site|website|link|url|org|organization|company|legal[-_]?aid|law[-_]?firm|page)$/;

/** Extensions that look like top-level domains (`form.pdf`): a scheme-less such name is a file. */
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

/** How near a directory domain's name (without its suffix) a host's must be to be a lookalike. */
export const LOOKALIKE = {
  minLengthForOneEdit: 5,
  minLengthForTwoEdits: 9,
  /** The same name under another suffix (`mass.org` for `mass.gov`). */
  minLengthForSameName: 4,
} as const;

/**
 * Special-use names (RFC 6761, 2606, 7686) no public site can have, which tldts does not list.
 * Liveness never asks a resolver about one: that would leak a model-written name.
 */
export const SPECIAL_USE_SUFFIXES = ['localhost', 'invalid', 'test', 'example', 'onion'] as const;

/** Suffixes of no public resource (also RFC 8375 and internal networks): `invented` offline. */
export const RESERVED_SUFFIXES: readonly string[] = [
  ...SPECIAL_USE_SUFFIXES,
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'home.arpa',
  'localdomain',
];

// names-phones: ordinary words, service lines, how far above a number an intro may stand.

/**
 * A word among this many most frequent of SUBTLEX-US is an ordinary word, not a name: 10,000
 * reaches words used about 100 times in 51 million (`recovery`) and stops before place names.
 */
export const COMMON_WORD_RANK = 10_000;

/** How many blocks above a number's own block may introduce it (an intro, a heading). */
export const BLOCKS_ABOVE = 3;

/** Three-digit North American service lines; recognized only when the text says to call them. */
export const SERVICE_LINES: ReadonlySet<string> = new Set([
  '211',
  '311',
  '411',
  '511',
  '611',
  '711',
  '811',
  '911',
  '988',
]);

// liveness: politeness, timeouts, retries, cache, the longest timer.

/**
 * The longest timer delay: Node fires a longer one after 1 ms (signed 32-bit), which made every
 * link `inconclusive` at once. Every option that becomes a timer is validated against it.
 */
export const MAX_TIMER_MS = 2_147_483_647;

export const LIVENESS_DEFAULTS = {
  concurrency: 64,
  perHostConcurrency: 4,
  timeoutMs: 10_000,
  /** An answer is graded this long after its links were asked for, the rest inconclusive. */
  deadlineMs: 30_000,
  /** `stale`: a host's links unfinished this long after its first started (1,000 pages at 4). */
  hostDeadlineMs: 300_000,
  maxRedirects: 5,
  retries: 2,
  retryAfterCapMs: 30_000,
  /** System DNS lookups at once: each holds one of libuv's 4 threads; 3 leaves one for file IO. */
  dnsConcurrency: 3,
  maxBodyBytes: 16 * 1024,
  /** The longest response head read: Node's 16 KB made a 404 with 60 KB of headers inconclusive. */
  maxHeaderBytes: 256 * 1024,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  userAgent: 'citation-verifier/0.1 (link liveness check)',
  /** Fetched at most once per checker, when a verdict needs proof that the network works. */
  networkProbeUrl: 'https://example.com/',
  /** First wait before a retry without Retry-After; doubles on each retry. */
  retryBaseDelayMs: 1000,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
} as const;

// builder: shared portals, export zip bounds, how much of the summary is shown.

/**
 * A host with pages of at least this many organizations is a shared portal (mass.gov), never
 * derived as a domain; one organization's three or four units on its own site are common.
 */
export const SHARED_HOST_MIN_ORGS = 5;

/** A zipped directory export's bounds, unpacked, checked before inflating (a zip bomb). */
export const EXPORT_ZIP_LIMITS = {
  totalBytes: 512 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
  files: 200,
} as const;

/** How many warnings and notes the builder's summary shows before "… and N more". */
export const BUILDER_SHOWN = { warnings: 10, notes: 5 } as const;

// chunks: the chunk-citation check's limits and thresholds.

export const CHUNK_DEFAULTS = {
  contextVar: 'context',
  /** Shorter quotes are phrases, not quotations, and are not checked. */
  minQuoteWords: 3,
  /** A range marker names at most this many chunks, so work grows with the text, not a number. */
  maxRangeIds: 20,
  maxIdLength: 64,
  /** `source_passage` is cut to about this many characters. */
  passageMaxChars: 400,
  /** A word in more sentences of a chunk is a function word there, skipped to locate a passage. */
  maxSentencesPerWord: 32,
  /** At most this many facts of a passage window are looked at for a correction. */
  maxFactsScanned: 64,
  /** A longer quotation is unbalanced quote marks, not a quote. */
  maxQuoteChars: 2_000,
  /**
   * Below this share of content words in the nearest cited chunk a claim is `weak_support`: 94%
   * precision against HAGRID's "not attributable" labels (docs/CHUNKS.md).
   */
  weakSupportThreshold: 0.25,
  /** Claims with fewer content words are never `weak_support`. */
  weakSupportMinWords: 3,
  /** With `requireCitations`, an uncited statement this long must cite a chunk. */
  statementMinWords: 3,
  /** What replaces a failing claim in the repaired answer; null drops its sentence (`--hedge`). */
  hedge: null,
  /** More failing claims than this and the action is `refuse`. */
  maxFailingClaims: 3,
} as const;

// judge: the chunk check's model judge (docs/JUDGE.md); every number bounds cost or time.

/** The model judge's defaults; off unless a judge is configured. */
export const JUDGE_DEFAULTS = {
  temperature: 0,
  /** One attempt. */
  requestTimeoutMs: 30_000,
  /** Every request of one answer together; later claims stay uncertain. */
  answerDeadlineMs: 120_000,
  /** Requests (distinct cited chunk sets) per answer; the rest stay uncertain. */
  maxCallsPerAnswer: 20,
  /** Attempts after the first, only on 429 and 5xx. */
  retries: 2,
  /** Backoff before the first retry without Retry-After; doubled each time. */
  retryBaseMs: 1_000,
  /** A longer Retry-After is not waited for: the claim stays uncertain. */
  maxRetryAfterMs: 20_000,
  maxReplyBytes: 1_000_000,
  /** A YES counts only with a verbatim evidence quote this many words long. */
  minEvidenceWords: 3,
  /** Words this long sharing this many first letters are the same content word (`tenants`). */
  sharedWordPrefix: 5,
  /** `true`: a claim the judge gave no counted verdict stays as the checks left it, not failed. */
  advisory: false,
  /** Requests of an answer in flight; `calibrate` and `check --jsonl` run this many answers too. */
  concurrency: 4,
  /** The environment variable holding the key sent as `Authorization: Bearer`. */
  keyVariable: 'CITATION_VERIFIER_JUDGE_KEY',
} as const;

// fronts: environment variables, output caps, the comparison's statistics, file limits.

/** Environment variables read by the assertions and the CLI as fallbacks for config. */
export const ENV = {
  allowlist: 'CITATION_VERIFIER_ALLOWLIST',
  liveness: 'CITATION_VERIFIER_LIVENESS',
  threshold: 'CITATION_VERIFIER_THRESHOLD',
} as const;

/** Vendor comparison: the z of the 95% Wilson score interval. */
export const INTERVAL_Z = 1.96;

/** Vendor comparison: headline rates differ beyond chance when Fisher's test is below this. */
export const DIFFERENCE_ALPHA = 0.05;

/**
 * How many findings of each kind an output lists, the rest counted: a 50 MB answer's full listing
 * overflowed the stack in text and V8's longest string in JSON. Scores count everything.
 */
export const LISTED_FINDINGS = { text: 500, json: 10_000, reason: 50 } as const;

/** How deep `componentResults` may nest: promptfoo writes two; recursion overflowed near 1,000. */
export const MAX_COMPONENT_DEPTH = 32;

/** `check --jsonl`: a longer line is bad input; the service's `bodyLimitBytes` is the same. */
export const CHECK_JSONL_MAX_LINE_BYTES = 1_000_000;

/**
 * The largest file of each kind, in bytes, refused with exit 3 before it is read, so a path cannot
 * fill memory. Far above real ones (a 100,000-organization allowlist is 30 MB); `text` stays under
 * V8's longest string; `jsonl`, read by line, bounds time: ten million answers of 1 KB.
 */
export const FILE_LIMITS = {
  config: 1_000_000,
  allowlist: 256_000_000,
  registry: 64_000_000,
  text: 256_000_000,
  jsonl: 10_000_000_000,
} as const;

// guardrail: rounds of repair, the HTTP service's limits (docs/SERVICE.md).

/** At most this many rounds of apply-and-verify-again, as a linter's fixer bounds its passes. */
export const REPAIR_MAX_PASSES = 3;

/** The service's limits; `--body-limit` and `--deadline` override two of them. */
export const SERVICE_DEFAULTS = {
  /** Listen on loopback only unless told otherwise: the service has no authentication. */
  host: '127.0.0.1',
  port: 8787,
  /** A larger request body is refused with 413 before it is read whole. */
  bodyLimitBytes: 1_000_000,
  /** A request still unanswered after this gets 503. */
  requestDeadlineMs: 10_000,
  requestTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  /** Node's `maxHeaderSize` (431 past it). */
  maxHeaderBytes: 16_384,
  keepAliveTimeoutMs: 5_000,
  /** Polling the allowlist file (`fs.watchFile`: safe with atomic renames). */
  watchIntervalMs: 1_000,
  /** On SIGTERM, requests in flight get this long before the process exits anyway. */
  drainTimeoutMs: 10_000,
  /** A (re)load of the allowlist not done by then counts as failed. */
  loadTimeoutMs: 60_000,
} as const;

/** On SIGTERM, event-loop passes read what was sent until one brings nothing (`settle`). */
export const DRAIN_SETTLE = {
  maxPasses: 64,
  workerQuietMs: 50,
} as const;

/**
 * `--workers N`: a dead worker is restarted after a wait doubling per death in the window; the
 * `maxFailures`th death within `windowMs` ends the service, or a bad allowlist forks forever.
 */
export const RESPAWN_DEFAULTS = {
  maxFailures: 5,
  windowMs: 60_000,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
} as const;
