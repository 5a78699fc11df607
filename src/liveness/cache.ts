import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { PrivateFolder, readEntryFile, writeEntryFile } from '../util/safe-file.js';
import type { LivenessOutcome } from './types.js';

type LiveOutcome = Extract<LivenessOutcome, { kind: 'live' }>;

const FORMAT_VERSION = 2;
/** An entry is a few hundred bytes; anything much larger is not ours and is not read. */
const MAX_ENTRY_BYTES = 64 * 1024;

/** An entry as read: anything else in the file is a miss. */
const CacheEntrySchema = z.object({
  version: z.literal(FORMAT_VERSION),
  url: z.string(),
  /** The network policy the success was seen under (see `DiskCache`). */
  policy: z.string(),
  /** Epoch milliseconds. */
  checkedAt: z.number(),
  outcome: z.object({
    kind: z.literal('live'),
    status: z.number(),
    finalUrl: z.string(),
    redirects: z.number().catch(0),
    reason: z.string().optional().catch(undefined),
  }),
});
type CacheEntry = z.input<typeof CacheEntrySchema>;

/**
 * The on-disk cache of successes: one small JSON file per URL and network policy (named by their
 * SHA-256), so concurrent processes never rewrite each other's entries. Failures are never stored.
 * Unreadable, corrupt, expired or foreign entries are misses; write errors are ignored, because
 * the cache only saves time.
 *
 * Whoever can write the folder must not be able to use it against the user, so:
 * - the folder is used only when it is a real folder (not a link) owned by the user and not
 *   writable by group or others; otherwise there is no cache;
 * - an unsafe folder is said once (`warn`): what is wrong with it and what to do, since a cache
 *   silently unused only shows as a slow run;
 * - entries go through the one safe entry reader and writer (`src/util/safe-file.ts`): never
 *   through a link, never blocked by a FIFO, a regular file of at most 64 KB, written beside and
 *   renamed over;
 * - the key holds the network policy (`policy`: private addresses allowed, `--resolve` pins, extra
 *   CAs): a success seen with a host pinned to a private address is not served to a run that
 *   forbids private addresses.
 */
export class DiskCache {
  readonly #folder: PrivateFolder;

  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly policy = '',
    /** Told once why the folder is not used. */
    warn?: (message: string) => void,
  ) {
    this.#folder = new PrivateFolder(dir, '--cache-dir', warn);
  }

  fileFor(url: string): string {
    const key = createHash('sha256').update(`${this.policy}\n${url}`).digest('hex').slice(0, 40);
    return join(this.dir, `${key}.json`);
  }

  /** The cached live outcome for `url`, when one younger than the TTL exists. */
  async get(url: string): Promise<LiveOutcome | undefined> {
    if (!(await this.#folder.usable(false))) return undefined;
    const text = await readEntryFile(this.fileFor(url), MAX_ENTRY_BYTES);
    if (text === undefined) return undefined;
    let parsed;
    try {
      parsed = CacheEntrySchema.safeParse(JSON.parse(text));
    } catch {
      return undefined;
    }
    if (!parsed.success) return undefined;
    const { data: entry } = parsed;
    const age = this.now() - entry.checkedAt;
    if (entry.url !== url || entry.policy !== this.policy || age < 0 || age >= this.ttlMs)
      return undefined;
    const { status, finalUrl, redirects, reason = `${status}` } = entry.outcome;
    const cached = ` (cached ${new Date(entry.checkedAt).toISOString()})`;
    return { kind: 'live', status, finalUrl, redirects, reason: `${reason}${cached}` };
  }

  /** Store a success. Anything but `live` is ignored. Never rejects. */
  async put(url: string, outcome: LivenessOutcome): Promise<void> {
    if (outcome.kind !== 'live') return;
    const entry: CacheEntry = {
      version: FORMAT_VERSION,
      url,
      policy: this.policy,
      checkedAt: this.now(),
      outcome,
    };
    if (!(await this.#folder.usable(true))) return;
    await writeEntryFile(this.fileFor(url), `${JSON.stringify(entry)}\n`);
  }
}
