import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { PrivateFolder, readEntryFile, writeEntryFile } from '../util/safe-file.js';
import type { LivenessOutcome } from './types.js';

type LiveOutcome = Extract<LivenessOutcome, { kind: 'live' }>;

const FORMAT_VERSION = 2;
/** An entry is a few hundred bytes; anything much larger is not ours. */
const MAX_ENTRY_BYTES = 64 * 1024;

const CacheEntrySchema = z.object({
  version: z.literal(FORMAT_VERSION),
  url: z.string(),
  policy: z.string(),
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
 * The on-disk cache of successes, one file per URL and network policy; bad entries are misses.
 * Safe against whoever can write the folder: only the user's own, private folder is used (else
 * said once through `warn`), entries go through `src/util/safe-file.ts`, and the key holds the
 * network policy (a private pin's success is not served to a run that forbids private addresses).
 */
export class DiskCache {
  readonly #folder: PrivateFolder;

  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly policy = '',
    warn?: (message: string) => void,
  ) {
    this.#folder = new PrivateFolder(dir, '--cache-dir', warn);
  }

  fileFor(url: string): string {
    const key = createHash('sha256').update(`${this.policy}\n${url}`).digest('hex').slice(0, 40);
    return join(this.dir, `${key}.json`);
  }

  /** The cached live outcome for `url`, when younger than the TTL. */
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

  /** Store a success (anything else is ignored). Never rejects. */
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
