/**
 * The liveness check: fetch each link and tell live from broken from invented (see
 * docs/LIVENESS.md). The fronts import this lazily, only when liveness is on.
 */
export { sharedLinkChecker, closeSharedLinkCheckers } from './shared.js';
