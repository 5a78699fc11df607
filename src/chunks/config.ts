import { z } from 'zod';
import { parseInput } from '../input/issues.js';
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
  locale: z.string().refine(isLocaleTag).optional(),
});

/** What each key must be, in a person's words. */
const EXPECTED: Readonly<Record<string, string>> = {
  contextVar: 'the name of the test variable that holds the chunks',
  requireCitations: 'true or false',
  minQuoteWords: 'a whole number above 0',
  weakSupportThreshold: 'a number from 0 to 1',
  failOnWeakSupport: 'true or false',
  locale: 'a BCP 47 locale such as en-US or de-DE',
};

export interface ChunkSettings {
  /** The test variable (and provider-metadata key) holding the chunks. */
  contextVar: string;
  requireCitations: boolean;
  minQuoteWords: number;
  weakSupportThreshold: number;
  failOnWeakSupport: boolean;
  locale?: string;
}

/**
 * Settings from `config`, then defaults. Throws `InputError('INVALID_CONFIG')` naming the key, or as
 * `labels` names it (`weakSupportThreshold` → `--weak-support-threshold` for `check --chunks`, which
 * reads its flags through here so both fronts judge a value by the same rule, in the same words).
 */
export function resolveChunkConfig(
  config: unknown,
  options: { labels?: Readonly<Record<string, string>> } = {},
): ChunkSettings {
  const data = parseInput(ChunkConfigSchema, config ?? {}, 'INVALID_CONFIG', {
    root: 'config',
    expected: EXPECTED,
    ...(options.labels ? { labels: options.labels } : {}),
  });
  return {
    contextVar: data.contextVar ?? CHUNK_LIMITS.contextVar,
    requireCitations: data.requireCitations ?? false,
    minQuoteWords: data.minQuoteWords ?? CHUNK_LIMITS.minQuoteWords,
    weakSupportThreshold: data.weakSupportThreshold ?? CHUNK_LIMITS.weakSupportThreshold,
    failOnWeakSupport: data.failOnWeakSupport ?? false,
    ...(data.locale === undefined ? {} : { locale: data.locale }),
  };
}
