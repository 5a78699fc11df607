import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
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
 * - an entry is opened without following a link and without blocking (a FIFO planted as an entry
 *   used to block the read forever), and read only when it is a regular file of at most 64 KB;
 * - an entry is written to a new temporary file (created exclusively, never through a link) that
 *   is renamed over the entry: a link or FIFO planted there is replaced, its target never written.
 *   (The atomic writer of `-o` follows links on purpose; this one must not.)
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
  ) {}

  fileFor(url: string): string {
    const key = createHash('sha256').update(`${this.policy}\n${url}`).digest('hex').slice(0, 40);
    return join(this.dir, `${key}.json`);
  }

  /** The cached live outcome for `url`, when one younger than the TTL exists. */
  async get(url: string): Promise<LiveOutcome | undefined> {
    if (!(await this.folderIsSafe(false))) return undefined;
    const text = await readEntry(this.fileFor(url));
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
    await writeEntry(this.fileFor(url), `${JSON.stringify(entry)}\n`);
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
      return safeFolder(this.dir);
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

/** A real folder (not a link), the user's own, not writable by group or others. */
async function safeFolder(dir: string): Promise<boolean> {
  try {
    const info = await lstat(dir);
    if (!info.isDirectory()) return false;
    const uid = process.getuid?.();
    if (uid !== undefined && info.uid !== uid) return false;
    return (info.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** The entry's text, when it is a regular file of at most `MAX_ENTRY_BYTES`; never follows a link or blocks. */
async function readEntry(file: string): Promise<string | undefined> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_ENTRY_BYTES) return undefined;
    return await handle.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** A new private file beside the entry, renamed over it: whatever was planted there is replaced. */
async function writeEntry(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch {
    // An unwritable cache only costs a re-check next time.
    await unlink(temp).catch(() => undefined);
  }
}
