import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { describeError, isInputError } from '../errors.js';
import { parseJsonText } from '../input/json.js';
import { describeIssues, formatPath } from '../input/issues.js';

/** The body of `POST /v1/verify` and `POST /v1/fix`. Unknown keys are refused, so a typo is a 400. */
export const VerifyRequestSchema = z.strictObject({
  answer: z.string(),
  /** Pass when the score is above this, 0 to 1; default the service's own (`--threshold`). */
  threshold: z.number().min(0).max(1).optional(),
  /** A misattributed number fails the answer whatever the score. */
  failOnMisattribution: z.boolean().optional(),
});
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

/** Why a request is refused before any verification: its status, a stable code, the words, the field. */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(
    readonly status: 400 | 404 | 405 | 413 | 503,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The body as text, refused with 413 as soon as it passes `limit` bytes (by Content-Length when
 * given, else while it streams in), so a huge body is never buffered whole.
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  // Made only when thrown: an error captures its stack when made, which every request would pay
  // for (1% of a loaded server's samples).
  const tooLarge = (): Refusal =>
    new Refusal(
      413,
      'BODY_TOO_LARGE',
      `the request body is over ${limit.toLocaleString('en-US')} bytes; send a shorter answer`,
    );
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The body parsed and checked: 400 naming the field (`$.answer`) or the line and column of bad JSON. */
export function parseVerifyRequest(body: string): VerifyRequest {
  let value: unknown;
  try {
    value = parseJsonText(body, undefined, {
      root: 'body',
      hint: 'send a JSON object like {"answer": "…"}',
    });
  } catch (error) {
    if (!isInputError(error)) throw error;
    throw new Refusal(400, 'INVALID_JSON', describeError(error));
  }
  const parsed = VerifyRequestSchema.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new Refusal(
    400,
    'INVALID_REQUEST',
    describeIssues(parsed.error.issues, {
      schema: VerifyRequestSchema,
      expected: { answer: 'the answer text, a string' },
      hint: 'send {"answer": "…"} with optional "threshold" (0 to 1) and "failOnMisattribution"',
    }),
    first === undefined ? undefined : formatPath('$', fieldPath(first)),
  );
}

function fieldPath(issue: z.core.$ZodIssue): PropertyKey[] {
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined)
    return [...issue.path, issue.keys[0]];
  return issue.path;
}
