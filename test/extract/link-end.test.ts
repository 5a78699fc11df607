import { describe, expect, it } from 'vitest';
import {
  hostEndsInUnderscore,
  scanBody,
  trimEnd,
  trimHostEnd,
} from '../../src/extract/link-end.js';

/** The link `extractLinks` would cut from `text` starting at 0: the body, then the trimmed end. */
const cutFrom = (text: string): string => text.slice(0, trimEnd(text, 0, scanBody(text, 0)));

describe('where a link ends', () => {
  it.each([
    ['https://a.org/x. Next sentence', 'https://a.org/x'],
    ['https://a.org/x), and more', 'https://a.org/x'],
    ['https://en.wikipedia.org/wiki/Foo_(law) and', 'https://en.wikipedia.org/wiki/Foo_(law)'],
    ['https://a.org/blah_[other] x', 'https://a.org/blah_[other]'],
    ['https://a.org/x" rel', 'https://a.org/x'],
    ['https://a.org/x** bold', 'https://a.org/x'],
    ["https://a.org/'quoted' x", "https://a.org/'quoted'"],
    ['https://a.org/x)[b](https://b.org)', 'https://a.org/x'],
    ['https://a.org/x「', 'https://a.org/x'],
  ])('%s → %s', (text, link) => {
    expect(cutFrom(text)).toBe(link);
  });

  it('a host-like run loses trailing dots and hyphens', () => {
    expect(trimHostEnd('mass.gov.-', 0, 10)).toBe(8);
  });

  it('a host ending in an underscore is no host', () => {
    expect(hostEndsInUnderscore('example.com_/x', 0, 14)).toBe(true);
    expect(hostEndsInUnderscore('example.com/x_', 0, 14)).toBe(false);
  });

  it('an unclosed bracket ends the link', () => {
    expect(scanBody(`https://a.org/${'['.repeat(1000)}`, 0)).toBe(14);
    expect(scanBody('https://a.org/x{id x}', 0)).toBe(15);
  });
});
