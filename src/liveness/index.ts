/** The liveness check: fetch each link and tell live from broken from invented (see docs/LIVENESS.md). */
export { createLinkChecker, resolveLivenessSettings } from './checker.js';
export { SOFT_404_PROBE_PREFIX } from './soft404.js';
export type { CheckerDeps, ResolvedLivenessSettings } from './checker.js';
export { sharedLinkChecker, closeSharedLinkCheckers } from './shared.js';
export { classify, networkNeeded } from './classify.js';
export { botProtection, pageSaysNotFound } from './page-signs.js';
export { failureFromError } from './failure.js';
export type {
  Evidence,
  ResponseEvidence,
  FailureEvidence,
  Failure,
  FailureKind,
  NetworkView,
  Soft404Evidence,
} from './classify.js';
export { classifyAddress, privateAddressPolicy, type AddressClass } from './address.js';
export { createSystemResolver, pinsFrom, hostKey } from './resolve.js';
export { retryDecision, parseRetryAfter, RETRY_BASE_DELAY_MS } from './retry.js';
export { NETWORK_PROBE_URL } from './network.js';
export type {
  LinkChecker,
  LivenessOptions,
  LivenessOutcome,
  LivenessKind,
  LookupAsker,
  Resolver,
  ResolveResult,
} from './types.js';
