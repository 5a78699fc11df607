import { createRequire } from 'node:module';

/** tldts's `parse` as CommonJS: as ESM, Node scans all 220 kB of it at start-up. */
export const parseDomain = (createRequire(import.meta.url)('tldts') as typeof import('tldts'))
  .parse;
