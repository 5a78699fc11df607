/**
 * Every default of the product, defined once. The builder, the verifier, the liveness checker,
 * the CLI and the promptfoo assertions import from here; nothing restates a number. Each topic's
 * defaults are defined in its own file under `src/defaults/`; this file only gathers them.
 */

export * from './defaults/builder.js';
export * from './defaults/chunks.js';
export * from './defaults/fronts.js';
export * from './defaults/guardrail.js';
export * from './defaults/judge.js';
export * from './defaults/links.js';
export * from './defaults/liveness.js';
export * from './defaults/names-phones.js';
export * from './defaults/score.js';
