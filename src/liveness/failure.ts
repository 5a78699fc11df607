import type { Failure } from './classify.js';

/**
 * Reading a thrown error: what undici, `net`, `tls` or an abort threw becomes a `Failure` (a kind
 * the verdict table in `classify.ts` decides on, a short code, words). Kept apart from the table so
 * that the table reads whole; pure like it.
 */

// Codes that mean the TLS handshake met something that is not TLS at all, typically plain HTTP on
// the port: the normalized URL says https even when the link was written http.
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

/** The codes, names and first message of an error and its `cause` chain. */
function errorChain(error: unknown): { codes: string[]; names: string[]; message: string } {
  const chain = causeChain(error);
  const texts = (key: 'code' | 'name' | 'message'): string[] =>
    chain.map((link) => link[key]).filter((value): value is string => typeof value === 'string');
  const message = texts('message').find((text) => text !== '');
  return { codes: texts('code'), names: texts('name'), message: message ?? String(error) };
}

/**
 * Map a thrown error (undici, `net`, `tls`, an abort) to a `Failure`. Pure: it reads the error's
 * `name`, `code` and `message`, and those of its `cause` chain.
 */
export function failureFromError(
  error: unknown,
  context: { host: string; timeoutMs: number },
): Failure {
  const { codes, names, message } = errorChain(error);
  const host = context.host;
  const has = (set: ReadonlySet<string>): string | undefined => codes.find((code) => set.has(code));

  if (names.includes('TimeoutError') || names.includes('AbortError') || has(TIMEOUT_CODES)) {
    return {
      kind: 'timeout',
      code: 'timeout',
      host,
      message: `no answer from ${host} within ${context.timeoutMs} ms`,
    };
  }
  if (codes.includes('ECONNREFUSED'))
    return {
      kind: 'refused',
      code: 'ECONNREFUSED',
      host,
      message: `${host} refused the connection`,
    };
  const tlsCode = codes.find((code) =>
    /^(?:ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO)/.test(
      code,
    ),
  );
  if (tlsCode !== undefined) {
    const plainHttp =
      PLAIN_HTTP_TLS_CODES.has(tlsCode) || /wrong version number|http request/i.test(message);
    return {
      kind: 'tls',
      code: tlsCode,
      host,
      message: `${tlsCode} talking to ${host}`,
      ...(plainHttp ? { plainHttp } : {}),
    };
  }
  const failed = (kind: Failure['kind'], code: string, text: string): Failure => ({
    kind,
    code,
    host,
    message: `${host} ${text} (${code})`,
  });
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
  // An assertion or an undici error of its own is the client's state, not the server's answer:
  // its text (source lines, internal names) says nothing to a reader, so the reason is ours.
  if (
    names.includes('AssertionError') ||
    codes.some((one) => one === 'ERR_ASSERTION' || one.startsWith('UND_ERR_'))
  )
    return {
      kind: 'other',
      code,
      host,
      message: `request to ${host} failed inside the HTTP client (${code}), not by an answer of the server`,
    };
  return { kind: 'other', code, host, message: `request to ${host} failed: ${message}` };
}
