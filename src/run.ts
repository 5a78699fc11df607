import { answerText } from './util/answer-text.js';
import { loadGovRegistry } from './match/dotgov.js';
import { indexOf, type AllowlistIndex, type AllowlistSource } from './match/index.js';
import type { LinkChecker, LivenessOptions } from './liveness/types.js';
import type { Report } from './types.js';
import { verifyAnswer, verifyAnswerLive, type VerifyOptions } from './verify.js';
import { knowledgeFor } from './jurisdiction/check.js';

/** How one verification runs, as resolved from the assertion's config or the CLI's flags. */
export interface VerifierSettings {
  /** An absolute path, or an inline allowlist object given in the config. */
  allowlist: AllowlistSource;
  threshold: number;
  /** `false` when liveness is off. */
  liveness: false | LivenessOptions;
  /** An absolute path to a newer .gov registry; absent: the snapshot shipped in the package. */
  govRegistry?: string;
  /** A misattributed number fails the answer, whatever the score. */
  failOnMisattribution?: boolean;
  /**
   * The jurisdiction (a code) to check links and numbers against; absent: the allowlist's own
   * `jurisdiction`, if any, else no check at all.
   */
  jurisdiction?: string;
  /** `fail` (default): a wrong-jurisdiction link fails the answer; `score`: it only scores 0. */
  wrongJurisdiction?: 'fail' | 'score';
}

/** The jurisdiction options of a run, or none: the settings' jurisdiction, else the allowlist's. */
function jurisdictionFor(
  settings: VerifierSettings,
  index: AllowlistIndex,
  gov: { govRegistry?: VerifyOptions['govRegistry'] },
): Pick<VerifyOptions, 'jurisdiction'> {
  const jurisdiction = settings.jurisdiction ?? index.allowlist.jurisdiction;
  if (jurisdiction === undefined) return {};
  return {
    jurisdiction: {
      jurisdiction,
      knowledge: knowledgeFor(index, gov.govRegistry),
      ...(settings.wrongJurisdiction ? { wrongJurisdiction: settings.wrongJurisdiction } : {}),
    },
  };
}

/** The index for the settings' allowlist, from the one per-process cache. */
export function indexFor(settings: VerifierSettings): Promise<AllowlistIndex> {
  return indexOf(settings.allowlist);
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
  const gov = {
    ...(settings.govRegistry === undefined
      ? {}
      : { govRegistry: loadGovRegistry(settings.govRegistry) }),
    ...(settings.failOnMisattribution ? { failOnMisattribution: true } : {}),
  };
  const options = {
    threshold: settings.threshold,
    ...gov,
    ...jurisdictionFor(settings, index, gov),
  };
  if (settings.liveness === false) return verifyAnswer(text, index, options);
  const factory = checkerFor ?? (await import('./liveness/index.js')).sharedLinkChecker;
  const allowPrivateNetworks =
    settings.liveness.allowPrivateNetworks !== undefined &&
    settings.liveness.allowPrivateNetworks !== false;
  return verifyAnswerLive(text, index, await factory(settings.liveness), {
    ...options,
    allowPrivateNetworks,
    ...(settings.liveness.deadlineMs !== undefined
      ? { deadlineMs: settings.liveness.deadlineMs }
      : {}),
  });
}
