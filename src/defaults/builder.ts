/**
 * The allowlist builder: when a host is a shared portal, and how much of its summary is shown.
 * Defaults of one topic, each defined only here; import them from `src/defaults.ts`.
 */

/**
 * A host carrying pages of at least this many organizations is a shared portal (mass.gov for every
 * court): deriving it as a domain would vouch for every page on it, invented ones included. Five,
 * because an organization with a few programs on its own site (three or four units on one host)
 * is common and is exactly what deriving is for.
 */
export const SHARED_HOST_MIN_ORGS = 5;

/** How many warnings and notes the builder's summary (and its --strict error) show before "… and N more". */
export const BUILDER_SHOWN = { warnings: 10, notes: 5 } as const;
