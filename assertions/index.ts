/**
 * The package root: the library (`src/index.ts`) and both promptfoo assertions, so promptfoo's
 * native package form finds them by name from any config folder:
 *
 *   - type: javascript
 *     value: package:citation-verifier:verifyCitations
 *
 * The assertions live here rather than in the library because the library knows nothing of
 * promptfoo.
 */
export * from '../src/index.js';
export { resolveSettings } from '../src/promptfoo/settings.js';
export { default as verifyCitations } from './verify-citations.js';
export { default as chunkCitations } from './chunk-citations.js';
