import { z } from 'zod';
import { parseInput } from '../input/issues.js';
import { CHUNK_DEFAULTS } from '../defaults.js';
import { isLocaleTag } from './number-style.js';
import type { ClaimRepairOptions, FailurePolicy } from './types.js';

/** The model judge's settings (docs/JUDGE.md); folders are resolved by the front. */
const JudgeConfigSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).optional(),
  model: z.string().min(1).optional(),
  cacheDir: z.string().min(1).optional(),
  recordDir: z.string().min(1).optional(),
  replayDir: z.string().min(1).optional(),
  maxCallsPerAnswer: z.number().int().min(1).optional(),
  answerDeadlineMs: z.number().int().min(1).optional(),
  requestTimeoutMs: z.number().int().min(1).optional(),
  minEvidenceWords: z.number().int().min(1).optional(),
  concurrency: z.number().int().min(1).optional(),
  advisory: z.boolean().optional(),
  uncited: z.boolean().optional(),
});
export type JudgeConfig = z.infer<typeof JudgeConfigSchema>;

/** The chunk assertion's `config`; strict, so a typo (`requireCitation`) is reported. */
export const ChunkConfigSchema = z.strictObject({
  contextVar: z.string().min(1).optional(),
  requireCitations: z.boolean().optional(),
  minQuoteWords: z.number().int().min(1).optional(),
  weakSupportThreshold: z.number().min(0).max(1).optional(),
  failOnWeakSupport: z.boolean().optional(),
  locale: z.string().refine(isLocaleTag).optional(),
  failOnPartialSupport: z.boolean().optional(),
  judge: z.union([z.literal(true), JudgeConfigSchema]).optional(),
  // One line with something besides blanks: a line break would split the list item it replaces.
  hedge: z
    .string()
    .regex(/^[^\r\n]*\S[^\r\n]*$/)
    .optional(),
  maxFailingClaims: z.number().int().min(0).optional(),
});

/** What each key must be, in a person's words (the messages of `parseInput`). */
export const CHUNK_EXPECTED: Readonly<Record<string, string>> = {
  contextVar: 'the name of the test variable that holds the chunks',
  requireCitations: 'true or false',
  minQuoteWords: 'a whole number above 0',
  weakSupportThreshold: 'a number from 0 to 1',
  failOnWeakSupport: 'true or false',
  locale: 'a BCP 47 locale such as en-US or de-DE',
  failOnPartialSupport: 'true or false',
  judge: "true (promptfoo's grading provider) or an object of judge settings (see docs/JUDGE.md)",
  hedge:
    'one line of text to put in place of a failing claim in the repaired answer (default: the claim is dropped)',
  maxFailingClaims:
    'a whole number from 0 (more failing claims than this and the action is refuse)',
  'judge.url': 'an http(s) URL of an OpenAI-compatible API (requests go to URL/chat/completions)',
  'judge.model': 'the model name to send',
  'judge.cacheDir': 'a folder for cached verdicts',
  'judge.recordDir': 'a folder to record requests and replies in',
  'judge.replayDir': 'a folder of recordings to answer from, offline',
  'judge.maxCallsPerAnswer': 'a whole number above 0',
  'judge.answerDeadlineMs': 'a whole number of milliseconds above 0',
  'judge.requestTimeoutMs': 'a whole number of milliseconds above 0',
  'judge.minEvidenceWords': 'a whole number above 0',
  'judge.concurrency': 'a whole number above 0 (requests in flight at once)',
  'judge.uncited':
    'true (uncited statements are judged against every retrieved chunk, reported apart) or false',
  'judge.advisory':
    'true (the judge is advice: a claim it gave no counted verdict for does not fail the answer) or false (the default: it fails, not verified)',
};

/** The chunk check's settings resolved; `contextVar` is the variable holding the chunks. */
export interface ChunkSettings extends Required<FailurePolicy>, ClaimRepairOptions {
  contextVar: string;
  minQuoteWords: number;
  weakSupportThreshold: number;
  locale?: string;
  judge?: JudgeConfig;
}

/**
 * Settings from `config`, then defaults. Throws `InputError('INVALID_CONFIG')` naming the key, or
 * its flag through `labels`, so `check --chunks` judges its flags by the same rule and words.
 */
export function resolveChunkConfig(
  config: unknown,
  options: { labels?: Readonly<Record<string, string>> } = {},
): ChunkSettings {
  const data = parseInput(ChunkConfigSchema, config ?? {}, 'INVALID_CONFIG', {
    root: 'config',
    expected: CHUNK_EXPECTED,
    ...(options.labels ? { labels: options.labels } : {}),
  });
  return {
    contextVar: data.contextVar ?? CHUNK_DEFAULTS.contextVar,
    requireCitations: data.requireCitations ?? false,
    minQuoteWords: data.minQuoteWords ?? CHUNK_DEFAULTS.minQuoteWords,
    weakSupportThreshold: data.weakSupportThreshold ?? CHUNK_DEFAULTS.weakSupportThreshold,
    failOnWeakSupport: data.failOnWeakSupport ?? false,
    failOnPartialSupport: data.failOnPartialSupport ?? false,
    hedge: data.hedge ?? CHUNK_DEFAULTS.hedge,
    maxFailingClaims: data.maxFailingClaims ?? CHUNK_DEFAULTS.maxFailingClaims,
    ...(data.judge === undefined ? {} : { judge: data.judge === true ? {} : data.judge }),
    ...(data.locale === undefined ? {} : { locale: data.locale }),
  };
}
