import { LINK_CODES, type LinkCode, PHONE_CODES, type PhoneCode } from '../../src/codes.js';
import type { LinkBucket, PhoneStatus } from '../../src/types.js';

/** Whether a code's table entry lists `outcome` among the outcomes it comes with. */
export function codeGoesWith(entry: string | readonly string[], outcome: string): boolean {
  return typeof entry === 'string' ? entry === outcome : entry.includes(outcome);
}

/** The first link code of a bucket: for a verdict made by hand, where only the bucket matters. */
export function linkCodeOf(bucket: LinkBucket): LinkCode {
  const code = (Object.keys(LINK_CODES) as LinkCode[]).find((one) =>
    codeGoesWith(LINK_CODES[one], bucket),
  );
  if (code === undefined) throw new Error(`no link code for ${bucket}`);
  return code;
}

/** The first phone code of a status: for a verdict made by hand, where only the status matters. */
export function phoneCodeOf(status: PhoneStatus): PhoneCode {
  const code = (Object.keys(PHONE_CODES) as PhoneCode[]).find((one) =>
    codeGoesWith(PHONE_CODES[one], status),
  );
  if (code === undefined) throw new Error(`no phone code for ${status}`);
  return code;
}
