import { describe, expect, it } from 'vitest';
import { formatPhone, keypadDigit, normalizePhone } from '../../src/normalize/phone.js';

describe('normalizePhone: every format in the issue becomes one E.164 number', () => {
  it.each([
    ['parentheses', '(617) 555-0123', '+16175550123'],
    ['hyphens', '617-555-0123', '+16175550123'],
    ['dots', '617.555.0123', '+16175550123'],
    ['+1 and spaces', '+1 617 555 0123', '+16175550123'],
    ['1- prefix, toll free', '1-800-555-0123', '+18005550123'],
    ['spaces only', '617 555 0123', '+16175550123'],
    ['digits only', '6175550123', '+16175550123'],
    ['11 digits', '16175550123', '+16175550123'],
    ['no space after parenthesis', '(617)555-0123', '+16175550123'],
    ['1 and parentheses', '1 (617) 555-0123', '+16175550123'],
    ['+1 and parentheses', '+1 (617) 555-0123', '+16175550123'],
    ['+1 with hyphens', '+1-617-555-0123', '+16175550123'],
    ['en dash (what the extractor accepts)', '617–555–0123', '+16175550123'],
    ['E.164 itself', '+16175550123', '+16175550123'],
  ])('%s: %s', (_name, input, e164) => {
    expect(normalizePhone(input)).toEqual({ ok: true, e164, vanity: false, serviceLine: false });
  });
});

describe('normalizePhone: extensions are kept apart from the number', () => {
  it.each([
    ['617-555-0123 ext. 12', '12'],
    ['617-555-0123 ext 12', '12'],
    ['617-555-0123, ext. 12', '12'],
    ['617-555-0123 x12', '12'],
    ['617-555-0123 x 12', '12'],
    ['617-555-0123 #12', '12'],
    ['(617) 555-0123 extension 1234', '1234'],
  ])('%s → extension %s', (input, extension) => {
    expect(normalizePhone(input)).toEqual({
      ok: true,
      e164: '+16175550123',
      extension,
      vanity: false,
      serviceLine: false,
    });
  });
});

describe('normalizePhone: vanity numbers are dialled on the keypad', () => {
  it.each([
    // L=5 A=2 W=9, H=4 E=3 L=5 P=7 → 800-529-4357
    ['1-800-LAW-HELP', '+18005294357'],
    ['800-LAW-HELP', '+18005294357'],
    ['1-800-lawhelp', '+18005294357'],
    // F=3 A=2 I=4 R=7, D=3 E=3 B=2 T=8 → 888-324-7332
    ['1-888-FAIR-DEBT', '+18883247332'],
    // Letters past the tenth digit are not dialled: LAWYERS → 5299377, NOW dropped.
    ['1-800-LAWYERS-NOW', '+18005299377'],
    // An X inside the spelling is a letter (9), not the start of an extension "x0".
    ['1-200-ADG-WWX0', '+12002349990'],
  ])('%s → %s', (input, e164) => {
    expect(normalizePhone(input)).toEqual({ ok: true, e164, vanity: true, serviceLine: false });
  });

  it('maps every keypad letter and nothing else', () => {
    expect([...'ADGJMPTW'].map((letter) => keypadDigit(letter)).join('')).toBe('23456789');
    expect([...'CFILOSVZ'].map((letter) => keypadDigit(letter.toLowerCase())).join('')).toBe(
      '23456789',
    );
    expect(keypadDigit('1')).toBeUndefined();
    expect(keypadDigit('-')).toBeUndefined();
  });
});

describe('normalizePhone: a name that starts with a figure is not a vanity number', () => {
  // Written before running: a vanity number spells its line, never its area code, so a figure
  // followed by words (a San Francisco 211 agency, "7 NEWS CONSUMER LINE") is rejected.
  it.each([
    '7 NEWS CONSUMER LINE',
    '3 RIVERS COMMUNITY CENTER',
    '7 NEWS CONSUMER LINE 415',
    '1-TEL-LAW-HELP',
  ])('%s is not a number', (input) => {
    expect(normalizePhone(input)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/area code/),
    });
  });
  it.each([
    ['617 LAW HELP', '+16175294357'],
    ['(800) LAW-HELP', '+18005294357'],
    ['1 800 LAW HELP', '+18005294357'],
  ])('%s is still the vanity number %s', (input, e164) => {
    expect(normalizePhone(input)).toEqual({ ok: true, e164, vanity: true, serviceLine: false });
  });
});

describe('normalizePhone: service lines', () => {
  it.each(['211', '311', '411', '511', '711', '911', '988'])('%s', (line) => {
    expect(normalizePhone(line)).toEqual({
      ok: true,
      e164: line,
      vanity: false,
      serviceLine: true,
    });
  });

  it('is not a service line with a country code', () => {
    expect(normalizePhone('+1 211').ok).toBe(false);
  });
  it('is not a service line when it is some other three digits', () => {
    expect(normalizePhone('212').ok).toBe(false);
  });
});

