/** The library: every rule of the product, no promptfoo or argv knowledge; the fronts are thin. */
export * from './defaults.js';
export { InputError, isInputError, type InputErrorCode } from './errors.js';
export { answerText } from './util/answer-text.js';
export { parseAllowlist, AllowlistFileSchema } from './allowlist/schema.js';
export { toAllowlistFile, type Allowlist, type AllowlistFile } from './allowlist/read.js';
export { loadAllowlist } from './allowlist/load.js';
export {
  buildIndex,
  indexOf,
  loadAllowlistIndex,
  clearAllowlistCache,
  type AllowlistIndex,
  type AllowlistSource,
} from './match/index.js';
export { normalizeUrl, normalizeHost, type UrlNormalization } from './normalize/url.js';
export { normalizePhone, formatPhone, type PhoneNormalization } from './normalize/phone.js';
export { orgKey, cleanOrgName, isAmbiguousName } from './normalize/name.js';
export { extractLinks } from './extract/links.js';
export { extractPhones } from './extract/phones.js';
export { findOrganizations } from './match/orgs.js';
export type { Finding, LinkFinding, PhoneFinding, OrgFinding, Span } from './extract/types.js';
export {
  verifyAnswer,
  verifyAnswerLive,
  extract,
  matchPhones,
  type VerifyOptions,
} from './verify.js';
export { verifyOutput, type VerifierSettings } from './run.js';
export { toGradingResult, toJson, toText, summaryLine } from './format/formatters.js';
export type { GradingResult } from './format/grading.js';
export {
  VerdictJsonSchema,
  type LinkJson,
  type PhoneJson,
  type VerdictJson,
} from './format/verdict-schema.js';
export * from './types.js';
export * from './codes.js';
export type { LinkChecker, LivenessOptions, LivenessOutcome } from './liveness/types.js';
export * as chunks from './chunks/index.js';
