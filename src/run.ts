import { answerText } from './util/answer-text.js';
import { loadGovRegistry } from './match/dotgov.js';
import { indexOf, type AllowlistIndex, type AllowlistSource } from './match/index.js';
import { isPreparedAnswer, prepareAnswer, type PreparedAnswer } from './text/prepared.js';
import type { LivenessOptions } from './liveness/types.js';
import type { Report } from './types.js';
import { type KnownLinks, verifyAnswer, verifyAnswerLive, type VerifyOptions } from './verify.js';
import { knowledgeFor } from './jurisdiction/check.js';
import { guardAnswer, type Repair } from './repair/index.js';

/** How one verification runs, as resolved from the assertion's config or the CLI's flags. */
export interface VerifierSettings {
  /** An absolute path, or an inline allowlist object. */
  allowlist: AllowlistSource;
  threshold: number;
  liveness: false | LivenessOptions;
  /** An absolute path to a newer .gov registry than the one shipped. */
  govRegistry?: string;
  /** A misattributed number fails the answer, whatever the score. */
  failOnMisattribution?: boolean;
  /** A code; absent: the allowlist's own `jurisdiction`, if any, else no check. */
  jurisdiction?: string;
  /** `fail` (default): a wrong-jurisdiction link fails the answer; `score`: it only scores 0. */
  wrongJurisdiction?: 'fail' | 'score';
}

/** The jurisdiction options of a run, or none: the settings' jurisdiction, else the allowlist's. */
export function jurisdictionFor(
  settings: Omit<VerifierSettings, 'allowlist'>,
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

/** Verify a provider output of any shape; offline runs never load the HTTP client. */
export async function verifyOutput(output: unknown, settings: VerifierSettings): Promise<Report> {
  return (await guardOutput(output, settings)).report;
}

/** `verifyOutput` and, when the answer needs it, its repair; `output` may be already prepared. */
export async function guardOutput(
  output: unknown,
  settings: VerifierSettings,
): Promise<{ report: Report; repair?: Repair }> {
  return guardWithIndex(await indexOf(settings.allowlist), output, settings);
}

/** `guardOutput` with an index the caller holds (the service, which reloads its allowlist). */
export async function guardWithIndex(
  index: AllowlistIndex,
  output: unknown,
  settings: Omit<VerifierSettings, 'allowlist'>,
): Promise<{ report: Report; repair?: Repair }> {
  const verify = await verifierFor(index, settings);
  // Prepared once: the verification and the repair read the same sentences.
  const answer = isPreparedAnswer(output) ? output : prepareAnswer(answerText(output));
  return guardAnswer(answer, await verify(answer), verify);
}

/** One answer → its report; judged links are kept, so a repair's links alone are judged. */
async function verifierFor(
  index: AllowlistIndex,
  settings: Omit<VerifierSettings, 'allowlist'>,
): Promise<(answer: PreparedAnswer) => Promise<Report>> {
  const gov = {
    ...(settings.govRegistry === undefined
      ? {}
      : { govRegistry: loadGovRegistry(settings.govRegistry) }),
    ...(settings.failOnMisattribution ? { failOnMisattribution: true } : {}),
  };
  const base = {
    threshold: settings.threshold,
    ...gov,
    ...jurisdictionFor(settings, index, gov),
    known: new Map() as KnownLinks,
  };
  if (settings.liveness === false) return async (answer) => verifyAnswer(answer, index, base);
  const { sharedLinkChecker } = await import('./liveness/index.js');
  const checker = sharedLinkChecker(settings.liveness);
  const options = {
    ...base,
    allowPrivateNetworks:
      settings.liveness.allowPrivateNetworks !== undefined &&
      settings.liveness.allowPrivateNetworks !== false,
    ...(settings.liveness.deadlineMs !== undefined
      ? { deadlineMs: settings.liveness.deadlineMs }
      : {}),
  };
  return (answer) => verifyAnswerLive(answer, index, checker, options);
}
