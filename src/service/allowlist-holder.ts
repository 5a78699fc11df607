import { readAllowlistFile } from '../allowlist/load.js';
import { describeError } from '../errors.js';
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
 * The service's allowlist, swapped whole on reload. A request takes `current` once when it
 * starts, so a reload never changes the allowlist under a request in flight; a reload that fails
 * (missing file, bad JSON, invalid entries) keeps the old one and records why. It reads the file
 * itself rather than through the process-wide index cache, which would hand back the old index.
 */
export class AllowlistHolder {
  #current: AllowlistIndex;
  #health: AllowlistHealth;

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

  /** Load the file again: the new index on success, else the old one kept and the reason returned. */
  async reload(): Promise<{ ok: true } | { ok: false; message: string }> {
    try {
      const { index, health } = await load(this.#health.path, this.#health.reloads + 1);
      this.#current = index;
      this.#health = health;
      return { ok: true };
    } catch (error) {
      const message = describeError(error);
      this.#health = { ...this.#health, lastError: { at: new Date().toISOString(), message } };
      return { ok: false, message };
    }
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
  let numbers = 0;
  for (const organization in allowlist.orgPhones)
    numbers += allowlist.orgPhones[organization]!.length;
  return {
    index,
    health: {
      path,
      organizations: allowlist.orgNames.length,
      urls: allowlist.urls.length,
      domains: allowlist.domains.length,
      numbers,
      loadedAt: new Date().toISOString(),
      loadMs: Math.round(performance.now() - started),
      reloads,
    },
  };
}
