/** The error thrown when input or configuration is wrong: what, where, and what to do. */
export type InputErrorCode =
  | 'FILE_NOT_FOUND'
  | 'FILE_UNREADABLE'
  | 'FILE_UNWRITABLE'
  | 'INVALID_JSON'
  | 'INVALID_ALLOWLIST'
  | 'INVALID_CSV'
  | 'INVALID_EXPORT'
  | 'MISSING_COLUMN'
  | 'STRICT_WARNING'
  | 'INVALID_CHUNKS'
  | 'INVALID_RESULTS'
  | 'INVALID_CONFIG'
  | 'INVALID_REQUEST'
  | 'USAGE';

export class InputError extends Error {
  override readonly name = 'InputError';
  readonly code: InputErrorCode;
  /** Where the problem is: a file path, optionally with a row or JSON path. */
  readonly where: string | undefined;

  constructor(
    code: InputErrorCode,
    message: string,
    options: { where?: string; cause?: unknown } = {},
  ) {
    super(
      options.where ? `${options.where}: ${message}` : message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.code = code;
    this.where = options.where;
  }
}

export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}

/** A message for anything thrown, for the fronts that must turn errors into text. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
