import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/liveness/classify.js';
import { failureFromError } from '../../src/liveness/failure.js';

describe('failureFromError', () => {
  const context = { host: 'a.test', timeoutMs: 100 };
  const error = (code: string, message = code, extra: object = {}): Error =>
    Object.assign(new Error(message), { code, ...extra });
  it.each<[string, unknown, Failure['kind'], string]>([
    ['refused', error('ECONNREFUSED'), 'refused', 'ECONNREFUSED'],
    [
      'refused in a cause',
      Object.assign(new Error('fetch failed'), { cause: error('ECONNREFUSED') }),
      'refused',
      'ECONNREFUSED',
    ],
    [
      'abort by the timeout signal',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      'timeout',
      'timeout',
    ],
    ['undici headers timeout', error('UND_ERR_HEADERS_TIMEOUT'), 'timeout', 'timeout'],
    ['connect timeout', error('UND_ERR_CONNECT_TIMEOUT'), 'timeout', 'timeout'],
    ['expired certificate', error('CERT_HAS_EXPIRED'), 'tls', 'CERT_HAS_EXPIRED'],
    ['self-signed', error('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls', 'DEPTH_ZERO_SELF_SIGNED_CERT'],
    [
      'host name mismatch',
      error('ERR_TLS_CERT_ALTNAME_INVALID'),
      'tls',
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ],
    ['reset', error('ECONNRESET'), 'reset', 'ECONNRESET'],
    ['unreachable', error('EHOSTUNREACH'), 'unreachable', 'EHOSTUNREACH'],
    ['bad HTTP', error('HPE_INVALID_CONSTANT'), 'protocol', 'HPE_INVALID_CONSTANT'],
    // What undici 7.30 throws for a response that is not HTTP: its code is missing.
    [
      'bad HTTP, no code',
      Object.assign(
        new Error('Response does not match the HTTP/1.1 protocol (Expected HTTP/, RTSP/ or ICE/)'),
        { name: 'HTTPParserError', code: undefined },
      ),
      'protocol',
      'HTTPParserError',
    ],
    ['anything else', new Error('boom'), 'other', 'error'],
  ])('%s', (_name, thrown, kind, code) => {
    expect(failureFromError(thrown, context)).toMatchObject({ kind, code, host: 'a.test' });
  });

  it.each<[string, unknown, string]>([
    [
      'an undici assertion',
      Object.assign(
        new Error(
          'The expression evaluated to a falsy value:\n\n  assert(!this.paused)\n    at Parser.execute (node_modules/undici/lib/dispatcher/client-h1.js:312)',
        ),
        { name: 'AssertionError', code: 'ERR_ASSERTION' },
      ),
      'ERR_ASSERTION',
    ],
    [
      'an assertion in the cause',
      Object.assign(new Error('fetch failed'), {
        cause: Object.assign(new Error('assert(request.aborted)'), { name: 'AssertionError' }),
      }),
      'AssertionError',
    ],
    [
      'an undici internal error',
      Object.assign(new Error('kHTTPContext[kResume] called on a destroyed client'), {
        code: 'UND_ERR_DESTROYED',
      }),
      'UND_ERR_DESTROYED',
    ],
  ])('%s gives our words, not its text', (_name, thrown, code) => {
    const failure = failureFromError(thrown, context);
    expect(failure).toMatchObject({
      kind: 'other',
      code,
      message: `request to a.test failed inside the HTTP client (${code}), not by an answer of the server`,
    });
    expect(failure.message).not.toMatch(/assert|falsy|kHTTP|node_modules|fetch failed/);
  });

  it('recognizes plain HTTP on a TLS port', () => {
    expect(
      failureFromError(
        error('ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number'),
        context,
      ),
    ).toMatchObject({ kind: 'tls', plainHttp: true });
    expect(failureFromError(error('CERT_HAS_EXPIRED'), context).plainHttp).toBeUndefined();
  });
});
