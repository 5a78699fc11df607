import { LinkifyIt } from 'linkify-it';
import { buildIndex, type AllowlistIndex } from '../../src/match/index.js';
import { parseAllowlist } from '../../src/allowlist/schema.js';
import { extractLinks } from '../../src/extract/links.js';
import { verifyAnswer } from '../../src/verify.js';
import type { Corpus } from '../lib/corpus.js';
import { allowlistFile, type GeneratedOrg } from '../lib/generate.js';
import { keep, mbPerSecond, summarize, timePair, type Timing } from '../lib/measure.js';
import { createNaiveVerifier } from '../lib/naive.js';
import type { Row, SectionResult } from '../lib/report.js';

export const DIRECTORY_SIZES = [100, 10_000, 100_000] as const;

export interface VerifyContext {
  orgs: readonly GeneratedOrg[];
  corpus: Corpus;
  quick: boolean;
  log: (line: string) => void;
}

export interface VerifySection extends SectionResult {
  /** Built indexes by directory size, reused by the hostile-input section. */
  indexes: Map<number, AllowlistIndex>;
}

function runCorpus(answers: readonly string[], index: AllowlistIndex): number {
  let total = 0;
  for (const answer of answers) total += verifyAnswer(answer, index).score;
  return total;
}

function bytesOf(answers: readonly string[]): number {
  return answers.reduce((sum, answer) => sum + Buffer.byteLength(answer, 'utf8'), 0);
}

/**
 * Verify throughput by directory size (rounds interleaved across sizes, so machine load affects
 * every size alike), the naive baseline at 10,000 organizations, and link extraction against
 * linkify-it, all on the same corpus in the same run.
 */
/**
 * The index of the first `size` generated organizations, with its lookalike index built: that one
 * is built lazily on the first unlisted link, and no timed round should pay for it (its cost
 * belongs to loading, reported in the load section).
 */
export function buildGeneratedIndex(
  orgs: readonly GeneratedOrg[],
  size: number,
  log: (line: string) => void,
): AllowlistIndex {
  const started = performance.now();
  const index = buildIndex(
    parseAllowlist(allowlistFile(orgs.slice(0, size)), `generated-${size}.json`),
  );
  index.lookalikes();
  log(
    `  indexed ${size.toLocaleString('en-US')} organizations in ${(performance.now() - started).toFixed(0)} ms`,
  );
  return index;
}

