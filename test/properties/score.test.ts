import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LinkFinding, PhoneFinding } from '../../src/extract/types.js';
import {
  LINK_BUCKETS,
  PHONE_STATUSES,
  type LinkVerdict,
  type PhoneVerdict,
} from '../../src/types.js';
import { BUCKET_SCORES } from '../../src/defaults.js';
import { scoreReport } from '../../src/score.js';
import { verifyAnswer } from '../../src/verify.js';
import { directoryIndex } from './fixtures.js';
import { anyText, runs, timeout } from './support.js';
import { linkCodeOf, phoneCodeOf } from '../helpers/codes.js';

function linkVerdict(bucket: LinkVerdict['bucket'], n: number): LinkVerdict {
  const finding: LinkFinding = {
    kind: 'link',
    raw: `https://site${n}.org`,
    normalized: `https://site${n}.org`,
    host: `site${n}.org`,
    form: 'scheme',
    start: 0,
    end: 1,
  };
  return {
    finding,
    bucket,
    score: BUCKET_SCORES[bucket],
    code: linkCodeOf(bucket),
    reason: 'generated',
  };
}

function phoneVerdict(status: PhoneVerdict['status'], n: number): PhoneVerdict {
  const finding: PhoneFinding = {
    kind: 'phone',
    raw: String(n),
    normalized: `+1617555${String(n % 10_000).padStart(4, '0')}`,
    vanity: false,
    serviceLine: false,
    start: 0,
    end: 1,
  };
  return { finding, owners: [], status, code: phoneCodeOf(status), reason: 'generated' };
}

const linksArb = fc
  .array(fc.constantFrom(...LINK_BUCKETS), { maxLength: 12 })
  .map((buckets) => buckets.map((bucket, i) => linkVerdict(bucket, i)));
const phonesArb = fc
  .array(fc.tuple(fc.constantFrom(...PHONE_STATUSES), fc.nat({ max: 5 })), { maxLength: 8 })
  .map((list) => list.map(([status, n]) => phoneVerdict(status, n)));
const thresholdArb = fc.double({ min: 0, max: 1, noNaN: true });

/** Links the fixture directory lists, and ones that can never be real. */
const DIRECTORY_LINKS = [
  'https://masslegalhelp.org/housing',
  'https://gbls.org/get-help',
  'https://www.mass.gov/orgs/housing-court',
  'lawhelp.org/find-help',
];
const INVENTED_LINKS = [
  'https://example.com/eviction-help',
  'https://192.168.1.20/forms',
  'https://masslegalhe1p.org/housing',
  'https://mass.gov.help-center.com/boston',
  'https://legal-aid.invalid/x',
  'http://localhost:3000/help',
];

describe('score', () => {
  it(
    'is always in [0, 1] with four decimals, and pass needs score > threshold and no fatal link',
    () => {
      fc.assert(
        fc.property(linksArb, phonesArb, thresholdArb, (links, phones, threshold) => {
          const result = scoreReport(links, phones, threshold);
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(1);
          expect(result.linkScore).toBeGreaterThanOrEqual(0);
          expect(result.linkScore).toBeLessThanOrEqual(1);
          expect(Math.round(result.score * 10_000) / 10_000).toBe(result.score);
          // Written out, not isFatalBucket: broken, invented, and (by default) wrong_jurisdiction.
          const fatal = links.some(
            (link) =>
              link.bucket === 'broken' ||
              link.bucket === 'invented' ||
              link.bucket === 'wrong_jurisdiction',
          );
          expect(result.pass).toBe(result.score > threshold && !fatal);
        }),
        runs(500),
      );
    },
    timeout(5_000),
  );

  it(
    'adding a directory link never lowers it; adding an invented link always fails',
    () => {
      fc.assert(
        fc.property(linksArb, phonesArb, thresholdArb, (links, phones, threshold) => {
          const before = scoreReport(links, phones, threshold);
          const withDirectory = scoreReport(
            [...links, linkVerdict('directory', 999)],
            phones,
            threshold,
          );
          expect(withDirectory.score).toBeGreaterThanOrEqual(before.score);
          expect(
            scoreReport([...links, linkVerdict('invented', 998)], phones, threshold).pass,
          ).toBe(false);
        }),
        runs(500),
      );
    },
    timeout(5_000),
  );

  it(
    'on verified answers: in [0, 1]; a directory link appended never lowers it; an invented one fails it',
    () => {
      const index = directoryIndex();
      fc.assert(
        fc.property(
          anyText,
          fc.constantFrom(...DIRECTORY_LINKS),
          fc.constantFrom(...INVENTED_LINKS),
          fc.constantFrom('\n\nSee ', '\n\nSources:\n- ', ' (see '),
          (text, directoryLink, inventedLink, joint) => {
            const report = verifyAnswer(text, index);
            expect(report.score).toBeGreaterThanOrEqual(0);
            expect(report.score).toBeLessThanOrEqual(1);
            const withDirectory = verifyAnswer(`${text}${joint}${directoryLink}`, index);
            expect(withDirectory.score, `${text}${joint}${directoryLink}`).toBeGreaterThanOrEqual(
              report.score,
            );
            const withInvented = verifyAnswer(`${text}${joint}${inventedLink}`, index);
            expect(withInvented.pass, `${text}${joint}${inventedLink}`).toBe(false);
            expect(withInvented.links.some((link) => link.bucket === 'invented')).toBe(true);
          },
        ),
        runs(300),
      );
    },
    timeout(15_000),
  );
});
