import { z } from 'zod';
import { InputError } from '../errors.js';
import { CHUNK_LIMITS } from './defaults.js';
import { isLocaleTag } from './number-style.js';

/**
 * The chunk assertion's `config`, validated. Unknown keys are rejected so that a typo
 * (`requireCitation`) is reported rather than silently ignored.
 */
export const ChunkConfigSchema = z.strictObject({
  contextVar: z.string().min(1).optional(),
  requireCitations: z.boolean().optional(),
  minQuoteWords: z.number().int().min(1).optional(),
  weakSupportThreshold: z.number().min(0).max(1).optional(),
  failOnWeakSupport: z.boolean().optional(),
  locale: z.string().refine(isLocaleTag, 'expected a BCP 47 locale such as en-US or de-DE').optional(),
});

export interface ChunkSettings {
  /** The test variable (and provider-metadata key) holding the chunks. */
  contextVar: string;
  requireCitations: boolean;
  minQuoteWords: number;
  weakSupportThreshold: number;
  failOnWeakSupport: boolean;
  locale?: string;
}

const KNOWN_KEYS = Object.keys(ChunkConfigSchema.shape).join(', ');

/** Settings from `config`, then defaults. Throws `InputError('INVALID_CONFIG')` naming the key. */
export function resolveChunkConfig(config: unknown): ChunkSettings {
  const parsed = ChunkConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.length > 0 ? `config.${issue.path.join('.')}` : 'config';
    const detail =
      issue.code === 'unrecognized_keys'
        ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}; known keys: ${KNOWN_KEYS}`
        : issue.path.length === 0
          ? `expected an object with ${KNOWN_KEYS}`
          : issue.message;
    throw new InputError('INVALID_CONFIG', `${path}: ${detail}`);
  }
  return {
    contextVar: parsed.data.contextVar ?? CHUNK_LIMITS.contextVar,
    requireCitations: parsed.data.requireCitations ?? false,
    minQuoteWords: parsed.data.minQuoteWords ?? CHUNK_LIMITS.minQuoteWords,
    weakSupportThreshold: parsed.data.weakSupportThreshold ?? CHUNK_LIMITS.weakSupportThreshold,
    failOnWeakSupport: parsed.data.failOnWeakSupport ?? false,
    ...(parsed.data.locale === undefined ? {} : { locale: parsed.data.locale }),
  };
}
