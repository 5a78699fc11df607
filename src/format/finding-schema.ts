import { z } from 'zod';
import { CORRECTION_CODES, codesOf } from '../codes.js';

/**
 * The parts of a finding's verdict that are the same inside (`src/types.ts` types them by these
 * schemas) and in the verdict JSON (`./verdict-schema.ts`). A file apart because it imports nothing
 * of ours but `codes.ts`: `types.ts` reads its types, and the verdict schema reads `types.ts`.
 */

const offset = z.number().int().nonnegative();
/** A span of the answer (UTF-16 offsets), and a fix's code and reason. */
export const span = { start: offset, end: offset };
/** The stable codes beside each reason (`src/codes.ts`, docs/CODES.md). */
export const why = { code: z.enum(codesOf(CORRECTION_CODES)), reason: z.string() };

/** What liveness saw for one link, kept on the verdict for reports and the `stale` list. */
export const LivenessJsonSchema = z.object({
  status: z.number().int().optional(),
  finalUrl: z.string().optional(),
  error: z.string().optional(),
});

/**
 * Who a link or number serves, present only when a jurisdiction was given and a source knows:
 * area codes (`US` for the whole country), the source (in the order it is asked), and what
 * carried it (URL, domain, host or the organizations that list the number). See
 * docs/JURISDICTION.md.
 */
export const ServedJsonSchema = z.object({
  areas: z.array(z.string()),
  source: z.enum(['allowlist', 'gov_registry', 'legal_help_table']),
  via: z.string(),
});

/**
 * Which allowlist entry a correction's replacement comes from: the field, the organization (for
 * `org_phones`, `org_urls`) or the entry itself (`urls`, `domains`), and its path in the file
 * (`$.org_phones["Boston Housing Court"]`, `$.domains`: where to look in the allowlist file).
 */
export const CorrectionSourceJsonSchema = z.object({
  field: z.enum(['org_phones', 'phone_kinds', 'org_urls', 'urls', 'domains']),
  entry: z.string(),
  path: z.string(),
});

/**
 * A finding's fix, as data (a linter's fix: a span and its replacement), decided where the finding
 * is (`src/match/corrections.ts`) and applied by one stage (`src/repair/`). A closed union:
 * - `replace`: put `text` over `start`–`end` of the answer; `value` is the directory's value
 *   (E.164, a normalized URL), `alternatives` the entry's other values.
 * - `remove`: nothing known to put in its place; repair removes the claim with its sentence or
 *   list item.
 * - `review`: a suggestion, not a fix (as a linter's): the finding counts against the answer but
 *   what would replace it is not proven (the organization named by a weak name or one of several
 *   in reach, or the directory offering several replacements), so nothing is written in place and
 *   a person decides; `suggestions` are the directory's candidates (E.164 numbers, URLs), if any.
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
