import { createRequire } from 'node:module';

/**
 * tldts's `parse` (a host's public suffix, domain, whether it is an IP address), required as
 * CommonJS. The package has no ES module entry Node resolves to, and importing its CommonJS file
 * from ESM makes Node scan all 220 kB of it to list its exports: a large share of the start-up of
 * `check` on one answer. Every module that reads a host with tldts takes it from here.
 */
export const parseDomain = (createRequire(import.meta.url)('tldts') as typeof import('tldts'))
  .parse;
