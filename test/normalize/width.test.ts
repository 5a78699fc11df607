import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verbatimTokens } from '../../src/chunks/unicode.js';
import { extractFacts } from '../../src/chunks/facts/index.js';
import { parseIds, markerContext } from '../../src/chunks/markers.js';
import { parseChunks } from '../../src/chunks/parse.js';
import { foldPhoneText } from '../../src/normalize/phone.js';
import { halfWidth, WIDTH_FORMS } from '../../src/normalize/width.js';

// One full-width normalizer for the phone extractor, the builder's cells and the chunk check's
// figures, quotations and marker ids: one mapping, each reader naming which forms it folds.
const FULL =
  '！＂＃＄％＆＇（）＊＋，－．／０１２３４５６７８９：；＜＝＞？＠ＡＺ［＼］＾＿｀ａｚ｛｜｝～';
const ASCII = '!"#$%&\'()*+,-./0123456789:;<=>?@AZ[\\]^_`az{|}~';

describe('halfWidth', () => {
  it('reads every full-width form of ASCII, and the ideographic space, as ASCII', () => {
    expect(halfWidth(FULL)).toBe(ASCII);
    expect(halfWidth('電話\u3000１２３')).toBe('電話 123');
    // Every code point of the block, computed rather than typed.
    for (let code = 0xff01; code <= 0xff5e; code += 1)
      expect(halfWidth(String.fromCharCode(code))).toBe(String.fromCharCode(code - 0xfee0));
  });

  it.each([
    ['figure', '１２．５％，＄３：', '12.5%，$3：'],
    ['digit', '［１，２］．', '［1，2］．'],
    ['phone', '＋１\u3000（６５０）５５５－０１２３．／：', '+1 (650)555-0123./：'],
  ] as const)('folds only the %s forms', (forms, text, folded) => {
    expect(halfWidth(text, WIDTH_FORMS[forms])).toBe(folded);
  });

  it('keeps every offset (one code unit for one), is idempotent, and returns ASCII text itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const folded = halfWidth(text);
        expect(folded.length).toBe(text.length);
        expect(halfWidth(folded)).toBe(folded);
        for (const forms of Object.values(WIDTH_FORMS))
          expect(halfWidth(text, forms).length).toBe(text.length);
      }),
    );
    const plain = 'Tenants have 14 days.';
    expect(halfWidth(plain)).toBe(plain);
  });

  it('is what every reader folds with', () => {
    expect(foldPhoneText('（６１７）\u3000５５５－０１２３')).toBe('(617) 555-0123');
    expect(verbatimTokens('Ｄａｙｓ：').map((token) => token.norm)).toEqual(['days', ':']);
    const [fact] = extractFacts('租金上涨了１２．５％', 'claim');
    expect(fact?.keys).toEqual(extractFacts('租金上涨了12.5%', 'claim')[0]?.keys);
    // A full-width comma separates clauses in CJK text: `１，２` is two numbers, as `1，2` is.
    expect(extractFacts('１，２', 'chunk').length).toBe(2);
    const context = markerContext(parseChunks(['a', 'b', 'c']));
    expect(parseIds('１，３', context)).toEqual(parseIds('1，3', context));
  });
});
