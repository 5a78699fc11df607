import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { VerifierConfigSchema } from '../config/schema.js';
import { describeError, isInputError } from '../errors.js';
import { parseJsonText } from '../input/json.js';
import { describeIssues, formatPath } from '../input/issues.js';
import { parseJurisdiction } from '../jurisdiction/codes.js';

/**
 * The body of `POST /v1/verify` and `/v1/fix`: the answer and the verifier settings a request may
 * give, by the config's rules. Strict: a typo is a 400.
 */
export const VerifyRequestSchema = z.strictObject({
  answer: z.string(),
  ...VerifierConfigSchema.pick({ threshold: true, failOnMisattribution: true, jurisdiction: true })
    .shape,
});
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

/** Why a request is refused: its status, a stable code, the words, the field. */
export class Refusal extends Error {
  override readonly name = 'Refusal';
  constructor(
    readonly status: 400 | 404 | 405 | 413 | 415 | 421 | 503,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Only `application/json` (UTF-8): a browser sends `text/plain` cross-origin with no preflight. */
export function checkContentType(header: string | undefined): void {
  if (header !== undefined && /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i.test(header))
    return;
  throw new Refusal(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `the Content-Type header ${header === undefined ? 'is missing' : `is ${JSON.stringify(header)}`}; send the body as JSON with "Content-Type: application/json"`,
    'Content-Type',
  );
}

/** The 503 of a request not answered within its deadline, whichever wait it was in. */
export function deadlineRefusal(deadlineMs: number): Refusal {
  return new Refusal(
    503,
    'DEADLINE',
    `not answered within ${deadlineMs} ms; try again, or send a shorter answer`,
  );
}

/**
 * The body as text: 413 as soon as it passes `limit` bytes (never buffered whole), 503 when not
 * all in within `deadlineMs`. Listeners, not `for await`, whose iterator costs every request.
 */
export function readBody(
  request: IncomingMessage,
  limit: number,
  deadlineMs: number,
): Promise<string> {
  // Made only when needed: an error's stack cost 1% of a loaded server's samples.
  const tooLarge = (): Refusal =>
    new Refusal(
      413,
      'BODY_TOO_LARGE',
      `the request body is over ${limit.toLocaleString('en-US')} bytes; send a shorter answer`,
    );
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', finish).off('close', onClose);
      if (error === undefined) resolve(Buffer.concat(chunks).toString('utf8'));
      else reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) finish(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish();
    const onClose = (): void => finish(new Error('the connection closed before the body was read'));
    const timer = setTimeout(() => finish(deadlineRefusal(deadlineMs)), deadlineMs);
    request.on('data', onData).on('end', onEnd).on('error', finish).on('close', onClose);
  });
}

/** The body parsed and checked: 400 naming the field or the line and column of bad JSON. */
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
  if (parsed.success) return withJurisdictionCode(parsed.data);
  const first = parsed.error.issues[0];
  throw new Refusal(
    400,
    'INVALID_REQUEST',
    describeIssues(parsed.error.issues, {
      schema: VerifyRequestSchema,
      expected: { answer: 'the answer text, a string' },
      hint: 'send {"answer": "…"} with optional "threshold" (0 to 1), "failOnMisattribution" and "jurisdiction"',
    }),
    first === undefined ? undefined : formatPath('$', fieldPath(first)),
  );
}

/** The jurisdiction as a code (`Massachusetts` → `MA`); 400 when it is none. */
function withJurisdictionCode(request: VerifyRequest): VerifyRequest {
  if (request.jurisdiction === undefined) return request;
  try {
    return { ...request, jurisdiction: parseJurisdiction(request.jurisdiction, '$.jurisdiction') };
  } catch (error) {
    if (!isInputError(error)) throw error;
    throw new Refusal(400, 'INVALID_REQUEST', error.message, '$.jurisdiction');
  }
}

function fieldPath(issue: z.core.$ZodIssue): PropertyKey[] {
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined)
    return [...issue.path, issue.keys[0]];
  return issue.path;
}