describe('normalizePhone: rejects', () => {
  it.each([
    ['too few digits', '555-12', /has 5 digits/],
    ['nine digits', '617-555-012', /has 9 digits/],
    ['eleven digits not starting with 1', '617-555-01234', /has 11 digits/],
    ['twelve digits after +1', '+1 1 617 555 0123', /has 12 digits/],
    ['area code starting with 0', '(017) 555-0123', /cannot start with 0 or 1/],
    ['area code starting with 1', '(117) 555-0123', /cannot start with 0 or 1/],
    ['exchange starting with 0', '(617) 055-0123', /cannot start with 0 or 1/],
    ['exchange starting with 1', '(617) 155-0123', /cannot start with 0 or 1/],
    ['N11 area code', '(911) 555-0123', /service code/],
    ['UK number', '+44 20 7946 0958', /country code is not \+1/],
    ['French number', '+33 1 23 45 67 89', /country code is not \+1/],
    ['+2 before ten digits', '+2 617 555 0123', /country code is not \+1/],
    ['two letters mixed into digits', '1-800-AB-1234', /letters mixed/],
    ['a word after the number', '617-555-0123 main', /letters after the number/],
    [
      'an over-long extension is not an extension',
      '617-555-0123 ext. 12345678',
      /letters after the number/,
    ],
    ['a service line written as an area code', '(711) -', /written as an area code/],
    ['an area code reserved for expansion (N9X)', '(292) 555-0123', /does not exist/],
    ['a reserved 37X area code', '370-555-0123', /does not exist/],
    ['a reserved 96X area code', '+1 965 555 0123', /does not exist/],
    ['a character phones do not have', '617_555_0123', /characters/],
    ['empty', '', /empty/],
  ])('%s: %j', (_name, input, reason) => {
    const result = normalizePhone(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });
});

describe('normalizePhone is idempotent on its output', () => {
  it.each(['(617) 555-0123', '1-800-LAW-HELP', '+1 617 555 0123 ext. 5', '211', '1-888-FAIR-DEBT'])(
    '%s',
    (input) => {
      const once = normalizePhone(input);
      expect(once.ok).toBe(true);
      if (!once.ok) return;
      const twice = normalizePhone(once.e164);
      expect(twice.ok && twice.e164).toBe(once.e164);
    },
  );
});

describe('the numbering plan, and formatPhone', () => {
  it.each([
    ['6175550123', true],
    ['2125550123', true],
    ['0175550123', false],
    ['6171550123', false],
    ['4115550123', false],
    ['2925550123', false],
    ['3795550123', false],
    ['9605550123', false],
    ['9495550123', true],
  ])('%s is a North American number: %s', (digits, expected) => {
    expect(normalizePhone(digits).ok).toBe(expected);
  });

  it('formats E.164 for people and leaves service lines alone', () => {
    expect(formatPhone('+16175550123')).toBe('(617) 555-0123');
    expect(formatPhone('211')).toBe('211');
  });
});

describe('dashes', () => {
  // One dash class (PHONE_DASHES) for the normalizer, the extractor and the builder: a number a
  // word processor wrote with em dashes or minus signs is still the number.
  it.each(['617—555—0123', '617–555–0123', '617‐555‐0123', '617−555−0123'])('%s', (input) => {
    expect(normalizePhone(input)).toMatchObject({ ok: true, e164: '+16175550123' });
  });
});

describe('normalizePhone: what libphonenumber reads that we used to miss', () => {
  it.each([
    [
      'full-width digits and punctuation',
      '＋１　（６５０）　３３３－６０００',
      '+16503336000',
      undefined,
    ],
    ['a seven-digit extension', '(800) 901-3355 ext: 7246433', '+18009013355', '7246433'],
    [
      'an extension written "extension"',
      '(800) 901-3355 ,extension 7246433',
      '+18009013355',
      '7246433',
    ],
    ['the trunk 1 inside the parentheses', '(1800) 7493.524', '+18007493524', undefined],
    ['a doubled plus', '++1 (650) 333-6000', '+16503336000', undefined],
  ])('%s: %j', (_name, input, e164, extension) => {
    const result = normalizePhone(input);
    expect(result.ok && result.e164).toBe(e164);
    expect(result.ok && result.extension).toBe(extension);
  });

  it('keeps a service line written as its three digits', () => {
    expect(normalizePhone('711')).toEqual({
      ok: true,
      e164: '711',
      vanity: false,
      serviceLine: true,
    });
    expect(normalizePhone(' 988 ')).toMatchObject({ ok: true, e164: '988' });
  });
});
