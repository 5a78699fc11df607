import { readAllowlistFile } from '../allowlist/load.js';
import { buildIndex, type AllowlistIndex } from '../match/index.js';

/** What `/healthz` says of the allowlist: its counts, when it loaded, and the last failed reload. */
export interface AllowlistHealth {
  path: string;
  organizations: number;
  urls: number;
  domains: number;
  numbers: number;
  loadedAt: string;
  loadMs: number;
  reloads: number;
  /** The last reload that failed, kept until one succeeds: the old allowlist stays in service. */
  lastError?: { at: string; message: string };
}

/**
 * The allowlist of one verification thread (`verifier-thread.ts`), loaded once: a reload is a new
 * thread, so a request never sees the allowlist change under it, and a reload that fails keeps
 * the old thread. It reads the file itself rather than through the process-wide index cache,
 * which would hand back the old index.
 */
export class AllowlistHolder {
  readonly #current: AllowlistIndex;
  readonly #health: AllowlistHealth;

  private constructor(index: AllowlistIndex, health: AllowlistHealth) {
    this.#current = index;
    this.#health = health;
  }

  /** Load the file for the first time; an error here is the caller's (the service does not start). */
  static async open(path: string): Promise<AllowlistHolder> {
    const { index, health } = await load(path, 0);
    return new AllowlistHolder(index, health);
  }

  get current(): AllowlistIndex {
    return this.#current;
  }

  get health(): AllowlistHealth {
    return this.#health;
  }
}

async function load(
  path: string,
  reloads: number,
): Promise<{ index: AllowlistIndex; health: AllowlistHealth }> {
  const started = performance.now();
  // The tables the loader builds on its way go to the index as they are (not built twice).
  const { allowlist, tables } = await readAllowlistFile(path);
  const index = buildIndex(allowlist, tables);
  // Built now rather than on the first unlisted link: at 100,000 organizations it takes about as
  // long as the load, and a service would otherwise stall its first request after each (re)load
  // on it; the old index keeps serving until this one is whole.
  index.lookalikes();
  return {
    index,
    health: {
      path,
      organizations: allowlist.orgNames.length,
      urls: allowlist.urls.length,
      domains: allowlist.domains.length,
      // Distinct numbers, as build-allowlist's summary counts them: one shared by four courts is one.
      numbers: tables.phoneOwners.size,
      loadedAt: new Date().toISOString(),
      loadMs: Math.round(performance.now() - started),
      reloads,
    },
  };
}
