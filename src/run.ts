import { answerText } from './util/answer-text.js';
import { buildIndex, type AllowlistIndex } from './allowlist/index.js';
import { loadAllowlistIndex } from './allowlist/load.js';
import { parseAllowlist } from './allowlist/schema.js';
import type { LinkChecker, LivenessOptions } from './liveness/types.js';
import type { Report } from './types.js';
import { verifyAnswer, verifyAnswerLive } from './verify.js';

/** How one verification runs, as resolved from the assertion's config or the CLI's flags. */
export interface VerifierSettings {
  /** An absolute path, or an inline allowlist object given in the config. */
  allowlist: { path: string } | { inline: Record<string, unknown> };
  threshold: number;
  /** `false` when liveness is off. */
  liveness: false | LivenessOptions;
}

const inlineCache = new Map<string, AllowlistIndex>();

/** The index for the settings' allowlist: a file loaded once per process, or an inline object. */
export function indexFor(settings: VerifierSettings): Promise<AllowlistIndex> {
  if ('path' in settings.allowlist) return loadAllowlistIndex(settings.allowlist.path);
  const key = JSON.stringify(settings.allowlist.inline);
  let index = inlineCache.get(key);
  if (!index) {
    index = buildIndex(parseAllowlist(settings.allowlist.inline, 'config.allowlist'));
    inlineCache.set(key, index);
  }
  return Promise.resolve(index);
}

/**
 * Verify a provider output of any shape with resolved settings. With liveness on, `checkerFor`
 * supplies the (shared, caching) link checker; it is only loaded then, so offline runs never load
 * the HTTP client.
 */
export async function verifyOutput(
  output: unknown,
  settings: VerifierSettings,
  checkerFor?: (options: LivenessOptions) => Promise<LinkChecker> | LinkChecker,
): Promise<Report> {
  const index = await indexFor(settings);
  const text = answerText(output);
  if (settings.liveness === false) return verifyAnswer(text, index, { threshold: settings.threshold });
  const factory = checkerFor ?? (await import('./liveness/index.js')).sharedLinkChecker;
  const allowPrivateNetworks = settings.liveness.allowPrivateNetworks !== undefined && settings.liveness.allowPrivateNetworks !== false;
  return verifyAnswerLive(text, index, await factory(settings.liveness), { threshold: settings.threshold, allowPrivateNetworks });
}
