import { z } from 'zod';
import { PHONE_KINDS } from '../allowlist/phone-kinds.js';
import { ACTION_CODES, codesOf, LINK_CODES, PHONE_CODES } from '../codes.js';
import { LINK_BUCKETS, type LinkBucket, PHONE_STATUSES } from '../types.js';
import {
  CorrectionJsonSchema,
  CorrectionSourceJsonSchema,
  LivenessJsonSchema,
  ServedJsonSchema,
  span,
  why,
} from './finding-schema.js';

/** The verdict JSON, described once; objects strip unknown keys, so a newer file still reads. */

const offset = z.number().int().nonnegative();

/** One link, its raw text as `url`. */
export const LinkJsonSchema = z.object({
  url: z.string(),
  normalized: z.string(),
  bucket: z.enum(LINK_BUCKETS),
  score: z.number(),
  code: z.enum(codesOf(LINK_CODES)),
  reason: z.string(),
  ...span,
  liveness: LivenessJsonSchema.optional(),
  stale: z.literal(true).optional(),
  lookalike_of: z.string().optional(),
  served: ServedJsonSchema.optional(),
  correction: CorrectionJsonSchema.optional(),
});

/** One phone number; `organization` is the one it was given for. */
export const PhoneJsonSchema = z.object({
  raw: z.string(),
  normalized: z.string(),
  organization: z.string().nullable(),
  kind: z.enum(PHONE_KINDS).optional(),
  status: z.enum(PHONE_STATUSES),
  code: z.enum(codesOf(PHONE_CODES)),
  reason: z.string(),
  ...span,
  served: ServedJsonSchema.optional(),
  correction: CorrectionJsonSchema.optional(),
});

/** How many of each kind the document left out (it lists at most `LISTED_FINDINGS.json`). */
export const OmittedJsonSchema = z.object({
  links: offset,
  phones: offset,
  organizations: offset,
  reasons: offset,
});

/** Every link and number of the answer counted: written beside `omitted` when lists were cut. */
export const CountsJsonSchema = z.object({
  links: offset,
  /** Every bucket, 0 included. */
  buckets: z.object(
    Object.fromEntries(LINK_BUCKETS.map((bucket) => [bucket, offset])) as Record<
      LinkBucket,
      typeof offset
    >,
  ),
  phones: offset,
  lookalike_links: offset,
});

export const VerdictJsonSchema = z.object({
  pass: z.boolean(),
  score: z.number(),
  threshold: z.number(),
  link_score: z.number(),
  misattributed_phones: offset,
  liveness: z.boolean(),
  /** These three only with a jurisdiction. */
  jurisdiction: z.string().optional(),
  wrong_jurisdiction_fails: z.boolean().optional(),
  wrong_jurisdiction_phones: offset.optional(),
  links: z.array(LinkJsonSchema),
  phones: z.array(PhoneJsonSchema),
  /** Each organization named: its allowlist name and the text as written. */
  organizations: z.array(z.object({ name: z.string(), raw: z.string(), ...span })),
  reasons: z.array(z.string()),
  action: z.enum(['pass', 'repair', 'review', 'refuse']).optional(),
  action_code: z.enum(codesOf(ACTION_CODES)).optional(),
  action_reason: z.string().optional(),
  omitted: OmittedJsonSchema.optional(),
  counts: CountsJsonSchema.optional(),
  fail_on_misattribution: z.literal(true).optional(),
});

/** One change repair made (`RepairChange`), its span in the text of its pass. */
export const RepairChangeJsonSchema = z.object({
  pass: z.number().int().positive(),
  finding: z.enum(['link', 'phone']),
  raw: z.string(),
  action: z.enum(['replace', 'remove']),
  ...span,
  original: z.string(),
  text: z.string(),
  ...why,
  source: CorrectionSourceJsonSchema.optional(),
});

/** A finding still against the answer after repair (`Unrepaired`), and why. */
export const UnrepairedJsonSchema = z.object({
  finding: z.enum(['link', 'phone']),
  raw: z.string(),
  ...span,
  why: z.string(),
});

/** The document of `check --fix --format json` and `POST /v1/fix`: the verdict and its repair. */
export const FixJsonSchema = VerdictJsonSchema.extend({
  repair: z.object({
    text: z.string(),
    passes: z.number().int().nonnegative(),
    changes: z.array(RepairChangeJsonSchema),
    unrepaired: z.array(UnrepairedJsonSchema),
    verdict: VerdictJsonSchema,
  }),
});

/** The part of a verdict `report` reads back, without codes, so older and newer files read. */
export const RecordedVerdictSchema = VerdictJsonSchema.pick({
  pass: true,
  score: true,
  misattributed_phones: true,
  jurisdiction: true,
  wrong_jurisdiction_phones: true,
  counts: true,
}).extend({
  links: z.array(LinkJsonSchema.omit({ code: true, correction: true })),
  phones: z.array(PhoneJsonSchema.omit({ code: true, correction: true })),
});

export type LinkJson = z.infer<typeof LinkJsonSchema>;
export type CountsJson = z.infer<typeof CountsJsonSchema>;
export type PhoneJson = z.infer<typeof PhoneJsonSchema>;
export type RecordedLink = RecordedVerdict['links'][number];
export type RecordedVerdict = z.infer<typeof RecordedVerdictSchema>;
export type VerdictJson = z.infer<typeof VerdictJsonSchema>;
export type FixJson = z.infer<typeof FixJsonSchema>;
