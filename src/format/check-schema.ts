import { z } from 'zod';
import { chunkAuditSchema } from '../chunks/audit.js';
import { VerdictJsonSchema } from './verdict-schema.js';

/**
 * What `check` prints as JSON when it runs more than one check on an answer (`--allowlist` with
 * `--chunks`): whether the answer passes both, the link check's verdict JSON and the chunk check's
 * audit, each in its own shape. One check alone prints its own document, unchanged.
 */
export const CheckJsonSchema = z.strictObject({
  pass: z.boolean(),
  verdict: VerdictJsonSchema.optional(),
  chunks: chunkAuditSchema.optional(),
});
export type CheckJson = z.infer<typeof CheckJsonSchema>;

/** A line's `id` as the input gave it; `null` when the line gave none (or was not readable). */
const IdSchema = z.union([z.string(), z.number()]).nullable();
const LineNumber = z.number().int().min(1);

/**
 * One line of `check --jsonl`'s output, for each input line in order: the answer's checks
 * (`CheckJsonSchema`, plus its `id` and input `line`), or the input error that line met (its code
 * and message, the line counted as bad input).
 */
export const CheckLineSchema = z.union([
  CheckJsonSchema.extend({ id: IdSchema, line: LineNumber }),
  z.strictObject({
    id: IdSchema,
    line: LineNumber,
    error: z.strictObject({ code: z.string(), message: z.string() }),
  }),
]);
export type CheckLine = z.infer<typeof CheckLineSchema>;
