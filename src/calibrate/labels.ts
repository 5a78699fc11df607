import { z } from 'zod';
import { InputError } from '../errors.js';
import { parseInput } from '../input/issues.js';
import { parseJsonLines } from '../input/json.js';

/** A pair's or a chunk's id: a string, or a whole number read as its digits. */
const idSchema = z.union([z.string().min(1), z.number().int()]).transform(String);

/** One line of a labels file: a claim with its `[N]` markers, the chunks, and people's verdict. */
export const LabelledPairSchema = z.strictObject({
  id: idSchema,
  claim: z.string().min(1),
  chunks: z.array(z.strictObject({ id: idSchema, text: z.string() })),
  supported: z.boolean(),
  /** Near-miss number, negation, paraphrase, …: figures are reported per category. */
  category: z.string().min(1).max(100).optional(),
});

export type LabelledPair = z.infer<typeof LabelledPairSchema> & { line: number };

const HINT =
  'each line must be {"id": string, "claim": string, "chunks": [{"id", "text"}], "supported": true|false}, with an optional "category": string';

/** The pairs of a labels file; throws `InputError('INVALID_CONFIG')` naming `file:line` at the first bad line. */
export function parseLabels(text: string, path: string): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  const seen = new Map<string, number>();
  for (const { value, line, where } of parseJsonLines(text, path, {
    code: 'INVALID_CONFIG',
    hint: HINT,
  })) {
    const data = parseInput(LabelledPairSchema, value, 'INVALID_CONFIG', { where, hint: HINT });
    const { id } = data;
    const before = seen.get(id);
    if (before !== undefined)
      throw new InputError(
        'INVALID_CONFIG',
        `pair "${id}" again (first on line ${before}); give each pair its own id`,
        { where },
      );
    seen.set(id, line);
    pairs.push({ ...data, line });
  }
  if (pairs.length === 0)
    throw new InputError('INVALID_CONFIG', `${path} holds no labelled pairs; ${HINT}`, {
      where: path,
    });
  return pairs;
}