export function runVerifySection(context: VerifyContext): VerifySection {
  const { orgs, corpus, quick, log } = context;
  const rows: Row[] = [];
  const targets: SectionResult['targets'] = [];
  const indexes = new Map<number, AllowlistIndex>();
  for (const size of DIRECTORY_SIZES) indexes.set(size, buildGeneratedIndex(orgs, size, log));

  // 1. Throughput by directory size, interleaved.
  const rounds = quick ? 3 : 7;
  const samples = new Map<number, number[]>(DIRECTORY_SIZES.map((size) => [size, []]));
  for (const size of DIRECTORY_SIZES) keep(runCorpus(corpus.answers, indexes.get(size)!));
  for (let round = 0; round < rounds; round++) {
    for (const size of DIRECTORY_SIZES) {
      const start = performance.now();
      keep(runCorpus(corpus.answers, indexes.get(size)!));
      samples.get(size)!.push(performance.now() - start);
    }
  }
  const bySize = new Map<number, Timing>(
    DIRECTORY_SIZES.map((size) => [size, summarize(samples.get(size)!)]),
  );
  const base = bySize.get(100)!;
  for (const size of DIRECTORY_SIZES) {
    const timing = bySize.get(size)!;
    rows.push({
      id: `verify.throughput.${size}`,
      figure: `verify, ${size.toLocaleString('en-US')} orgs`,
      value: `${mbPerSecond(corpus.bytes, timing.medianMs).toFixed(2)} MB/s, ${Math.round((corpus.answers.length / timing.medianMs) * 1000).toLocaleString('en-US')} answers/s`,
      baseline: size === 100 ? '' : '100 orgs',
      ratio: size === 100 ? '' : `${(base.medianMs / timing.medianMs).toFixed(2)}×`,
      detail: `${corpus.answers.length} answers, ${(corpus.bytes / 1e6).toFixed(3)} MB, median of ${timing.rounds} rounds: ${timing.medianMs.toFixed(1)} ms (min ${timing.minMs.toFixed(1)}, max ${timing.maxMs.toFixed(1)})`,
      data: {
        ms: timing,
        mbPerSecond: mbPerSecond(corpus.bytes, timing.medianMs),
        answersPerSecond: (corpus.answers.length / timing.medianMs) * 1000,
      },
    });
  }
  const growth = base.medianMs / bySize.get(100_000)!.medianMs;
  targets.push({
    id: 'verify.scale',
    name: 'throughput at 100,000 orgs ≥ 0.5× at 100',
    pass: growth >= 0.5,
    actual: `${growth.toFixed(2)}×`,
  });

  // 2. The naive baseline at 10,000 organizations, on a subset (it is slow by design), paired
  //    round by round with the real verifier on the same subset.
  const subset = corpus.answers.filter((_, i) => i % (quick ? 12 : 6) === 0);
  const subsetBytes = bytesOf(subset);
  const file10k = allowlistFile(orgs.slice(0, 10_000));
  const naive = createNaiveVerifier(file10k);
  const index10k = indexes.get(10_000)!;
  const orgsOurs = subset.reduce(
    (sum, answer) => sum + verifyAnswer(answer, index10k).organizations.length,
    0,
  );
  const orgsNaive = subset.reduce(
    (sum, answer) => sum + naive.verify(answer).organizations.length,
    0,
  );
  const [ours, naiveTiming] = timePair(
    () => runCorpus(subset, index10k),
    () => subset.reduce((sum, answer) => sum + naive.verify(answer).score, 0),
    { warmup: 1, rounds: quick ? 2 : 3 },
  );
  const naiveRatio = naiveTiming.medianMs / ours.medianMs;
  rows.push({
    id: 'verify.naive.10000',
    figure: 'verify vs naive, 10,000 orgs',
    value: `${mbPerSecond(subsetBytes, ours.medianMs).toFixed(2)} MB/s (naive ${mbPerSecond(subsetBytes, naiveTiming.medianMs).toFixed(3)} MB/s)`,
    baseline: 'naive: RegExp per name, linear list scans',
    ratio: `${naiveRatio.toFixed(1)}×`,
    detail: `${subset.length} answers, ${(subsetBytes / 1e6).toFixed(3)} MB; ours ${ours.medianMs.toFixed(1)} ms, naive ${naiveTiming.medianMs.toFixed(1)} ms (median of ${ours.rounds}); ${naive.patterns.toLocaleString('en-US')} regular expressions; organizations found: ours ${orgsOurs}, naive ${orgsNaive} (naive also counts names inside longer names)`,
    data: {
      ours,
      naive: naiveTiming,
      answers: subset.length,
      bytes: subsetBytes,
      orgsOurs,
      orgsNaive,
    },
  });
  targets.push({
    id: 'verify.naive',
    name: 'verify at 10,000 orgs ≥ 20× the naive baseline',
    pass: naiveRatio >= 20,
    actual: `${naiveRatio.toFixed(1)}×`,
  });

  // 3. Link extraction against linkify-it with fuzzy (scheme-less) links on.
  const linkify = new LinkifyIt({ fuzzyLink: true });
  const foundOurs = corpus.answers.reduce((sum, answer) => sum + extractLinks(answer).length, 0);
  // The links linkify-it finds in the whole corpus: counted once here, timed in two pairings below.
  const linkifyAll = (): number =>
    corpus.answers.reduce((sum, answer) => sum + (linkify.match(answer)?.length ?? 0), 0);
  const foundLinkify = linkifyAll();
  const [extractOurs, extractLinkify] = timePair(
    () => corpus.answers.reduce((sum, answer) => sum + extractLinks(answer).length, 0),
    linkifyAll,
    { warmup: 2, rounds: quick ? 3 : 7 },
  );
  const linkRatio = extractLinkify.medianMs / extractOurs.medianMs;
  rows.push({
    id: 'extract.links.linkify',
    figure: 'link extraction vs linkify-it',
    value: `${mbPerSecond(corpus.bytes, extractOurs.medianMs).toFixed(1)} MB/s (linkify-it ${mbPerSecond(corpus.bytes, extractLinkify.medianMs).toFixed(1)} MB/s)`,
    baseline: 'linkify-it 6.1.0, fuzzyLink on',
    ratio: `${linkRatio.toFixed(2)}×`,
    detail: `whole corpus; ours ${extractOurs.medianMs.toFixed(1)} ms, linkify-it ${extractLinkify.medianMs.toFixed(1)} ms (median of ${extractOurs.rounds}); links found: ours ${foundOurs}, linkify-it ${foundLinkify}`,
    data: { ours: extractOurs, linkify: extractLinkify, foundOurs, foundLinkify },
  });
  targets.push({
    id: 'extract.linkify',
    name: 'link extraction ≥ 3× linkify-it (fuzzy links on)',
    pass: linkRatio >= 3,
    actual: `${linkRatio.toFixed(2)}×`,
  });

  // 4. The anchor: verify (100 orgs) as a multiple of linkify-it finding the links alone, on the
  //    same answers, paired round by round. linkify-it does strictly less work and does not move
  //    with our code, so a slower verifier shows here even when every ratio between our own runs holds.
  const index100 = indexes.get(100)!;
  const [anchorOurs, anchorLinkify] = timePair(
    () => runCorpus(corpus.answers, index100),
    linkifyAll,
    { warmup: 1, rounds: quick ? 3 : 7 },
  );
  const anchor = anchorLinkify.medianMs / anchorOurs.medianMs;
  rows.push({
    id: 'verify.anchor.linkify',
    figure: 'verify, 100 orgs, vs linkify-it links only',
    value: `${mbPerSecond(corpus.bytes, anchorOurs.medianMs).toFixed(2)} MB/s (linkify-it ${mbPerSecond(corpus.bytes, anchorLinkify.medianMs).toFixed(1)} MB/s)`,
    baseline: 'linkify-it 6.1.0 match(), fuzzyLink on',
    ratio: `${anchor.toFixed(3)}×`,
    detail: `whole corpus, paired rounds, medians of ${anchorOurs.rounds}: verify ${anchorOurs.medianMs.toFixed(1)} ms, linkify-it ${anchorLinkify.medianMs.toFixed(1)} ms; an anchor, no target (\`--against REF\` compares two trees)`,
    data: { ours: anchorOurs, linkify: anchorLinkify },
  });

  return { name: 'verify', rows, targets, indexes };
}
