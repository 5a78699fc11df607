/** The chunk-citation check's public surface (the library's `chunks` namespace). */
export { parseChunks, CHUNK_OPTIONAL_KEYS, type ParseChunksOptions } from './parse.js';
export { chunkKey } from './ids.js';
export {
  extractCitations,
  findCitations,
  markerContext,
  parseIds,
  type MarkerContext,
} from './markers.js';
export { readAnswer, type AnswerReading } from './claims.js';
export { findBlocks } from './blocks.js';
export { extractFacts, type FactSide } from './facts/index.js';
export { checkChunkCitations, scoreChunkReport } from './check.js';
export { buildChunkAudit, chunkAuditSchema, type ChunkAudit, type ChunkAuditRow } from './audit.js';
export {
  chunkGradingResult,
  CHUNK_METADATA_KEY,
  CHUNK_SCORE_NAMES,
  CHUNK_REASON_PREFIX,
} from './grading.js';
export { formatChunkAuditText } from './format.js';
/** `CHUNK_DEFAULTS` under the name this module has always exported it by. */
export { CHUNK_DEFAULTS as CHUNK_LIMITS } from '../defaults.js';
export { resolveChunkConfig, ChunkConfigSchema, type ChunkSettings } from './config.js';
export * from './types.js';
