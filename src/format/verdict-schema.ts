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

/**
 * The verdict JSON, described once. `toJson` (the document `check --format json` prints and the
 * assertion keeps in `metadata.citationVerifier`) is typed by these schemas, the `report` command
 * validates what it reads back from a results file with them, and the published JSON Schema is
 * generated from them (`z.toJSONSchema(VerdictJsonSchema)`). A new field goes here first; the
 * round-trip test in `test/format/verdict-schema.test.ts` fails when `toJson` writes a key this
 * file does not know.
 *
 * Objects are zod's default kind: a reader strips keys it does not know rather than rejecting them,
 * so a results file written by a newer verifier still reads; the generated JSON Schema (output
 * side) lists every key and allows no other.
 */

const offset = z.number().int().nonnegative();

/** One link: the raw text as `url`, its bucket, score and reason, its span, and what liveness saw. */
export const LinkJsonSchema = z.object({
  url: z.string(),
  normalized: z.string(),
  bucket: z.enum(LINK_BUCKETS),
  score: z.number(),
  /** The rule that decided the bucket: stable, where the reason's words may change. */
  code: z.enum(codesOf(LINK_CODES)),
  reason: z.string(),
  ...span,
  liveness: LivenessJsonSchema.optional(),
  /** A directory link liveness found dead: the directory needs fixing. */
  stale: z.literal(true).optional(),
  /** The directory domain this link's host resembles. */
  lookalike_of: z.string().optional(),
  served: ServedJsonSchema.optional(),
  /** Its fix (src/match/corrections.ts). */
  correction: CorrectionJsonSchema.optional(),
});

/** One phone number: raw and normalized, the organization it was given for (or null), status, reason, span. */
export const PhoneJsonSchema = z.object({
  raw: z.string(),
  normalized: z.string(),
  organization: z.string().nullable(),
  /** The kind of line the directory gives the number (`phone_kinds`): present only when it gives one. */
  kind: z.enum(PHONE_KINDS).optional(),
  status: z.enum(PHONE_STATUSES),
  /** The rule that decided the status: stable, where the reason's words may change. */
  code: z.enum(codesOf(PHONE_CODES)),
  reason: z.string(),
  ...span,
  served: ServedJsonSchema.optional(),
  /** Its fix: the directory's number for the organization it was given for. */
  correction: CorrectionJsonSchema.optional(),
});

/** One organization named in the answer: its allowlist name, the text as written, its span. */
export const OrganizationJsonSchema = z.object({
  name: z.string(),
  raw: z.string(),
  ...span,
});

/** How many of each kind the document left out (it lists at most `LISTED_FINDINGS.json`). */
export const OmittedJsonSchema = z.object({
  links: offset,
  phones: offset,
  organizations: offset,
  reasons: offset,
});

/**
 * Every link and number of the answer counted, listed or not: written beside `omitted` when the
 * lists were cut, so a reader of a recorded verdict (`report`) counts the whole answer.
 */
export const CountsJsonSchema = z.object({
  links: offset,
  /** Links in each bucket (every bucket, 0 included). */
  buckets: z.object(
    Object.fromEntries(LINK_BUCKETS.map((bucket) => [bucket, offset])) as Record<
      LinkBucket,
      typeof offset
    >,
  ),
  phones: offset,
  lookalike_links: offset,
});

/** The whole document for one answer. */
export const VerdictJsonSchema = z.object({
  pass: z.boolean(),
  score: z.number(),
  threshold: z.number(),
  link_score: z.number(),
  misattributed_phones: offset,
  liveness: z.boolean(),
  /** Only with a jurisdiction: the code checked against, whether a wrong link fails, and the wrong numbers. */
  jurisdiction: z.string().optional(),
  wrong_jurisdiction_fails: z.boolean().optional(),
  wrong_jurisdiction_phones: offset.optional(),
  links: z.array(LinkJsonSchema),
  phones: z.array(PhoneJsonSchema),
  organizations: z.array(OrganizationJsonSchema),
  reasons: z.array(z.string()),
  /** What a runtime caller should do (src/repair/action.ts), and why. */
  action: z.enum(['pass', 'repair', 'review', 'refuse']).optional(),
  action_code: z.enum(codesOf(ACTION_CODES)).optional(),
  action_reason: z.string().optional(),
  omitted: OmittedJsonSchema.optional(),
  /** Present with `omitted`: the counts of the whole answer. */
  counts: CountsJsonSchema.optional(),
  /** Present when a misattributed number failed the answer whatever the score (opt-in). */
  fail_on_misattribution: z.literal(true).optional(),
});

/** One change repair made (`RepairChange`): its span in the text of its pass, what it replaced, with what, and from where. */
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

/** A link and a number as the comparison reads them back: without code or correction, which it does not read. */
export const RecordedLinkSchema = LinkJsonSchema.omit({ code: true, correction: true });
export const RecordedPhoneSchema = PhoneJsonSchema.omit({ code: true, correction: true });

/**
 * What the vendor comparison reads back from a results file: the verdict and the findings, the
 * part of the document it needs (other keys are read and dropped). Codes are dropped too: a file
 * written before them, or by a verifier that knows more of them, still reads.
 */
export const RecordedVerdictSchema = VerdictJsonSchema.pick({
  pass: true,
  score: true,
  misattributed_phones: true,
  jurisdiction: true,
  wrong_jurisdiction_phones: true,
  counts: true,
}).extend({ links: z.array(RecordedLinkSchema), phones: z.array(RecordedPhoneSchema) });

export type LinkJson = z.infer<typeof LinkJsonSchema>;
export type CountsJson = z.infer<typeof CountsJsonSchema>;
export type PhoneJson = z.infer<typeof PhoneJsonSchema>;
export type RecordedLink = z.infer<typeof RecordedLinkSchema>;
export type RecordedVerdict = z.infer<typeof RecordedVerdictSchema>;
export type VerdictJson = z.infer<typeof VerdictJsonSchema>;
export type FixJson = z.infer<typeof FixJsonSchema>;
