import { describe, expect, it } from 'vitest';
import {
  cleanOrgName,
  foldToken,
  isAmbiguousName,
  orgKey,
  tokenize,
} from '../../src/normalize/name.js';

describe('orgKey: one key for every way a name is written', () => {
  it.each([
    ['case', 'GREATER BOSTON LEGAL SERVICES', 'greater boston legal services'],
    [
      'extra spaces and a line break',
      'Greater  Boston\nLegal Services',
      'greater boston legal services',
    ],
    ['accents', 'Café Justicia Élan', 'cafe justicia elan'],
    ['straight apostrophe', "People's Law School", 'peoples law school'],
    ['curly apostrophe', 'People’s Law School', 'peoples law school'],
    ['no apostrophe', 'Peoples Law School', 'peoples law school'],
    ['ampersand', 'Bench & Bar Clinic', 'bench and bar clinic'],
    ['ampersand glued', 'Bench&Bar Clinic', 'bench and bar clinic'],
    ['"and" spelled out', 'Bench and Bar Clinic', 'bench and bar clinic'],
    ['hyphen is a separator', 'Legal-Aid Society', 'legal aid society'],
    ['punctuation is a separator', 'Legal Aid, Inc.', 'legal aid inc'],
    ['digits are word characters', 'Local 32BJ Legal', 'local 32bj legal'],
    ['compatibility forms fold', 'ＧＢＬＳ', 'gbls'],
  ])('%s', (_name, input, key) => {
    expect(orgKey(input)).toBe(key);
  });

  it('keeps different names apart', () => {
    expect(orgKey('Legal Aid')).not.toBe(orgKey('Paralegal Aide'));
    expect(orgKey('Legal Aid')).not.toBe(orgKey('LegalAid'));
  });
});

describe('orgKey is idempotent', () => {
  it.each([
    'Greater Boston Legal Services',
    'People’s Law School',
    'Café & Bar',
    '⅐ Fund',
    'ℌousing Help',
    'İstanbul Legal',
    'ﬁnance ﬂat',
    '①st Legal',
  ])('%j', (name) => {
    const key = orgKey(name);
    expect(key.length).toBeGreaterThan(0);
    expect(orgKey(key)).toBe(key);
  });
});

describe('tokenize', () => {
  it('keeps each token as written, folded, and where it stands', () => {
    const text = 'See  People’s & Café';
    const tokens = tokenize(text);
    expect(tokens.map((token) => [token.raw, token.norm])).toEqual([
      ['See', 'see'],
      ['People’s', 'peoples'],
      ['&', 'and'],
      ['Café', 'cafe'],
    ]);
    for (const token of tokens) expect(text.slice(token.start, token.end)).toBe(token.raw);
  });

  it('does not join words across a lone apostrophe or quote', () => {
    expect(tokenize("the 'Legal' Aid").map((token) => token.raw)).toEqual(['the', 'Legal', 'Aid']);
  });

  it('finds no tokens in punctuation', () => {
    expect(tokenize(' -- ... ,, ')).toEqual([]);
  });

  it('folds a single token', () => {
    expect(foldToken('ÉLAN')).toBe('elan');
    expect(foldToken('&')).toBe('and');
    expect(foldToken('GBLS')).toBe('gbls');
  });
});

describe('isAmbiguousName: names that are also ordinary words are matched case-sensitively', () => {
  it.each([
    // Rule 1: a single word of five letters or fewer.
    ['LAF', true],
    ['Help', true],
    ['Nolo', true],
    ['Mass', true],
    // Rule 2: capitals only (an acronym), up to eight letters.
    ['GBLS', true],
    ['MLRI', true],
    ['MA DTA', true],
    // Rule 3: only common words.
    ['Legal Aid', true],
    ['Land Court', true],
    ['Housing Help', true],
    ['Community Legal Aid', true],
    ['Justice', true],
    // Everything else matches in any case.
    ['Greater Boston Legal Services', false],
    ['Boston Municipal Court', false],
    ['Massachusetts Law Reform Institute', false],
    ['MassLegalHelp', false],
    ['MASSLEGALHELP', false],
    ['Legal Aid Society of Boston', false],
    ['Nolo Press', false],
    // Nothing to match at all: treat as ambiguous (never match loosely).
    ['', true],
    // `&` reads as "and", itself a common word.
    ['Legal Aid & Defender', true],
    ['Bench & Bar Clinic', true],
    // Issue 14: ordinary English from a real word-frequency list, legal-form suffixes included.
    ['Concern', true],
    ['Family Connections', true],
    ['Creative Options', true],
    ['Recovery, Inc.', true],
    ['Arc of Baltimore, The', false],
    ['House of Ruth Maryland', false],
    ['Clearpoint Financial Solutions, Inc.', false],
  ])('%j → %s', (name, expected) => {
    expect(isAmbiguousName(name)).toBe(expected);
  });
});

describe('cleanOrgName', () => {
  it('trims and collapses whitespace, keeping case', () => {
    expect(cleanOrgName('  Greater\tBoston \n Legal  Services ')).toBe(
      'Greater Boston Legal Services',
    );
  });
});
