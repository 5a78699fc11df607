import { z } from 'zod';
import { chunkAuditSchema } from '../chunks/audit.js';
import { VerdictJsonSchema } from './verdict-schema.js';

/** `check`'s JSON when both checks run; one check alone prints its own document. */
export const CheckJsonSchema = z.strictObject({
  pass: z.boolean(),
  verdict: VerdictJsonSchema.optional(),
  chunks: chunkAuditSchema.optional(),
});
export type CheckJson = z.infer<typeof CheckJsonSchema>;

/** A line's `id` as the input gave it, else `null`. */
const IdSchema = z.union([z.string(), z.number()]).nullable();
const LineNumber = z.number().int().min(1);

/** One line of `check --jsonl`'s output: the answer's checks, or the input error its line met. */
export const CheckLineSchema = z.union([
  CheckJsonSchema.extend({ id: IdSchema, line: LineNumber }),
  z.strictObject({
    id: IdSchema,
    line: LineNumber,
    error: z.strictObject({ code: z.string(), message: z.string() }),
  }),
]);
export type CheckLine = z.infer<typeof CheckLineSchema>;
