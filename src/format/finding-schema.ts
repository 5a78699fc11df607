import { z } from 'zod';
import { CORRECTION_CODES, codesOf } from '../codes.js';

/** The parts of a verdict shared by `src/types.ts` and the verdict JSON, with no import circle. */

const offset = z.number().int().nonnegative();
/** A span of the answer (UTF-16 offsets), and a fix's code and reason. */
export const span = { start: offset, end: offset };
/** The stable codes beside each reason (`src/codes.ts`, docs/CODES.md). */
export const why = { code: z.enum(codesOf(CORRECTION_CODES)), reason: z.string() };

/** What liveness saw for one link. */
export const LivenessJsonSchema = z.object({
  status: z.number().int().optional(),
  finalUrl: z.string().optional(),
  error: z.string().optional(),
});

/** Who a link or number serves, only with a jurisdiction (docs/JURISDICTION.md). */
export const ServedJsonSchema = z.object({
  areas: z.array(z.string()),
  source: z.enum(['allowlist', 'gov_registry', 'legal_help_table']),
  via: z.string(),
});

/** Which allowlist entry a replacement comes from, and its path (`$.org_phones["X"]`). */
export const CorrectionSourceJsonSchema = z.object({
  field: z.enum(['org_phones', 'phone_kinds', 'org_urls', 'urls', 'domains']),
  entry: z.string(),
  path: z.string(),
});

/**
 * A finding's fix, as a linter's: `replace` puts `text` over the span (`value` the directory's
 * form); `remove` drops the claim; `review` writes nothing, as the replacement is not proven.
 */
export const CorrectionJsonSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('replace'),
    ...span,
    text: z.string(),
    value: z.string(),
    alternatives: z.array(z.string()),
    source: CorrectionSourceJsonSchema,
    ...why,
  }),
  z.object({ action: z.literal('remove'), ...span, ...why }),
  z.object({ action: z.literal('review'), ...span, ...why, suggestions: z.array(z.string()) }),
]);
