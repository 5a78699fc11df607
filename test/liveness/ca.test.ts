import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { certificatesOf } from '../../src/liveness/ca.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/liveness');
const cert = readFileSync(join(FIXTURES, 'test-cert.pem'), 'utf8');
const key = readFileSync(join(FIXTURES, 'test-key.pem'), 'utf8');

describe('certificatesOf: the certificates of a CA file (--cacert)', () => {
  it.each<[string, string, RegExp]>([
    [
      'a private key, not a certificate',
      key,
      /^holds no certificate \(no "-----BEGIN CERTIFICATE-----" block\); give a file of CA certificates in PEM form/,
    ],
    ['an empty file', '', /^holds no certificate/],
    [
      'a certificate block that does not parse',
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
      /^certificate 1 of 1 cannot be read \(.+\); replace it with the CA's certificate in PEM form/,
    ],
  ])('refuses %s, naming the file', (_what, text, message) => {
    let thrown: unknown;
    try {
      certificatesOf(text, 'ca.pem');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    expect(thrown).toMatchObject({ code: 'INVALID_CONFIG', where: 'ca.pem' });
    expect((thrown as InputError).message).toMatch(/^ca\.pem: /);
    expect((thrown as InputError).message.replace(/^ca\.pem: /, '')).toMatch(message);
  });

  it('keeps the certificates of a file that holds other blocks beside them', () => {
    expect(certificatesOf(`${key}\n${cert}`, 'ca.pem')).toEqual([cert.trim()]);
  });
});
