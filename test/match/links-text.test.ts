import { beforeAll, describe, expect, it } from 'vitest';
import type { AllowlistIndex } from '../../src/match/index.js';
import { verifyAnswer } from '../../src/verify.js';
import { directoryIndex, HUD } from '../helpers/directories.js';
import type { Report } from '../../src/types.js';

// Issue 22, item 1: a link is its target; its text is evidence about it. Real rows: the HUD
// housing counselors directory (test/fixtures/hud-counselors/SOURCE.md: U.S. government work),
// built as a user would (`--url-column Website`, domains derived). Expectations written first.
let index: AllowlistIndex;
beforeAll(async () => {
  index = await directoryIndex(HUD);
});

const buckets = (report: Report): string[] =>
  report.links.map((link) => `${link.finding.normalized} ${link.bucket}`);

describe('text and target that disagree, where the target has standing of its own: not invented', () => {
  it.each([
    [
      'the text misspells the listed site (bullets, bold name)',
      '- **Virginia Housing Development Authority**: [www.vhda.org](https://www.vhda.com/homebuyers)',
      'https://vhda.com/homebuyers directory',
    ],
    [
      "a city's old domain as text, its registered .gov as target (numbered list)",
      '1. San Francisco Rent Board: [www.sfgov.org/rentboard](https://sf.gov/departments/rent-board)',
      'https://sf.gov/departments/rent-board unverified',
    ],
    [
      'a registered .gov target under a listed site text (table)',
      '| Agency | Site |\n| --- | --- |\n| Richmond | [www.ulhr.org](https://www.rva.gov/housing) |',
      'https://rva.gov/housing unverified',
    ],
    [
      'one body, the same name under another suffix, neither listed (heading)',
      '## Legal help\nSee [lrcl.com](https://www.lrcl.org/help).',
      'https://lrcl.org/help unverified',
    ],
  ])('%s', (_name, answer, expected) => {
    const report = verifyAnswer(answer, index);
    expect(buckets(report)).toEqual([expected]);
    expect(report.pass).toBe(true);
  });
});

describe('text and target that disagree, where the target has no standing: invented, counted once', () => {
  it.each([
    [
      'a listed site as text, its brand plus a word as target (bullets)',
      '- **Quin Rivers, Inc.**: [www.quinrivers.org](https://quinrivers-help.org/apply)',
      'https://quinrivers-help.org/apply',
      'link.invented.label-mismatch',
    ],
    [
      'a listed site as text, an unrelated site as target (numbered list)',
      '1. Telamon Corporation: [www.telamon.org](https://evil-site.com/x)',
      'https://evil-site.com/x',
      'link.invented.label-mismatch',
    ],
    [
      'a placeholder target (table)',
      '| Agency | Site |\n| --- | --- |\n| STOP | [www.stopinc.org](https://example.com/stop) |',
      'https://example.com/stop',
      'link.invented.placeholder',
    ],
    [
      'an unregistered .gov target (heading)',
      '### VHDA\nApply at [www.vhda.com](https://vhda.gov/apply).',
      'https://vhda.gov/apply',
      'link.invented.unregistered-gov',
    ],
    [
      'a homoglyph of the listed domain as target (markdown link in prose)',
      'Apply at [www.sercap.org](https://www.sеrcap.org/apply).',
      /^https:\/\/xn--/,
      'link.invented.label-mismatch',
    ],
  ] as const)('%s', (_name, answer, target: string | RegExp, code) => {
    const report = verifyAnswer(answer, index);
    // One link: its text is not a second, directory, link that would lift the score to 0.5.
    expect(report.links.map((link) => link.bucket)).toEqual(['invented']);
    expect(report.links[0]!.finding.normalized).toMatch(target);
    expect(report.links[0]!.code).toBe(code);
    expect(report.linkScore).toBe(0);
    expect(report.pass).toBe(false);
  });
});

describe('each link counted once', () => {
  it('a link whose text is its own address is one link', () => {
    const report = verifyAnswer('[https://www.vhda.com](https://www.vhda.com)', index);
    expect(buckets(report)).toEqual(['https://vhda.com directory']);
    expect(report.links[0]!.finding.form).toBe('markdown');
  });

  it('a bare address beside a markdown link is still its own link', () => {
    const report = verifyAnswer(
      'See www.ulhr.org or [the agency](https://www.telamon.org).',
      index,
    );
    expect(buckets(report)).toEqual([
      'https://ulhr.org directory',
      'https://telamon.org directory',
    ]);
  });
});
