import { CHUNK_DEFAULTS } from '../defaults.js';

/** The chunk stages' limits; defined in `src/defaults.ts` with every other default. */
export const CHUNK_LIMITS = CHUNK_DEFAULTS;
