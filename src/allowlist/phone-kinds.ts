import { cleanOrgName } from '../normalize/name.js';
import { normalizePhone } from '../normalize/phone.js';
import { dataRecord, type Fail } from './fields.js';

/**
 * The kinds of phone line a directory export names; a number without one is `voice`. A fax, TTY or
 * pager is no number to call: listed in `phone_kinds` alone, so an answer offering one to call is
 * caught and one labelling it rightly verified.
 */
export const PHONE_KINDS = [
  'voice',
  'toll free',
  'hotline',
  'after hours',
  'text',
  'fax',
  'TTY',
  'pager',
] as const;
export type PhoneKind = (typeof PHONE_KINDS)[number];

const OTHER_LINES: ReadonlySet<PhoneKind> = new Set(['fax', 'TTY', 'pager']);

/** Whether a person calls the organization on a line of this kind. */
export function isNumberToCall(kind: PhoneKind): boolean {
  return !OTHER_LINES.has(kind);
}

/** `phone_kinds`: organization → number (normalized) → one of `PHONE_KINDS`. */
export function parsePhoneKinds(
  file: { phone_kinds?: Record<string, Record<string, string>> | undefined },
  addOrg: (name: string) => void,
  fail: Fail,
): { orgPhoneKinds?: Record<string, Record<string, PhoneKind>> } {
  const given = file.phone_kinds;
  if (given === undefined) return {};
  const kinds = dataRecord<Record<string, PhoneKind>>();
  for (const rawName in given) {
    const name = cleanOrgName(rawName);
    if (name.length === 0) fail(['phone_kinds', rawName], 'the organization name is empty');
    addOrg(name);
    const own = (kinds[name] ??= dataRecord<PhoneKind>());
    for (const [raw, kind] of Object.entries(given[rawName]!)) {
      const number = normalizePhone(raw);
      if (!number.ok)
        fail(['phone_kinds', rawName, raw], `is not a phone number: ${number.reason}`);
      else if (!(PHONE_KINDS as readonly string[]).includes(kind))
        fail(
          ['phone_kinds', rawName, raw],
          `${JSON.stringify(kind)} is not a kind of line; write one of ${PHONE_KINDS.map((k) => JSON.stringify(k)).join(', ')}`,
        );
      else own[number.e164] = kind as PhoneKind;
    }
  }
  return { orgPhoneKinds: kinds };
}
