import { createHash } from 'node:crypto';
import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readEntryFile, writeEntryFile } from '../util/safe-file.js';
import type { LivenessOutcome } from './types.js';

type LiveOutcome = Extract<LivenessOutcome, { kind: 'live' }>;

const FORMAT_VERSION = 2;
/** An entry is a few hundred bytes; anything much larger is not ours and is not read. */
const MAX_ENTRY_BYTES = 64 * 1024;

interface CacheEntry {
  version: typeof FORMAT_VERSION;
  url: string;
  /** The network policy the success was seen under (see `DiskCache`). */
  policy: string;
  /** Epoch milliseconds. */
  checkedAt: number;
  outcome: LiveOutcome;
}

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
  private usable: Promise<boolean> | undefined;

  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly policy = '',
    /** Told once why the folder is not used. */
    private readonly warn: (message: string) => void = defaultWarn,
  ) {}

  private warned = false;

  fileFor(url: string): string {
    const key = createHash('sha256').update(`${this.policy}\n${url}`).digest('hex').slice(0, 40);
    return join(this.dir, `${key}.json`);
  }

  /** The cached live outcome for `url`, when one younger than the TTL exists. */
  async get(url: string): Promise<LiveOutcome | undefined> {
    if (!(await this.folderIsSafe(false))) return undefined;
    const text = await readEntryFile(this.fileFor(url), MAX_ENTRY_BYTES);
    if (text === undefined) return undefined;
    let entry: Partial<CacheEntry>;
    try {
      entry = JSON.parse(text) as Partial<CacheEntry>;
    } catch {
      return undefined;
    }
    return this.fromEntry(entry, url);
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
    if (!(await this.folderIsSafe(true))) return;
    await writeEntryFile(this.fileFor(url), `${JSON.stringify(entry)}\n`);
  }

  private fromEntry(entry: Partial<CacheEntry>, url: string): LiveOutcome | undefined {
    if (
      entry.version !== FORMAT_VERSION ||
      entry.url !== url ||
      entry.policy !== this.policy ||
      typeof entry.checkedAt !== 'number'
    )
      return undefined;
    const outcome = entry.outcome;
    if (
      !outcome ||
      outcome.kind !== 'live' ||
      typeof outcome.status !== 'number' ||
      typeof outcome.finalUrl !== 'string'
    )
      return undefined;
    const age = this.now() - entry.checkedAt;
    if (age < 0 || age >= this.ttlMs) return undefined;
    return {
      kind: 'live',
      status: outcome.status,
      finalUrl: outcome.finalUrl,
      redirects: typeof outcome.redirects === 'number' ? outcome.redirects : 0,
      reason: `${typeof outcome.reason === 'string' ? outcome.reason : `${outcome.status}`} (cached ${new Date(entry.checkedAt).toISOString()})`,
    };
  }

  /** Checked once per checker; `create`: make the folder (private) when it is missing. */
  private folderIsSafe(create: boolean): Promise<boolean> {
    const check = async (): Promise<boolean> => {
      if (create) await mkdir(this.dir, { recursive: true, mode: 0o700 }).catch(() => undefined);
      const problem = await folderProblem(this.dir);
      if (problem !== null && problem !== 'missing' && !this.warned) {
        this.warned = true;
        this.warn(
          `the cache folder ${this.dir} is not used: ${problem}, so whoever else can write there could plant entries; make it a private folder of yours (chmod 700, owned by you) or give another --cache-dir`,
        );
      }
      return problem === null;
    };
    if (this.usable === undefined) {
      const pending = check();
      // A missing folder on a read is checked again when the first success creates it.
      this.usable = pending.then((safe) => {
        if (!safe && !create) this.usable = undefined;
        return safe;
      });
    }
    return this.usable;
  }
}

/**
 * What keeps a folder from being the cache (null when nothing does): it must be a real folder (not
 * a link), the user's own, not writable by group or others. `missing` is said to nobody: the
 * first success creates it.
 */
async function folderProblem(dir: string): Promise<string | null> {
  let info;
  try {
    info = await lstat(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'missing' : `it cannot be read (${code ?? 'error'})`;
  }
  if (info.isSymbolicLink()) return 'it is a symbolic link, not a folder';
  if (!info.isDirectory()) return 'it is not a folder';
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid)
    return `it belongs to another user (uid ${info.uid}, you are ${uid})`;
  const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
  if ((info.mode & 0o022) !== 0) return `it is writable by its group or others (mode ${mode})`;
  return null;
}

/** Without a front to say it, a warning on standard error, as Node says its own. */
function defaultWarn(message: string): void {
  process.emitWarning(message, 'CitationVerifierWarning');
}
