import type { Failure } from './classify.js';

// The TLS handshake met something that is not TLS, typically plain HTTP on the port.
const PLAIN_HTTP_TLS_CODES = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_HTTP_REQUEST',
]);
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'ETIMEOUT',
  'ESOCKETTIMEDOUT',
]);
const RESET_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ECONNABORTED',
]);
const UNREACHABLE_CODES = new Set([
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
]);

type Thrown = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown };

/** An error and its `cause` chain, five deep at most (what undici, `net` and `tls` throw nests). */
export function causeChain(error: unknown): Thrown[] {
  const chain: Thrown[] = [];
  for (let at = error; chain.length < 5 && at !== null && typeof at === 'object'; ) {
    chain.push(at);
    at = (at as Thrown).cause;
  }
  return chain;
}

/** A thrown error (undici, `net`, `tls`, an abort) and its `cause` chain as a `Failure`. Pure. */
export function failureFromError(
  error: unknown,
  context: { host: string; timeoutMs: number },
): Failure {
  const chain = causeChain(error);
  const texts = (key: 'code' | 'name' | 'message'): string[] =>
    chain.map((link) => link[key]).filter((value): value is string => typeof value === 'string');
  const codes = texts('code');
  const names = texts('name');
  const message = texts('message').find((text) => text !== '') ?? String(error);
  const host = context.host;
  const has = (set: ReadonlySet<string>): string | undefined => codes.find((code) => set.has(code));
  const failure = (kind: Failure['kind'], code: string, words: string): Failure => ({
    kind,
    code,
    host,
    message: words,
  });

  if (names.includes('TimeoutError') || names.includes('AbortError') || has(TIMEOUT_CODES))
    return failure('timeout', 'timeout', `no answer from ${host} within ${context.timeoutMs} ms`);
  if (codes.includes('ECONNREFUSED'))
    return failure('refused', 'ECONNREFUSED', `${host} refused the connection`);
  const tlsCode = codes.find((code) =>
    /^(?:ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO)/.test(
      code,
    ),
  );
  if (tlsCode !== undefined) {
    const plainHttp =
      PLAIN_HTTP_TLS_CODES.has(tlsCode) || /wrong version number|http request/i.test(message);
    const tls = failure('tls', tlsCode, `${tlsCode} talking to ${host}`);
    return plainHttp ? { ...tls, plainHttp } : tls;
  }
  const failed = (kind: Failure['kind'], code: string, text: string): Failure =>
    failure(kind, code, `${host} ${text} (${code})`);
  const unreachable = has(UNREACHABLE_CODES);
  if (unreachable) return failed('unreachable', unreachable, 'is unreachable');
  const reset = has(RESET_CODES);
  if (reset) return failed('reset', reset, 'closed the connection');
  // undici 7 builds its parser errors' `code` from a table keyed the other way round, so the code
  // is often missing: the name says it too.
  const parse =
    codes.find(
      (code) =>
        code.startsWith('HPE_') ||
        code === 'UND_ERR_INFO' ||
        code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    ) ?? (names.includes('HTTPParserError') ? 'HTTPParserError' : undefined);
  if (parse) return failed('protocol', parse, 'sent an invalid HTTP response');
  const code = codes[0] ?? names.find((name) => name && name !== 'Error') ?? 'error';
  // An assertion or undici's own error is the client's state, its text nothing to a reader.
  if (
    names.includes('AssertionError') ||
    codes.some((one) => one === 'ERR_ASSERTION' || one.startsWith('UND_ERR_'))
  )
    return failure(
      'other',
      code,
      `request to ${host} failed inside the HTTP client (${code}), not by an answer of the server`,
    );
  return failure('other', code, `request to ${host} failed: ${message}`);
}
