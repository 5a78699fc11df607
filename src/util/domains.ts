import { createRequire } from 'node:module';

/**
 * tldts's `parse`, required as CommonJS: importing it from ESM makes Node scan all 220 kB to list
 * its exports, a large share of `check`'s start-up.
 */
export const parseDomain = (createRequire(import.meta.url)('tldts') as typeof import('tldts'))
  .parse;
