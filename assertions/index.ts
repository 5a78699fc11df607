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
// The jobs the commands do, as typed calls: the builder lives outside the library (it imports the
// library, never the reverse), so the package root is where a user finds it.
export { buildAllowlist, renderAllowlist, tableFromRows } from '../builders/build.js';
export type { BuildOptions, BuildResult } from '../builders/types.js';
export { parseCsvText, readCsvFile } from '../builders/csv.js';
export { findStaleLinks, staleFailed, type StaleInput, type StaleReport } from '../src/stale.js';
export {
  compareVendors,
  parseAnswersJsonl,
  renderComparison,
  rowsFromAnswers,
  verdictOf,
  type VendorComparison,
} from '../src/compare/index.js';
