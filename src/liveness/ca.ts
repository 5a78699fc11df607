import { X509Certificate } from 'node:crypto';
import { InputError } from '../errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates of a CA file (`--cacert`), each checked to parse, else `InputError`: a CA file
 * that silently adds nothing leaves every intranet link a TLS failure, with nothing saying why.
 */
export function certificatesOf(text: string, where: string): string[] {
  const blocks = text.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0)
    throw new InputError(
      'INVALID_CONFIG',
      `holds no certificate (no "-----BEGIN CERTIFICATE-----" block); give a file of CA certificates in PEM form (a private key or a DER file is not one: \`openssl x509 -inform der -in FILE -out FILE.pem\` converts DER)`,
      { where },
    );
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new InputError(
        'INVALID_CONFIG',
        `certificate ${index + 1} of ${blocks.length} cannot be read (${(error as Error).message}); replace it with the CA's certificate in PEM form`,
        { where, cause: error },
      );
    }
  });
  return blocks;
}
